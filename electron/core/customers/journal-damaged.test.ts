import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { noticeInEnglish } from '../../../shared/notices.ts';
import { journalLost } from '../journal-gate.ts';
import { JournalLostError } from '../sqlite/journal-file.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A damaged linked-customer journal is named as such: which file, that it is damaged, and what to do, as a
// notice the till shows in its language. It used to surface as "The payment journal could not be opened",
// which sent the admin to the wrong file.

let dir: string;
beforeEach(() => {
  dir = tempFolder('customer-journal-damaged-');
});
afterEach(() => removeFolder(dir));

/**
 * A damaged file is found at start by the shared journal check (../sqlite/journal-file.ts: quick_check, or not a
 * database at all) and refused as the customer journal's problem; every call then gets journal.lost, named.
 */
function damagedRefusal(filePath: string): PosError {
  let error: unknown = null;
  try {
    openCustomerJournal({ filePath }).close();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(JournalLostError);
  const { problem } = error as JournalLostError;
  expect(problem).toMatchObject({ journal: 'customers', kind: 'corrupt', filePath });
  return journalLost(problem);
}

function openingError(filePath: string): PosError {
  let error: unknown = null;
  try {
    openCustomerJournal({ filePath }).close();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(PosError);
  return error as PosError;
}

describe('a damaged linked-customer journal', () => {
  it('a file that is not a database at all: named, with the file and what to do', () => {
    const file = customerJournalFileIn(dir);
    writeFileSync(file, 'x'.repeat(8192));
    const error = damagedRefusal(file);
    expect(error).toMatchObject({
      code: 'journal.lost',
      retryable: false,
      notice: { key: 'journal.customers-damaged', params: { file } },
    });
    expect(error.message).toBe(noticeInEnglish(error.notice!));
    expect(error.message).toMatch(
      /^The linked-customer journal .* is damaged and cannot be read\. Close the app and restore this file from a backup\./,
    );
    expect(error.message).not.toMatch(/payment journal/);
  });

  it('a real journal whose pages were overwritten: the same notice', () => {
    const file = customerJournalFileIn(dir);
    openCustomerJournal({ filePath: file }).close();
    // Keep SQLite's header (so it is still "a database"), wreck the schema page behind it.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(3000, 0xa5), 0, 3000, 100);
    closeSync(fd);
    expect(damagedRefusal(file)).toMatchObject({
      code: 'journal.lost',
      notice: { key: 'journal.customers-damaged', params: { file } },
    });
  });

  it('a journal that cannot be opened for another reason says so, naming the linked-customer journal', () => {
    // A folder where the file should be: not damage, something the admin can fix.
    const file = join(dir, 'a-folder.sqlite3');
    mkdirSync(file);
    const error = openingError(file);
    expect(error).toMatchObject({
      code: 'journal.unavailable',
      notice: { key: 'journal.customers-unopenable', params: { file } },
    });
    expect(error.message).toMatch(/^The linked-customer journal .* could not be opened/);
  });
});
