import { z } from 'zod';
import type { StatusSnapshot } from './status.ts';

// A journal the till refused at start (electron/core/sqlite/journal-file.ts), and what an admin may do about it.

/** The till's two journals: in-store payments, and linked-customer charges and holds. */
export const JOURNAL_NAMES = ['payments', 'customers'] as const;
export type JournalName = (typeof JOURNAL_NAMES)[number];

/**
 * Why a journal was refused at start:
 * missing — the file is gone, though this till has written to it;
 * empty — the file is there but holds nothing (0 bytes, or no tables);
 * replaced — the file is another journal than the one this till wrote (another id, or none);
 * behind — the same journal, but older than what this till wrote (an older copy, a lost write-ahead log);
 * corrupt — SQLite's integrity check failed, or the file is not a database;
 * mark-unreadable — the till's own record of the journal (the .mark file beside it) cannot be read.
 */
export const JOURNAL_PROBLEM_KINDS = ['missing', 'empty', 'replaced', 'behind', 'corrupt', 'mark-unreadable'] as const;
export type JournalProblemKind = (typeof JOURNAL_PROBLEM_KINDS)[number];

/**
 * What an admin may do about it: recheck (after putting the backup back), accept (keep the file that is
 * there as this till's journal, recorded in it), start-new (set the file aside and begin an empty journal,
 * recorded in the new one).
 */
export const JOURNAL_ACTIONS = ['recheck', 'accept', 'start-new'] as const;
export type JournalAction = (typeof JOURNAL_ACTIONS)[number];

export interface JournalProblem {
  readonly journal: JournalName;
  readonly kind: JournalProblemKind;
  /** The journal file's full path, for the admin restoring it. */
  readonly filePath: string;
  /** Committed writes the till recorded (its mark), and when the last one was; null when unknown. */
  readonly recordedWrites: number | null;
  readonly recordedLastWriteAt: string | null;
  /** Committed writes the file has now, and when its last one was; null when it has none or cannot be read. */
  readonly foundWrites: number | null;
  readonly foundLastWriteAt: string | null;
  /** What SQLite's check said (corrupt), or why the mark could not be read: for support, not translated. */
  readonly detail: string | null;
  readonly actions: readonly JournalAction[];
}

export interface JournalChannels {
  /**
   * What to do about a journal refused at start (StatusSnapshot.journalProblems): recheck it (after the backup
   * was put back), accept the file that is there, or start a new journal (the old file set aside). accept and
   * start-new need the admin (like settings.save) and are recorded in the journal. Answers the new status.
   */
  'journal.resolve': { request: { journal: JournalName; action: JournalAction }; response: StatusSnapshot };
}

export const journalRequestSchemas: { [K in keyof JournalChannels]: z.ZodType<JournalChannels[K]['request']> } = {
  'journal.resolve': z.object({ journal: z.enum(JOURNAL_NAMES), action: z.enum(JOURNAL_ACTIONS) }).strict(),
};
