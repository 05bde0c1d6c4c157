import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createTransactions } from '../../sqlite/database.ts';
import { schemaVersion } from '../../sqlite/migrations.ts';
import { tempFolder } from './journal-fixture.test-helper.ts';
import { journalFileIn, openJournal } from './journal.ts';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations/index.ts';

// Schema 16 brought forward from a schema-15 file: a register's payment from before has no lines; lines written
// now are read back in order, and a row whose amount is not quantity × unit cannot be written at all.

describe('journal schema 16: a register sale’s lines', () => {
  it('gives a schema-15 file the lines table; old payments have none, new lines read back in order', () => {
    const filePath = journalFileIn(tempFolder());
    const old = new DatabaseSync(filePath);
    migrate(old, createTransactions(old).atomically, 15);
    old.exec(`
      INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
        provider_status, local_day, created_at, updated_at, register_key, register_key_id)
      VALUES ('TILL01-20261120-REGISTER', 'merchant-qr', 1234, 'SGD', 'POS-1', 'key-2', 'final', 'paid', 'CAPTURED',
        '2026-11-20', 1763600002000, 1763600002000, 'Front', 'legacy:Front');
    `);
    old.close();

    const journal = openJournal({ filePath, timeZone: 'UTC', now: () => Date.parse('2026-11-21T03:00:00.000Z') });
    try {
      expect(journal.viewOf('TILL01-20261120-REGISTER')?.lines).toBeUndefined();
      const lines = [
        { description: 'Kopi C', quantity: 1, unitMinor: 734, amountMinor: 734 },
        { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
      ];
      journal.atomically(() => journal.register.recordLines('TILL01-20261120-REGISTER', lines));
      expect(journal.viewOf('TILL01-20261120-REGISTER')?.lines).toEqual(lines);
    } finally {
      journal.close();
    }
    const check = new DatabaseSync(filePath);
    try {
      expect(schemaVersion(check)).toBe(LATEST_SCHEMA_VERSION);
      expect(() =>
        check.exec(`INSERT INTO sale_lines VALUES ('TILL01-20261120-REGISTER', 2, 'Tea', 2, 100, 150)`),
      ).toThrow(/CHECK/);
      expect(() => check.exec(`INSERT INTO sale_lines VALUES ('TILL01-20261120-REGISTER', 3, '', 1, 0, 0)`)).toThrow(
        /CHECK/,
      );
    } finally {
      check.close();
    }
  });
});
