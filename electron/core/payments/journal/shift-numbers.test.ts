import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFolder, testClock } from './journal-fixture.test-helper.ts';
import { JournalLostError, resolveJournalProblem } from '../../sqlite/journal-file.ts';
import { journalRecordsIn } from '../../sqlite/journal-record.ts';
import { journalFileIn, openJournal, type Journal } from './journal.ts';

// Shifts are numbered per till and never reused (a Z number names one close for good): a journal an admin starts
// anew after a loss goes on from the last number the till recorded beside its journals, not from 1. Real files.

const clock = testClock();

function openAndCloseShifts(journal: Journal, count: number): number[] {
  const numbers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    numbers.push(journal.shifts.open({ openedBy: null, note: null }).number);
    journal.shifts.close({ closedBy: null, force: false, currency: 'SGD' });
  }
  return numbers;
}

describe('shift numbers across journals', () => {
  it('a journal lost and started anew numbers its first shift after the last one the till opened', () => {
    const folder = tempFolder();
    const filePath = journalFileIn(folder);
    const records = journalRecordsIn(folder);
    const options = { filePath, timeZone: 'UTC', now: clock.now, records };
    const first = openJournal(options);
    expect(openAndCloseShifts(first, 3)).toEqual([1, 2, 3]);
    first.close();
    expect(records.lastShiftNumber()).toBe(3);

    // The journal and its mark deleted while the till was off: refused, and an admin starts a new one.
    rmSync(`${filePath}`, { force: true });
    rmSync(`${filePath}.mark`, { force: true });
    expect(() => openJournal(options)).toThrow(JournalLostError);
    resolveJournalProblem({ filePath, journal: 'payments', now: clock.now, records }, 'missing', 'start-new');
    const anew = openJournal(options);
    expect(openAndCloseShifts(anew, 2)).toEqual([4, 5]);
    anew.close();
    expect(records.lastShiftNumber()).toBe(5);
    // The journal records are still what they were for: the new journal opens as this till's.
    expect(records.read('payments')?.journalId).toBeTruthy();
    openJournal(options).close();
  });

  it('a till whose record of the numbers is gone goes on from its journal', () => {
    const folder = tempFolder();
    const filePath = journalFileIn(folder);
    const journal = openJournal({ filePath, timeZone: 'UTC', now: clock.now, records: journalRecordsIn(folder) });
    openAndCloseShifts(journal, 2);
    rmSync(`${folder}/journal-records.json`);
    expect(openAndCloseShifts(journal, 1)).toEqual([3]);
    journal.close();
  });
});
