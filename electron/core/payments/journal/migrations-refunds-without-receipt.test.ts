import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createTransactions } from '../../sqlite/database.ts';
import { tempFolder } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { insertPaidWithCheckingRefund } from './migrations.test-helper.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations/index.ts';

// Schema 15 brought forward from a schema-14 file with a refund: the refunds made before were made with the
// receipt; a refund found without it is recorded so, and the column takes nothing but 0 or 1.

describe('journal schema 15: refunds found without the receipt', () => {
  it('keeps older refunds as made with the receipt; records a new one found without it', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    old.exec('PRAGMA foreign_keys = ON');
    migrate(old, createTransactions(old).atomically, 14);
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-BEFORE01');
    old
      .prepare(
        `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
         provider_status, local_day, created_at, updated_at)
       VALUES ('TILL01-20261120-SECOND01', 'merchant-qr', 500, 'SGD', 'POS-1', 'key-2', 'final', 'paid', 'CAPTURED', '2026-11-20',
         1763600002000, 1763600002000)`,
      )
      .run();
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC', now: () => Date.parse('2026-11-21T03:00:00.000Z') });
    try {
      expect(journal.refundsOf('TILL01-20261120-BEFORE01')[0]).toMatchObject({ foundWithoutReceipt: false });
      const refund = journal.recordRefund('TILL01-20261120-SECOND01', {
        amountMinor: 200,
        reason: 'No receipt',
        foundWithoutReceipt: true,
      });
      expect(refund.foundWithoutReceipt).toBe(true);
      expect(journal.detailOf('TILL01-20261120-SECOND01')?.refunds[0]).toMatchObject({ foundWithoutReceipt: true });
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(() => check.exec('UPDATE refunds SET found_without_receipt = 2')).toThrow(/CHECK/);
    } finally {
      check.close();
    }
  });
});
