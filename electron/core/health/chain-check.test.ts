import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { seedPayment, tempFolder, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { chainCheck } from './till-checks.ts';

// Check this till's `chain` line: the audit chain of the payments journal walked on the running till's file.

describe('the chain check', () => {
  it('says how many entries the chain holds, and names a record changed in the file', async () => {
    const { journal, folder, filePath } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 900 });
    const sound = await chainCheck(folder)();
    expect(sound).toMatchObject({ ok: true, detail: { key: 'health.chain-ok', params: { entries: 3 } } });

    // Changed beside the running journal (a second connection, as a SQLite tool would).
    const db = new DatabaseSync(filePath);
    db.exec(`UPDATE payment_attempts SET note = 'changed' WHERE reference_id = '${paid.referenceId}'`);
    db.close();
    expect(await chainCheck(folder)()).toEqual({
      ok: false,
      detail: {
        key: 'health.chain-broken',
        params: {
          count: 1,
          finding: {
            key: 'health.chain.row-edited',
            params: { seq: 3, subject: `payment_attempts/${paid.referenceId}` },
          },
        },
      },
    });
    // Nothing stops the till: the journal goes on writing.
    seedPayment(journal, { amountMinor: 100 });
  });

  it('has nothing to check before the journal exists', async () => {
    expect(await chainCheck(tempFolder())()).toMatchObject({ ok: true, detail: { key: 'health.chain-none' } });
  });
});
