import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { JOURNAL_NAMES, type JournalName } from '../../../shared/journal.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// The till's second record of each journal: `journal-records.json` in the data folder, a file of its own. The
// mark beside the journal (journal-mark.ts) catches a journal that was deleted, emptied or swapped on its own,
// but `rm payments.sqlite3*` takes the mark with it; this file survives that. Written when a journal opens and
// when it closes, never per payment, so it may lag the journal (a crash leaves it at the count of the last
// open), never lead it.
//
// Why not the settings file: a shop copies settings.json to set up a second till, and puts it back from a
// backup; a record carried along that way names a journal this folder never had, or one an admin has since
// replaced, and refused a sound journal. Nothing but the till writes this file, and it is replaced durably
// (temp, fsync, rename, folder fsync), so a power cut cannot bring an older record back either. What an admin
// decides about a refused journal does not depend on it at all: the decision and the ids it supersedes are
// committed in the journal itself (journal-identity.ts), so a record that lags it refuses nothing.

export const JOURNAL_RECORDS_FILE = 'journal-records.json';

export interface JournalRecord {
  readonly journalId: string;
  /** Write transactions the journal had committed when the record was written. */
  readonly writes: number;
  /** When the last of them was committed (epoch ms), null when the journal had not been written yet. */
  readonly lastWriteAt: number | null;
}

export interface JournalRecords {
  read(journal: JournalName): JournalRecord | null;
  /** Never throws: a record that lags is harmless, a till that cannot open its journal is not. */
  write(journal: JournalName, record: JournalRecord): void;
  /**
   * The number of the last shift this till opened, whichever journal holds it (0: none recorded). Shifts are
   * numbered per till and never reused: a journal an admin started anew after a loss goes on from here, not from 1.
   */
  lastShiftNumber(): number;
  /** After a shift's open is committed. Never throws: the journal has the number, this only carries it over. */
  shiftOpened(number: number): void;
}

const shiftsSchema = z.object({ lastNumber: z.number().int().nonnegative() }).strict();

const recordSchema = z
  .object({
    journalId: z.string().min(1),
    writes: z.number().int().nonnegative(),
    lastWriteAt: z.number().int().nullable(),
  })
  .strict();

/** The records of the journals in `dataDir`. */
export function journalRecordsIn(dataDir: string): JournalRecords {
  const path = join(dataDir, JOURNAL_RECORDS_FILE);
  /** What the file holds; `damaged` when there is a file but it cannot be read as one. */
  const all = (): { contents: RecordsFile; damaged: boolean } => {
    const contents: RecordsFile = {};
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      // None yet, or damaged: no record, as on a first start. The mark beside each journal still guards it, and
      // the journal's next open writes its record again.
      return { contents, damaged: (error as NodeJS.ErrnoException).code !== 'ENOENT' };
    }
    if (raw === null || typeof raw !== 'object') return { contents, damaged: true };
    for (const journal of JOURNAL_NAMES) {
      const parsed = recordSchema.safeParse((raw as Record<string, unknown>)[journal]);
      if (parsed.success) contents[journal] = parsed.data;
    }
    const shifts = shiftsSchema.safeParse((raw as Record<string, unknown>)['shifts']);
    if (shifts.success) contents.shifts = shifts.data;
    return { contents, damaged: false };
  };
  const update = (change: Partial<RecordsFile>): void => {
    try {
      const { contents, damaged } = all();
      if (damaged) setFileAside(path, new Date());
      writePrivateFile(path, `${JSON.stringify({ ...contents, ...change }, null, 2)}\n`);
    } catch {
      // A full disk: the journal already has the write, and the mark beside it still guards it.
    }
  };
  return {
    read: (journal) => all().contents[journal] ?? null,
    write: (journal, record) => update({ [journal]: record }),
    lastShiftNumber: () => all().contents.shifts?.lastNumber ?? 0,
    shiftOpened(number) {
      if (number > (all().contents.shifts?.lastNumber ?? 0)) update({ shifts: { lastNumber: number } });
    },
  };
}

type RecordsFile = Partial<Record<JournalName, JournalRecord>> & { shifts?: { readonly lastNumber: number } };
