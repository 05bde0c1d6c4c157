import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CanonicalValue } from './canonical-json.ts';
import { entryBody, entryHash, GENESIS_HASH, type ChainHead } from './chain-entry.ts';
import { CHAINED_TABLES, chainedTable, subjectOf } from './chained-tables.ts';

// Appending to the audit chain, always inside the transaction of what it records. How a journal row reaches the
// chain without a call at each of the journal's writes: the till's own connection has TEMP triggers (they exist
// for that connection only, never in the file) that note each row a write touches in a TEMP table, and the
// journal's commit helper calls `chainWrittenRows` just before COMMIT: one entry per row, holding the row as it
// now stands, in the order the rows were first touched. A write that rolls back takes its notes with it; a write
// the chain cannot follow (a full disk) fails with it. Records kept outside the journal (settings, staff,
// policy, lockouts) are appended with `append` in a transaction of their own.

export interface ChainWriter {
  /** Inside the commit: one entry per chained row the transaction wrote. */
  chainWrittenRows(): void;
  /** A record kept outside the journal's tables, in the caller's transaction. */
  append(kind: string, subject: string, record: CanonicalValue): ChainHead;
  head(): ChainHead;
}

const PENDING = 'temp.audit_chain_written';

export function createChainWriter(db: DatabaseSync, now: () => number): ChainWriter {
  installWriteNotes(db);
  const sql = preparedOnce(db);
  const append = (kind: string, subject: string, record: CanonicalValue): ChainHead =>
    appendEntry(db, sql, { at: now(), kind, subject, record });
  return {
    chainWrittenRows() {
      const written = sql(
        `SELECT tbl, key, MIN(id) AS first, MAX(op = 'insert') AS inserted FROM ${PENDING} GROUP BY tbl, key ORDER BY first`,
      ).all();
      if (written.length === 0) return;
      const at = now();
      for (const note of written) {
        const table = chainedTable(String(note['tbl']));
        const key = String(note['key']);
        const row = sql(`SELECT * FROM main.${table.table} WHERE ${table.key} = ?`).get(key);
        const kind = !row ? table.deleted : note['inserted'] === 1 ? table.created(row) : table.changed;
        appendEntry(db, sql, { at, kind, subject: subjectOf(table.table, key), record: row ? plain(row) : null });
      }
      sql(`DELETE FROM ${PENDING}`).run();
    },
    append,
    head: () => chainHead(db),
  };
}

/** Appends one entry after the chain's last: the caller holds the write transaction. */
export function appendEntry(
  db: DatabaseSync,
  sql: (text: string) => StatementSync,
  entry: { at: number; kind: string; subject: string; record: CanonicalValue },
): ChainHead {
  const last = sql('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
  const seq = last ? Number(last['seq']) + 1 : 1;
  const body = entryBody({ seq, ...entry });
  const hash = entryHash(last ? String(last['hash']) : GENESIS_HASH, body);
  sql('INSERT INTO audit_chain (seq, subject, body, hash) VALUES (?, ?, ?, ?)').run(seq, entry.subject, body, hash);
  return { entries: seq, hash };
}

export function chainHead(db: DatabaseSync): ChainHead {
  const last = db.prepare('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
  return last ? { entries: Number(last['seq']), hash: String(last['hash']) } : { entries: 0, hash: GENESIS_HASH };
}

/** A row of the journal as the chain holds it: every column, by name (node:sqlite's rows have no prototype). */
export function plain(row: Record<string, unknown>): { [column: string]: CanonicalValue } {
  return { ...row } as { [column: string]: CanonicalValue };
}

export function preparedOnce(db: DatabaseSync): (text: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}

/** The TEMP table and triggers of this connection (never written to the file: another program's writes are not noted). */
function installWriteNotes(db: DatabaseSync): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS audit_chain_written (
    id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, key TEXT NOT NULL, op TEXT NOT NULL)`);
  for (const { table, key } of CHAINED_TABLES) {
    for (const [op, row] of [
      ['insert', 'NEW'],
      ['update', 'NEW'],
      ['delete', 'OLD'],
    ] as const) {
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS audit_chain_${table}_${op} AFTER ${op.toUpperCase()} ON main.${table}
        BEGIN INSERT INTO ${PENDING} (tbl, key, op) VALUES ('${table}', ${row}.${key}, '${op}'); END`);
    }
  }
}
