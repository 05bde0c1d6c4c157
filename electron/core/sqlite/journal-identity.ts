import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { JournalProblem } from '../../../shared/journal.ts';

// Each journal file's identity, kept in the file itself: a random id given when the journal began (and again when
// an admin keeps a refused file) and the number of write transactions it has committed (the mark beside it keeps
// the same two facts, see journal-mark.ts). Plus the record of every time an admin kept a refused file or started
// a new journal, and the ids of the journals each such decision superseded.
// These tables belong to journal-file.ts, not to either journal's versioned schema: both journals share them,
// and a file written before they existed gets them when it is adopted or decided about (CREATE IF NOT EXISTS),
// whatever its user_version.

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
  -- Journals this one took the place of by an admin's decision: a mark or record of the till that names one was
  -- written before that decision (a crash or a failed write kept it from catching up), not after a loss.
  CREATE TABLE IF NOT EXISTS journal_superseded (
    journal_id     TEXT PRIMARY KEY NOT NULL,
    incident_id    INTEGER NOT NULL REFERENCES journal_incidents (id)
  ) STRICT;
  CREATE TRIGGER IF NOT EXISTS journal_superseded_no_update BEFORE UPDATE ON journal_superseded
    BEGIN SELECT RAISE(ABORT, 'superseded journals are append-only'); END;
  CREATE TRIGGER IF NOT EXISTS journal_superseded_no_delete BEFORE DELETE ON journal_superseded
    BEGIN SELECT RAISE(ABORT, 'superseded journals are append-only'); END;
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

/** What an admin decided about a refused journal (journal-file.ts resolveJournalProblem). */
export interface JournalDecision {
  readonly action: 'accepted' | 'started-new';
  /** The problem the admin acted on (what the till found, what it had recorded). */
  readonly problem: JournalProblem;
  /** started-new: where the refused file was set aside. */
  readonly setAsideAs: string | null;
  /** The journal ids the till had recorded (its mark, its record) when the admin decided. */
  readonly supersedes: readonly string[];
}

/**
 * Records `decision` in the journal it leaves (the new one, or the file kept), in one commit: the incident, a new
 * id for the journal, and every id it supersedes (those the till had recorded, and the file's own former id). So
 * the journal itself knows that a mark or record naming one of those ids predates the decision, whether or not
 * they are ever rewritten; and since a kept file's id is new too, a record of its former self, however far ahead
 * of the file, is never taken for a rollback. Returns the identity after the commit.
 */
export function recordDecision(db: DatabaseSync, at: number, decision: JournalDecision): JournalIdentity {
  const journalId = randomUUID();
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(IDENTITY_TABLES_SQL);
    const former = identityOf(db);
    if (former) db.prepare('UPDATE journal_identity SET journal_id = ? WHERE singleton = 1').run(journalId);
    else
      db.prepare(
        'INSERT INTO journal_identity (singleton, journal_id, writes, last_write_at, created_at) VALUES (1, ?, 0, NULL, ?)',
      ).run(journalId, at);
    const incident = db
      .prepare('INSERT INTO journal_incidents (at, action, problem, set_aside_as) VALUES (?, ?, ?, ?) RETURNING id')
      .get(at, decision.action, JSON.stringify(decision.problem), decision.setAsideAs);
    const supersede = db.prepare('INSERT OR IGNORE INTO journal_superseded (journal_id, incident_id) VALUES (?, ?)');
    for (const id of new Set([...decision.supersedes, ...(former ? [former.journalId] : [])]))
      supersede.run(id, Number(incident?.['id']));
    db.prepare(WRITE_BUMP_SQL).get(at);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return identityOf(db)!;
}

/** The ids of the journals this one superseded by an admin's decision (none in a file without the table). */
export function supersededIds(db: DatabaseSync): ReadonlySet<string> {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_superseded'").get();
  if (!table) return new Set();
  return new Set(
    db
      .prepare('SELECT journal_id FROM journal_superseded')
      .all()
      .map((row) => String(row['journal_id'])),
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
