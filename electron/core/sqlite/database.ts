import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

// Opening the SQLite file with the settings the journal's promises rest on, and the one transaction helper
// every write goes through.

/** How long a write waits for another connection's lock before giving up (a second app instance, a backup). */
export const BUSY_TIMEOUT_MS = 5_000;

/** A journal holds every payment of the shop: only the till's own user may read it (like the settings and vault). */
export const JOURNAL_FILE_MODE = 0o600;
export const JOURNAL_FOLDER_MODE = 0o700;

export function openDatabase(filePath: string): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    restrictToOwner(filePath);
    db = new DatabaseSync(filePath);
    // busy_timeout first: switching to WAL itself needs a lock another process may hold.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL lets the history screen read while a payment is written, and a reader never blocks the writer.
    const mode = db.prepare('PRAGMA journal_mode = WAL').get();
    if (mode?.['journal_mode'] !== 'wal')
      throw new Error(`SQLite refused WAL mode (got ${String(mode?.['journal_mode'])})`);
    // FULL: every commit is fsynced before the call returns, so a write-ahead record survives a power cut.
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    // After a checkpoint, shrink a WAL that a big transaction (a migration) blew up, instead of keeping it forever.
    db.exec('PRAGMA journal_size_limit = 8388608');
    const synchronous = db.prepare('PRAGMA synchronous').get();
    if (synchronous?.['synchronous'] !== 2) throw new Error('SQLite refused synchronous=FULL');
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Already failing; the first error is the one worth reporting.
    }
    throw journalUnavailable(error, notice('journal.payments-unopenable', { reason: describe(error) }));
  }
}

/**
 * Folder 0700, and the file 0600 before SQLite opens it: SQLite creates the -wal and -shm files with the
 * database file's own mode, so they follow. An existing journal (and a -wal/-shm left by a crash) written
 * before this rule is narrowed the same way. (Windows ignores the mode bits; the user profile protects it.)
 */
function restrictToOwner(filePath: string): void {
  const folder = dirname(filePath);
  mkdirSync(folder, { recursive: true, mode: JOURNAL_FOLDER_MODE });
  try {
    chmodSync(folder, JOURNAL_FOLDER_MODE);
  } catch (error) {
    // A folder the till does not own (a journal placed in a shared folder on purpose): the files' own 0600 still hold.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  // 'a' creates the file if missing and never truncates one that exists; the mode applies to a new file only.
  closeSync(openSync(filePath, 'a', JOURNAL_FILE_MODE));
  for (const path of [filePath, `${filePath}-wal`, `${filePath}-shm`]) {
    try {
      chmodSync(path, JOURNAL_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export type Atomically = <T>(work: () => T) => T;

/**
 * Called around each outermost write transaction that changed something: `before` runs inside it just before
 * COMMIT (and may write), `after` once COMMIT has returned, i.e. once the write is durable.
 */
export interface CommitHook {
  readonly before: () => number;
  readonly after: (value: number) => void;
}

export interface Transactions {
  /**
   * Runs `work` in one write transaction: all of its writes commit together or none do. Nests with
   * savepoints so a caller can group several journal calls (an update and its event) into one commit.
   * BEGIN IMMEDIATE takes the write lock up front: a read-then-write inside cannot be overtaken by another
   * connection, and lock waits happen at BEGIN (covered by busy_timeout) rather than failing mid-way.
   */
  readonly atomically: Atomically;
  /** Runs read-only `work` on one consistent snapshot (a count and its page agree) without taking the write lock. */
  readonly snapshot: Atomically;
}

export function createTransactions(db: DatabaseSync, onCommit?: CommitHook): Transactions {
  let depth = 0;
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const changesSoFar = (): number => Number(totalChanges.get()?.['n'] ?? 0);
  const run =
    (begin: string, hook: CommitHook | undefined): Atomically =>
    <T>(work: () => T): T => {
      const savepoint = `journal_${depth}`;
      db.exec(depth === 0 ? begin : `SAVEPOINT ${savepoint}`);
      const changesBefore = depth === 0 && hook ? changesSoFar() : 0;
      depth += 1;
      let result: T;
      let hookValue: number | null = null;
      try {
        result = work();
        if (isThenable(result)) {
          throw new Error('A journal transaction cannot span an await: its writes would not be atomic.');
        }
        // Only a transaction that wrote something counts as a write (a read inside atomically does not).
        if (depth === 1 && hook && changesSoFar() !== changesBefore) hookValue = hook.before();
      } catch (error) {
        depth -= 1;
        rollback(db, depth === 0 ? null : savepoint);
        throw error;
      }
      depth -= 1;
      if (depth === 0) {
        try {
          db.exec('COMMIT');
        } catch (error) {
          rollback(db, null);
          throw error;
        }
        // Committed: the write is kept, so nothing after this may answer it as failed.
        if (hook && hookValue !== null) afterCommit(hook, hookValue);
      } else {
        db.exec(`RELEASE ${savepoint}`);
      }
      return result;
    };
  return { atomically: run('BEGIN IMMEDIATE', onCommit), snapshot: run('BEGIN DEFERRED', undefined) };
}

function afterCommit(hook: CommitHook, value: number): void {
  try {
    hook.after(value);
  } catch {
    // The mark lags (journal-mark.ts): harmless, it catches up at the next write.
  }
}

function rollback(db: DatabaseSync, savepoint: string | null): void {
  try {
    if (savepoint === null) db.exec('ROLLBACK');
    else db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
  } catch {
    // SQLite may already have rolled back on its own (I/O error, full disk); nothing is left to undo.
  }
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** SQLite's extended result codes the journal turns into cashier-facing errors. */
export const SQLITE_CONSTRAINT_UNIQUE = 2067;
export const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
export const SQLITE_CONSTRAINT_FOREIGNKEY = 787;

export function sqliteErrorCode(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && typeof (error as { errcode?: unknown }).errcode === 'number') {
    return (error as { errcode: number }).errcode;
  }
  return null;
}

/** Anything the database throws that is not already a PosError means the journal cannot be trusted right now. */
export function journalUnavailable(cause: unknown, said?: Notice): PosError {
  if (cause instanceof PosError) return cause;
  return new PosError('journal.unavailable', { retryable: true, cause, ...(said ? { notice: said } : {}) });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
