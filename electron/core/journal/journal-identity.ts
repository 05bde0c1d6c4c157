import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { JournalProblem } from '../../../shared/domain.ts';

// Each journal file's identity, kept in the file itself: a random id given when the journal began and the
// number of write transactions it has committed (the mark beside it keeps the same two facts, see
// journal-mark.ts). Plus the record of every time an admin kept a refused file or started a new journal.
// These tables belong to journal-file.ts, not to either journal's versioned schema: both journals share them,
// and a file written before they existed gets them when it is adopted (CREATE IF NOT EXISTS), whatever its
// user_version.

export interface JournalIdentity {
  readonly journalId: string;
  readonly writes: number;
  readonly lastWriteAt: number | null;
}

const IDENTITY_TABLES_SQL = `
  CREATE TABLE IF NOT EXISTS journal_identity (
    singleton      INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
    journal_id     TEXT NOT NULL,
    -- Write transactions committed in this file since it began (each bumps it just before COMMIT).
    writes         INTEGER NOT NULL CHECK (writes >= 0),
    last_write_at  INTEGER,
    created_at     INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS journal_incidents (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    at             INTEGER NOT NULL,
    action         TEXT NOT NULL CHECK (action IN ('accepted', 'started-new')),
    -- The JournalProblem the admin acted on (what the till found, what it had recorded).
    problem        TEXT NOT NULL CHECK (json_valid(problem)),
    -- started-new: where the refused file was set aside.
    set_aside_as   TEXT
  ) STRICT;
  CREATE TRIGGER IF NOT EXISTS journal_incidents_no_update BEFORE UPDATE ON journal_incidents
    BEGIN SELECT RAISE(ABORT, 'journal incidents are append-only'); END;
  CREATE TRIGGER IF NOT EXISTS journal_incidents_no_delete BEFORE DELETE ON journal_incidents
    BEGIN SELECT RAISE(ABORT, 'journal incidents are append-only'); END;
`;

/** Run just before each COMMIT of a write transaction; returns the new count. */
export const WRITE_BUMP_SQL =
  'UPDATE journal_identity SET writes = writes + 1, last_write_at = ? WHERE singleton = 1 RETURNING writes';

/** The file's identity, or null when it has none (a new file, a journal from before marks, or another file). */
export function identityOf(db: DatabaseSync): JournalIdentity | null {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_identity'").get();
  if (!table) return null;
  const row = db.prepare('SELECT journal_id, writes, last_write_at FROM journal_identity WHERE singleton = 1').get();
  if (!row) return null;
  return {
    journalId: String(row['journal_id']),
    writes: Number(row['writes']),
    lastWriteAt: row['last_write_at'] === null ? null : Number(row['last_write_at']),
  };
}

/** Gives the file its identity (tables included), in one transaction. */
export function createIdentity(db: DatabaseSync, now: number): JournalIdentity {
  const identity: JournalIdentity = { journalId: randomUUID(), writes: 0, lastWriteAt: null };
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(IDENTITY_TABLES_SQL);
    db.prepare(
      'INSERT INTO journal_identity (singleton, journal_id, writes, last_write_at, created_at) VALUES (1, ?, 0, NULL, ?)',
    ).run(identity.journalId, now);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return identity;
}

export function recordIncident(
  db: DatabaseSync,
  at: number,
  action: 'accepted' | 'started-new',
  problem: JournalProblem,
  setAsideAs: string | null = null,
): void {
  db.prepare('INSERT INTO journal_incidents (at, action, problem, set_aside_as) VALUES (?, ?, ?, ?)').run(
    at,
    action,
    JSON.stringify(problem),
    setAsideAs,
  );
}

export interface JournalIncident {
  readonly at: number;
  readonly action: 'accepted' | 'started-new';
  readonly problem: JournalProblem;
  readonly setAsideAs: string | null;
}

/** Every incident recorded in this file, oldest first (support, and the tests). */
export function incidentsOf(db: DatabaseSync): JournalIncident[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_incidents'").get();
  if (!table) return [];
  return db
    .prepare('SELECT at, action, problem, set_aside_as FROM journal_incidents ORDER BY id')
    .all()
    .map((row) => ({
      at: Number(row['at']),
      action: row['action'] as JournalIncident['action'],
      problem: JSON.parse(String(row['problem'])) as JournalProblem,
      setAsideAs: row['set_aside_as'] === null ? null : String(row['set_aside_as']),
    }));
}
