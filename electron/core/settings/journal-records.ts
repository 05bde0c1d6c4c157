import { z } from 'zod';
import { JOURNAL_NAMES, type JournalName } from '../../../shared/domain.ts';
import type { JournalRecord, JournalRecords } from '../journal/journal-record.ts';
import type { SettingsFile } from './settings-file.ts';

// Each journal's id and how far it got, in the settings store (electron-store in the app, conf under Node)
// under a key of its own beside the settings: a file that is not deleted with `rm payments.sqlite3*`. The
// settings service keeps keys it does not own when it saves, and refuses this one as a setting, so no screen
// can write it.

export const JOURNAL_RECORDS_KEY = 'journals';

const recordSchema = z
  .object({
    journalId: z.string().min(1),
    writes: z.number().int().nonnegative(),
    lastWriteAt: z.number().int().nullable(),
  })
  .strict();

export function journalRecordsIn(file: SettingsFile): JournalRecords {
  const all = (): Partial<Record<JournalName, JournalRecord>> => {
    const raw = file.store[JOURNAL_RECORDS_KEY];
    const records: Partial<Record<JournalName, JournalRecord>> = {};
    if (raw === null || typeof raw !== 'object') return records;
    for (const journal of JOURNAL_NAMES) {
      // A record edited by hand into something else counts as none: the mark beside the journal still guards it.
      const parsed = recordSchema.safeParse((raw as Record<string, unknown>)[journal]);
      if (parsed.success) records[journal] = parsed.data;
    }
    return records;
  };
  return {
    read: (journal) => all()[journal] ?? null,
    write(journal, record) {
      try {
        const records = all();
        if (record) records[journal] = { ...record };
        else delete records[journal];
        file.store = { ...file.store, [JOURNAL_RECORDS_KEY]: records };
      } catch {
        // A full disk: the journal already has the write, the mark beside it still guards it.
      }
    },
  };
}
