import { renameSync, statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { JournalAction, JournalName, JournalProblem, JournalProblemKind } from '../../../shared/journal.ts';
import { PosError } from '../../../shared/errors.ts';
import { createTransactions, openDatabase, sqliteErrorCode, type Transactions } from './database.ts';
import {
  createIdentity,
  identityOf,
  recordDecision,
  supersededIds,
  WRITE_BUMP_SQL,
  type JournalDecision,
  type JournalIdentity,
} from './journal-identity.ts';
import { createMark, markFileOf, openMark, readMark, type JournalMark, type MarkReading } from './journal-mark.ts';
import type { JournalRecord, JournalRecords } from './journal-record.ts';
import { structureProblems } from './structure-check.ts';

// Opening a journal file only if it is the one this till wrote, for both journals (payments and linked
// customers). Before anything is created or written, the file is compared with the till's record of it (the
// mark, journal-mark.ts): a file that is missing, empty, another journal, or older than the mark, or that
// fails SQLite's quick_check (its page and b-tree walk), is refused with a JournalLostError saying what is wrong. The service then
// refuses payments (journal.lost) instead of starting a new empty journal behind the cashier's back. Each
// write transaction then counts itself in the file (journal_identity.writes) and, once committed, in the mark.
// The till's second record, in its own file (journal-record.ts), is compared the same way: it notices a journal
// deleted together with its mark, which the mark alone cannot. A mark or record naming a journal that an admin's
// decision superseded (recorded in the journal, journal-identity.ts) predates that decision and refuses nothing.

export class JournalLostError extends Error {
  readonly problem: JournalProblem;
  constructor(problem: JournalProblem) {
    super(
      `The ${problem.journal} journal at ${problem.filePath} was refused: ${problem.kind}${problem.detail ? ` (${problem.detail})` : ''}`,
    );
    this.name = 'JournalLostError';
    this.problem = problem;
  }
}

export interface JournalFileOptions {
  readonly filePath: string;
  readonly journal: JournalName;
  readonly now: () => number;
  /**
   * The till's record of its journals (journal-record.ts, `journal-records.json` in the data folder). Absent for
   * a journal opened outside a till (tests of the journal alone, tools): then the mark is its only record.
   */
  readonly records?: JournalRecords | undefined;
}

export interface JournalFile {
  readonly db: DatabaseSync;
  /** Write transactions count themselves in the file and, once committed, in the mark. */
  readonly transactions: Transactions;
  readonly journalId: string;
  /**
   * Runs `step` inside every write transaction that changed something, just before its COMMIT, so that what it
   * writes commits with the change or not at all: the payment journal's audit chain (../audit-chain/) and the head
   * office's outbox (../head-office/outbox/), in the order they were added. Returns the call that removes it.
   */
  onBeforeCommit(step: () => void): () => void;
  close(): void;
}

/**
 * Throws JournalLostError when the file is not the journal this till wrote; journal.unavailable when it cannot be
 * opened at all. With `decision` (resolveJournalProblem only), the admin's decision is what the file is judged by
 * instead of the till's mark and record, and is committed in it before anything else.
 */
export function openJournalFile(options: JournalFileOptions, decision?: JournalDecision): JournalFile {
  const { filePath, now, records } = options;
  const markPath = markFileOf(filePath);
  const inspected = inspectJournal(options, decision);
  const { db } = inspected;
  try {
    let identity = inspected.identity;
    let mark;
    if (decision) {
      identity = recordDecision(db, now(), decision);
      mark = createMark(markPath, markOf(identity));
    } else if (identity === null) {
      // A new journal, or one written before the till kept a mark: it gets its identity now.
      identity = createIdentity(db, now());
      mark = createMark(markPath, markOf(identity));
    } else if (
      inspected.mark === null ||
      inspected.mark.journalId !== identity.journalId ||
      inspected.mark.writes !== identity.writes
    ) {
      // No mark yet (the mark file was removed, or a crash came between the two), one of a journal this one
      // superseded (a crash before an admin's decision reached it), or the journal is ahead of it (a crash
      // between a commit and its mark): the journal is right.
      mark = createMark(markPath, markOf(identity));
    } else {
      mark = openMark(markPath);
    }
    const journalId = identity.journalId;
    // Recorded at open and at close only: a durable file write per payment would cost more than the journal's
    // own commit. A record that names a superseded journal is replaced here.
    let last = markOf(identity);
    records?.write(options.journal, last);
    const bump = db.prepare(WRITE_BUMP_SQL);
    let lastWriteAt = 0;
    const beforeCommit = new Set<() => void>();
    const transactions = createTransactions(db, {
      before: () => {
        for (const step of beforeCommit) step();
        lastWriteAt = now();
        return Number(bump.get(lastWriteAt)?.['writes']);
      },
      // Only a committed write counts: the mark and the record never claim one that was rolled back.
      after: (writes) => {
        last = { journalId, writes, lastWriteAt };
        mark.write(last);
      },
    });
    return {
      db,
      transactions,
      journalId,
      onBeforeCommit: (step) => {
        beforeCommit.add(step);
        return () => beforeCommit.delete(step);
      },
      close: () => {
        try {
          db.close();
        } finally {
          mark.close();
          records?.write(options.journal, last);
        }
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

interface Inspected {
  readonly db: DatabaseSync;
  readonly mark: JournalMark | null;
  readonly identity: JournalIdentity | null;
}

/**
 * The checks, in an order that never creates or writes anything in a file that may be evidence: the mark,
 * then whether the file is there and holds something, then SQLite's quick_check, then its identity. With an
 * admin's `decision`, the mark and the record it supersedes are not judged (resolveJournalProblem judged the
 * file by them a moment before, and the decision is about to replace them); the file's own soundness still is.
 */
function inspectJournal(options: JournalFileOptions, decision?: JournalDecision): Inspected {
  const { filePath } = options;
  const reading: MarkReading = decision ? { kind: 'none' } : readMark(markFileOf(filePath));
  const mark = reading.kind === 'found' ? reading.mark : null;
  const record = decision ? null : (options.records?.read(options.journal) ?? null);
  const refuse = (
    kind: JournalProblemKind,
    found: JournalIdentity | null,
    detail: string | null = null,
    recorded: JournalRecord | null = mark ?? record,
  ): never => {
    throw new JournalLostError(problemOf(options, kind, recorded, found, detail));
  };
  const size = fileSize(filePath);
  if (reading.kind === 'unreadable' && size === null) refuse('mark-unreadable', null, unreadableDetail(reading));
  // Gone (with its mark, `rm payments.sqlite3*`, only the record file still knows it was there).
  if ((mark || record) && size === null) refuse('missing', null);
  // A 0-byte file with a write-ahead log beside it may still hold everything: the checks below tell.
  if ((mark || record) && size === 0 && !(fileSize(`${filePath}-wal`) ?? 0)) refuse('empty', null);

  let db: DatabaseSync;
  try {
    db = openDatabase(filePath);
  } catch (error) {
    if (isCorruption(error)) refuse('corrupt', null, describe(error));
    throw error;
  }
  try {
    // The page and b-tree walk only (structure-check.ts): the row pass is the health check's, off the start path.
    const problems = structureProblems(filePath);
    if (problems) refuse('corrupt', null, problems);
    const identity = identityOf(db);
    const verdict = verdictOf(db, identity, reading, record);
    if (verdict) refuse(verdict.kind, identity, unreadableDetail(reading), verdict.recorded);
    return { db, mark, identity };
  } catch (error) {
    db.close();
    if (error instanceof JournalLostError) throw error;
    if (isCorruption(error)) refuse('corrupt', null, describe(error));
    throw error;
  }
}

/**
 * The file judged against the mark, then against the record (which outlives a deleted mark), with the record it
 * failed against. Either names a journal this one superseded by an admin's decision: written before that
 * decision, it says nothing about this file. The record naming another journal of which the file knows nothing,
 * though the file and its mark agree, is refused as replaced: the journal and its mark may have been swapped for
 * another pair (a journal set aside earlier, another till's), and only the admin knows which to keep.
 */
function verdictOf(
  db: DatabaseSync,
  identity: JournalIdentity | null,
  reading: MarkReading,
  record: JournalRecord | null,
): { readonly kind: JournalProblemKind; readonly recorded: JournalRecord | null } | null {
  if (reading.kind === 'unreadable') return { kind: 'mark-unreadable', recorded: record };
  const superseded = supersededIds(db);
  for (const expected of [reading.kind === 'found' ? reading.mark : null, record]) {
    if (!expected || superseded.has(expected.journalId)) continue;
    if (!identity) return { kind: hasTables(db) ? 'replaced' : 'empty', recorded: expected };
    if (identity.journalId !== expected.journalId) return { kind: 'replaced', recorded: expected };
    if (identity.writes < expected.writes) return { kind: 'behind', recorded: expected };
  }
  return null;
}

/**
 * What an admin chose to do about a refused journal, done on the files before the service opens them again.
 * recheck: nothing (the backup was put back; the next open judges it). accept: the file that is there becomes
 * this till's journal as it is, recorded in it. start-new: the file and its mark are set aside (renamed with the
 * time, never deleted) and a new empty journal begins, recording what it replaced. Re-inspects first: the
 * choice applies only to the problem it was made for. The decision is handed to openJournalFile, which commits
 * it in the journal; nothing here depends on the record file's write succeeding.
 */
export function resolveJournalProblem(
  options: JournalFileOptions,
  kind: JournalProblemKind,
  action: JournalAction,
): { setAsideAs: string | null } {
  if (action === 'recheck') return { setAsideAs: null };
  const allowed = actionsFor(kind);
  if (!allowed.includes(action))
    throw new PosError('request.invalid', {
      cause: new Error(`"${action}" is not offered for a journal that is ${kind}.`),
    });
  let problem: JournalProblem;
  try {
    const inspected = inspectJournal(options);
    inspected.db.close();
    return { setAsideAs: null }; // Already sound (restored meanwhile): nothing to do.
  } catch (error) {
    if (!(error instanceof JournalLostError)) throw error;
    problem = error.problem;
  }
  if (problem.kind !== kind) throw new JournalLostError(problem);
  return action === 'accept' ? (acceptAsItIs(options, problem), { setAsideAs: null }) : startNew(options, problem);
}

function acceptAsItIs(options: JournalFileOptions, problem: JournalProblem): void {
  const supersedes = recordedIds(options);
  openJournalFile(options, { action: 'accepted', problem, setAsideAs: null, supersedes }).close();
}

function startNew(options: JournalFileOptions, problem: JournalProblem): { setAsideAs: string } {
  const { filePath, now } = options;
  const supersedes = recordedIds(options);
  const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
  const setAsideAs = `${filePath}.lost-${stamp}`;
  // The -wal and -shm keep their pairing with the renamed file, so the copy set aside opens with all it had.
  for (const [from, to] of [
    [filePath, setAsideAs],
    [`${filePath}-wal`, `${setAsideAs}-wal`],
    [`${filePath}-shm`, `${setAsideAs}-shm`],
    [markFileOf(filePath), markFileOf(setAsideAs)],
  ] as const) {
    try {
      renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  openJournalFile(options, { action: 'started-new', problem, setAsideAs, supersedes }).close();
  return { setAsideAs };
}

/** The journal ids the till has recorded for this journal (mark, record file): what an admin's decision supersedes. */
function recordedIds(options: JournalFileOptions): string[] {
  const reading = readMark(markFileOf(options.filePath));
  const ids = [
    reading.kind === 'found' ? reading.mark.journalId : null,
    options.records?.read(options.journal)?.journalId,
  ];
  return ids.filter((id): id is string => typeof id === 'string');
}

/**
 * `recorded`: the record the file fell short of, the mark (the closer one, written after every commit) unless the
 * file passed the mark and failed the record file.
 */
function problemOf(
  options: JournalFileOptions,
  kind: JournalProblemKind,
  recorded: JournalRecord | null,
  found: JournalIdentity | null,
  detail: string | null,
): JournalProblem {
  return {
    journal: options.journal,
    kind,
    filePath: options.filePath,
    recordedWrites: recorded?.writes ?? null,
    recordedLastWriteAt: isoOrNull(recorded?.lastWriteAt ?? null),
    foundWrites: found?.writes ?? null,
    foundLastWriteAt: isoOrNull(found?.lastWriteAt ?? null),
    detail,
    actions: actionsFor(kind),
  };
}

/** Accept is offered only where there is a sound file to keep; a corrupt one must be restored or replaced. */
export function actionsFor(kind: JournalProblemKind): readonly JournalAction[] {
  return kind === 'replaced' || kind === 'behind' || kind === 'mark-unreadable'
    ? ['recheck', 'accept', 'start-new']
    : ['recheck', 'start-new'];
}

function markOf(identity: JournalIdentity): JournalMark {
  return { journalId: identity.journalId, writes: identity.writes, lastWriteAt: identity.lastWriteAt };
}

function hasTables(db: DatabaseSync): boolean {
  return Number(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()?.['n'] ?? 0) > 0;
}

/** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26), with any extended code. */
function isCorruption(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = sqliteErrorCode(e);
    if (code !== null && ((code & 0xff) === 11 || (code & 0xff) === 26)) return true;
  }
  return false;
}

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function unreadableDetail(reading: MarkReading): string | null {
  return reading.kind === 'unreadable' ? reading.detail : null;
}

function isoOrNull(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
}
