import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PosError } from '../../../shared/errors.ts';

// Opening the SQLite file with the settings the journal's promises rest on, and the one transaction helper
// every write goes through.

/** How long a write waits for another connection's lock before giving up (a second app instance, a backup). */
export const BUSY_TIMEOUT_MS = 5_000;

export function openDatabase(filePath: string): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    mkdirSync(dirname(filePath), { recursive: true });
    db = new DatabaseSync(filePath);
    // busy_timeout first: switching to WAL itself needs a lock another process may hold.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL lets the history screen read while a payment is written, and a reader never blocks the writer.
    const mode = db.prepare('PRAGMA journal_mode = WAL').get();
    if (mode?.['journal_mode'] !== 'wal') throw new Error(`SQLite refused WAL mode (got ${String(mode?.['journal_mode'])})`);
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
    throw journalUnavailable(error, `The payment journal could not be opened (${describe(error)}). Payments are paused to keep records safe.`);
  }
}

export type Atomically = <T>(work: () => T) => T;

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

export function createTransactions(db: DatabaseSync): Transactions {
  let depth = 0;
  const run =
    (begin: string): Atomically =>
    <T>(work: () => T): T => {
      const savepoint = `journal_${depth}`;
      db.exec(depth === 0 ? begin : `SAVEPOINT ${savepoint}`);
      depth += 1;
      let result: T;
      try {
        result = work();
        if (isThenable(result)) {
          throw new Error('A journal transaction cannot span an await: its writes would not be atomic.');
        }
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
      } else {
        db.exec(`RELEASE ${savepoint}`);
      }
      return result;
    };
  return { atomically: run('BEGIN IMMEDIATE'), snapshot: run('BEGIN DEFERRED') };
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
export function journalUnavailable(cause: unknown, message?: string): PosError {
  if (cause instanceof PosError) return cause;
  return new PosError('journal.unavailable', { retryable: true, cause, ...(message ? { message } : {}) });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
