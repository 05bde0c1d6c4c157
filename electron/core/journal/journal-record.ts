import type { JournalName } from '../../../shared/domain.ts';

// The till's second record of each journal, kept away from the journal's folder files: in the settings store
// (settings/journal-records.ts). The mark beside the journal (journal-mark.ts) catches a journal that was
// deleted, emptied or swapped on its own, but `rm payments.sqlite3*` takes the mark with it; this record
// survives that. Written when a journal opens and when it closes, never per payment, so it may lag the
// journal (a crash leaves it at the count of the last open), never lead it.

export interface JournalRecord {
  readonly journalId: string;
  /** Write transactions the journal had committed when the record was written. */
  readonly writes: number;
  /** When the last of them was committed (epoch ms), null when the journal had not been written yet. */
  readonly lastWriteAt: number | null;
}

export interface JournalRecords {
  read(journal: JournalName): JournalRecord | null;
  /** null clears it (a new journal is about to begin). Never throws: a lagging record is harmless. */
  write(journal: JournalName, record: JournalRecord | null): void;
}
