import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { customerJournalFileIn, openCustomerJournal } from '../customers/journal.ts';
import { journalFileIn, openJournal } from '../payments/journal/journal.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// One rule for both journals' atomically (journal-facade.ts): a failure of the journal itself reaches the
// caller as a typed journal.unavailable, so a disk error mid-payment is an answer and not a crash; the
// caller's own error comes back unchanged, never disguised as a retryable disk problem. Nothing of a
// transaction that failed either way is kept.

/** The calls the rule is about, on each journal: one write, and whether it was kept. */
interface UnderTest {
  readonly filePath: string;
  atomically<T>(work: () => T): T;
  write(): void;
  written(): boolean;
  close(): void;
}

const journals: Record<'payments' | 'customers', (dir: string) => UnderTest> = {
  payments: (dir) => {
    const journal = openJournal({ filePath: journalFileIn(dir), timeZone: 'Asia/Singapore' });
    const referenceId = journal.newReferenceId('TILL01');
    return {
      filePath: journal.filePath,
      atomically: (work) => journal.atomically(work),
      write: () =>
        void journal.recordAttempt({
          referenceId,
          method: 'merchant-qr',
          amount: { amountMinor: 700, currency: 'SGD' },
          posId: 'POS-1',
        }),
      written: () => journal.getAttempt(referenceId) !== null,
      close: () => journal.close(),
    };
  },
  customers: (dir) => {
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dir) });
    return {
      filePath: journal.filePath,
      atomically: (work) => journal.atomically(work),
      write: () =>
        void journal.saveLinked({ merchantUserId: 'cust-1', merchantId: 'M-1', tokenSealed: 'v1.sealed', hint: null }),
      written: () => journal.getCustomer('cust-1') !== null,
      close: () => journal.close(),
    };
  },
};

let dir: string;
beforeEach(() => {
  dir = tempFolder('journal-facade-');
});
afterEach(() => removeFolder(dir));

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe.each(Object.keys(journals) as (keyof typeof journals)[])('the %s journal’s atomically', (name) => {
  it("passes the caller's own error through unchanged, and keeps nothing of the transaction", () => {
    const journal = journals[name](dir);
    const own = new TypeError('the caller’s own bug');
    const error = thrownBy(() =>
      journal.atomically(() => {
        journal.write();
        throw own;
      }),
    );
    expect(error).toBe(own);
    expect(journal.written()).toBe(false);
    journal.close();
  });

  it('turns a failure of the transaction itself (the disk refusing its commit) into journal.unavailable', () => {
    const journal = journals[name](dir);
    // Another connection makes the journal's own bookkeeping write, the last one before COMMIT, fail the way a
    // full or failing disk does: the caller's work succeeded; the journal could not keep it.
    const other = new DatabaseSync(journal.filePath);
    other.exec(
      `CREATE TRIGGER disk_refuses BEFORE UPDATE ON journal_identity BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`,
    );
    let workDone = false;
    const error = thrownBy(() =>
      journal.atomically(() => {
        journal.write();
        workDone = true;
      }),
    );
    expect(workDone).toBe(true);
    expect(error).toBeInstanceOf(PosError);
    expect(error).toMatchObject({ code: 'journal.unavailable', retryable: true });
    other.exec('DROP TRIGGER disk_refuses');
    other.close();
    expect(journal.written()).toBe(false);
    journal.close();
  });

  it('refuses with journal.unavailable once closed', () => {
    const journal = journals[name](dir);
    journal.close();
    const error = thrownBy(() => journal.atomically(() => 1));
    expect(error).toMatchObject({ code: 'journal.unavailable' });
    expect(error).toBeInstanceOf(PosError);
  });
});
