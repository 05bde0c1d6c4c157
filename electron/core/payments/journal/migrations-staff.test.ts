import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createTransactions } from '../../sqlite/database.ts';
import { tempFolder } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { insertPaidWithCheckingRefund } from './migrations.test-helper.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations/index.ts';

// Schema 14 brought forward from a schema-13 file with rows: who took, cancelled, refunded and approved each
// record, and the shifts.

describe('journal schema 14: people and shifts', () => {
  it('keeps a schema-13 file’s payments, refunds and cancels as nobody’s and in no shift; new ones record both', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    old.exec('PRAGMA foreign_keys = ON');
    migrate(old, createTransactions(old).atomically, 13);
    insertPaidWithCheckingRefund(old, 'TILL01-20261120-BEFORE01');
    old.exec(`
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        provider_status, local_day, created_at, updated_at, register_key, register_key_id)
      VALUES ('TILL01-20261120-REGISTER', 'merchant-qr', 2000, 'SGD', 'POS-1', 'key-2', 'final', 'cancelled', 'CANCELLED',
        '2026-11-20', 1763600002000, 1763600002000, 'Front', 'legacy:Front');
      INSERT INTO cancels (cancel_id, reference_id, idempotency_key, state, outcome, created_at, updated_at)
      VALUES ('TILL01-20261120-REGISTER-C1', 'TILL01-20261120-REGISTER', 'ck-1', 'done', 'cancelled', 1763600003000, 1763600003000);
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC', now: () => Date.parse('2026-11-21T03:00:00.000Z') });
    try {
      expect(journal.getAttempt('TILL01-20261120-BEFORE01')).toMatchObject({ takenBy: null, shiftId: null });
      expect(journal.refundsOf('TILL01-20261120-BEFORE01')[0]).toMatchObject({
        amountMinor: 300,
        state: 'checking',
        refundedBy: null,
        approvedBy: null,
        shiftId: null,
      });
      expect(journal.viewOf('TILL01-20261120-REGISTER')).toMatchObject({
        displayStatus: 'cancelled',
        takenBy: null,
        cancelledBy: null,
        fromRegister: { keyName: 'Front' },
      });
      expect(journal.shifts.current()).toBeNull();

      const shift = journal.shifts.open({ openedBy: { id: 'alice', name: 'Alice Tan' }, note: null });
      expect(shift).toMatchObject({ number: 1, localDay: '2026-11-21', openedBy: { id: 'alice', name: 'Alice Tan' } });
      const referenceId = journal.newReferenceId('TILL01');
      const recorded = journal.recordAttempt({
        referenceId,
        method: 'merchant-qr',
        amount: { amountMinor: 700, currency: 'SGD' },
        posId: 'POS-1',
        takenBy: { id: 'alice', name: 'Alice Tan' },
      });
      expect(recorded.shiftId).toBe(shift.shiftId);
      expect(journal.viewOf(referenceId)?.takenBy).toEqual({ id: 'alice', name: 'Alice Tan' });
      const cancelRow = journal.recordCancel(referenceId, { cancelledBy: { id: 'bob', name: 'Bob Lim' } });
      expect(journal.getCancel(cancelRow.cancelId)).toMatchObject({
        cancelledBy: { id: 'bob', name: 'Bob Lim' },
        shiftId: shift.shiftId,
      });
      // The earlier refund in doubt keeps the shift from closing until a supervisor forces it.
      expect(() => journal.shifts.close({ closedBy: null, force: false, currency: 'SGD' })).toThrow(
        expect.objectContaining({ code: 'shift.payments-open' }),
      );
    } finally {
      journal.close();
    }

    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(check.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      // One shift open at a time; a shift's id names a real shift; shifts are never deleted.
      expect(() =>
        check.exec(
          `INSERT INTO shifts (shift_id, number, local_day, opened_at) VALUES ('SHIFT-2-OTHER', 2, '2026-11-21', 1)`,
        ),
      ).toThrow(/UNIQUE/);
      check.exec('PRAGMA foreign_keys = ON');
      expect(() =>
        check.exec(
          "UPDATE payment_attempts SET shift_id = 'SHIFT-9-NOWHERE' WHERE reference_id = 'TILL01-20261120-BEFORE01'",
        ),
      ).toThrow(/FOREIGN KEY/);
      expect(() => check.exec('DELETE FROM shifts')).toThrow(/never deleted/);
    } finally {
      check.close();
    }
  });
});
