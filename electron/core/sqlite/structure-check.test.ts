import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempFolder, testClock } from '../payments/journal/journal-fixture.test-helper.ts';
import { JournalLostError } from './journal-file.ts';
import { journalFileIn, openJournal } from '../payments/journal/journal.ts';
import { fullCheckOffThread, structureProblems } from './structure-check.ts';

// The two strengths of SQLite's quick_check (structure-check.ts) on real journal files: the start walks pages and
// b-trees only, the health check decodes every row against its constraints too, in a worker thread.

const clock = testClock();

function journalWith(payments: number): string {
  const filePath = journalFileIn(tempFolder());
  const journal = openJournal({ filePath, timeZone: 'UTC', now: clock.now });
  for (let i = 0; i < payments; i += 1) {
    journal.recordAttempt({
      referenceId: journal.newReferenceId('TILL01'),
      method: 'merchant-qr',
      amount: { amountMinor: 100 + i, currency: 'SGD' },
      posId: 'POS-1',
    });
  }
  journal.close();
  return filePath;
}

describe('structure-check', () => {
  it('a sound journal: both strengths find nothing', async () => {
    const filePath = journalWith(50);
    expect(structureProblems(filePath)).toBeNull();
    expect(await fullCheckOffThread(filePath)).toBeNull();
  });

  it('a row breaking its CHECK constraint: found by the whole check only; the start still opens the journal', async () => {
    const filePath = journalWith(5);
    // A stored value that no longer satisfies its constraint, the page structure intact: what the row pass is for.
    const db = new DatabaseSync(filePath);
    db.exec('PRAGMA ignore_check_constraints = ON');
    db.exec('UPDATE payment_attempts SET amount_minor = -1 WHERE rowid = (SELECT min(rowid) FROM payment_attempts)');
    db.close();
    expect(structureProblems(filePath)).toBeNull();
    openJournal({ filePath, timeZone: 'UTC', now: clock.now }).close();
    expect(await fullCheckOffThread(filePath)).toMatch(/CHECK constraint failed in payment_attempts/);
  });

  it('a damaged page: refused at open, and named by the whole check', async () => {
    const filePath = journalWith(300);
    const pageSize = 4096;
    const pages = statSync(filePath).size / pageSize;
    const fd = openSync(filePath, 'r+');
    writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, Math.floor(pages / 2) * pageSize);
    closeSync(fd);
    expect(structureProblems(filePath)).toBeTruthy();
    expect(() => openJournal({ filePath, timeZone: 'UTC', now: clock.now })).toThrow(JournalLostError);
    expect(await fullCheckOffThread(filePath)).toBeTruthy();
  });

  it('a journal not made yet is sound; a file that is not a database says so', async () => {
    const folder = tempFolder();
    expect(await fullCheckOffThread(join(folder, 'none.sqlite3'))).toBeNull();
    const notADatabase = join(folder, 'notes.sqlite3');
    const fd = openSync(notADatabase, 'w');
    writeSync(fd, Buffer.alloc(8192, 0x41));
    closeSync(fd);
    expect(await fullCheckOffThread(notADatabase)).toMatch(/not a database/);
  });
});
