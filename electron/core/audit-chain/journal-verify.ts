import { DatabaseSync } from 'node:sqlite';
import type { ChainMark } from '../../../shared/audit-chain.ts';
import { CHAINED_TABLES, subjectOf, type ChainedTable } from './chained-tables.ts';
import { chainWalker, parse, type ChainBreak, type ChainWalk } from './chain-walk.ts';

// The verifier of a payment journal file: the chain walked (chain-walk.ts), then every row of the chained tables
// held against the chain's last entry for it, and every closed shift's Z against the chain it printed. A row
// changed in the file while its entry was left alone, a row removed, a row the chain never saw, and a chain cut
// short are each named. Read-only: opens the file with a read-only connection of its own, on a running till too.

export type ChainFindingKind =
  | ChainBreak
  /** The chain ends before what the records (or a Z report) say it reached. */
  | 'truncated'
  /** A row differs from the chain's last entry for it. */
  | 'row-edited'
  /** The chain holds a row the table no longer has. */
  | 'row-deleted'
  /** A row the chain never held. */
  | 'row-unchained';

export interface ChainFinding {
  readonly kind: ChainFindingKind;
  /** The entry concerned, when there is one. */
  readonly seq: number | null;
  /** `<table>/<key>` of the record concerned. */
  readonly subject: string | null;
  readonly detail: string;
}

export interface ChainVerdict {
  /** Entries that fit, and the last one's hash: what the till's reports printed if nothing was changed. */
  readonly head: ChainMark;
  readonly total: number;
  /** In order: the chain's first break, then the rows', then the Z reports'. At most MAX_FINDINGS. */
  readonly findings: readonly ChainFinding[];
}

/** Enough to say what was done and where, without listing a whole rewritten journal. */
export const MAX_FINDINGS = 20;

/** A journal written before the chain (schema < 15) has no audit_chain table: null. */
export function verifyJournalFile(filePath: string): ChainVerdict | null {
  const db = openSnapshot(filePath);
  try {
    return verifyJournal(db);
  } finally {
    db.close();
  }
}

/** A read-only connection on one snapshot: a till writing meanwhile cannot show the chain of one moment and the rows of another. */
function openSnapshot(filePath: string): DatabaseSync {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    // The whole file is read: its pages through a memory map rather than a read call each (a tenth of the CPU).
    db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
    db.exec('BEGIN');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const MMAP_BYTES = 1 << 30;

function verifyJournal(db: DatabaseSync): ChainVerdict | null {
  if (!db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'audit_chain'").get())
    return null;
  const walk = walkStoredChain(db);
  const findings: ChainFinding[] = [];
  if (walk.finding) findings.push(walk.finding);
  const found = (finding: ChainFinding): boolean => {
    findings.push(finding);
    return findings.length >= MAX_FINDINGS;
  };
  const last = db.prepare('SELECT body FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
  const lastAt = last ? (parse(String(last['body']))?.at ?? 0) : 0;
  for (const table of CHAINED_TABLES) {
    if (checkRows(db, table, lastAt, found)) break;
  }
  if (findings.length < MAX_FINDINGS) checkZReports(db, walk.total, found);
  return { head: walk.head, total: walk.total, findings: findings.slice(0, MAX_FINDINGS) };
}

/** Entries read at a time: large ordered batches through one statement, each row an array rather than an object. */
const BATCH = 4_096;

function walkStoredChain(db: DatabaseSync): ChainWalk {
  const batch = db.prepare('SELECT seq, subject, body, hash FROM audit_chain WHERE seq > ? ORDER BY seq LIMIT ?');
  batch.setReturnArrays(true);
  const walker = chainWalker();
  // From below any number a file could hold: a chain whose CHECK (seq >= 1) was dropped is walked whole too.
  let after = -Infinity;
  for (;;) {
    const rows = batch.all(after, BATCH) as unknown as [number, string, string, string][];
    for (const [seq, subject, body, hash] of rows) walker.next(seq, subject, body, hash);
    if (rows.length < BATCH) return walker.end();
    after = rows[rows.length - 1]![0];
  }
}

/**
 * Each row of `table` against the chain's last entry for it, by text: the entry's body holds the row's canonical
 * JSON verbatim (canonical-json.ts). SQLite writes each row the same way (json_object, the columns in canonical
 * order) and looks for it in its entry, in one query that reads the table once beside each record's last entry
 * (found by the subject index) and hands back only the rows that do not fit there: a row that fits costs no
 * JavaScript at all. Those rows are then judged here: first by canonical JSON as the till writes it (where
 * SQLite would write a value otherwise: a byte array, a fraction), then across migrations. Then each record the
 * chain still holds and the table no longer has. True once MAX_FINDINGS are found.
 */
function checkRows(
  db: DatabaseSync,
  { table, key }: ChainedTable,
  lastAt: number,
  found: (finding: ChainFinding) => boolean,
): boolean {
  const info = db.prepare(`SELECT name, dflt_value FROM pragma_table_info('${table}')`).all();
  const columns = info.map((row) => String(row['name'])).sort();
  const defaults = new Map(info.map((row) => [String(row['name']), defaultText(row['dflt_value'])]));
  const prefixes = columns.map((column, index) => `${index === 0 ? '{' : ','}${JSON.stringify(column)}:`);
  const prefix = `${table}/`;
  const rowJson = `json_object(${columns.map((column) => `${sqlText(column)}, t.${sqlName(column)}`).join(', ')})`;
  // json_object refuses a byte array: such a row is left to the judging below (CASE evaluates only its branch).
  const anyBytes = columns.map((column) => `typeof(t.${sqlName(column)}) = 'blob'`).join(' OR ');
  const unfitting = db.prepare(`
    SELECT t.*, c.seq AS chain_seq, c.body AS chain_body FROM ${table} t
      LEFT JOIN audit_chain c
        ON c.seq = (SELECT MAX(seq) FROM audit_chain WHERE subject = '${prefix}' || t.${key})
      WHERE CASE WHEN c.seq IS NULL OR ${anyBytes} THEN 1
        ELSE instr(c.body, '"record":' || ${rowJson} || ',"seq":' || c.seq || ',') = 0 END`);
  for (const row of unfitting.iterate()) {
    const seq = row['chain_seq'];
    const body = row['chain_body'];
    let text = '';
    for (let index = 0; index < columns.length; index += 1) text += prefixes[index]! + valueText(row[columns[index]!]);
    text += '}';
    if (typeof body === 'string' && body.includes(`"record":${text},"seq":${String(seq)},`)) continue;
    const subject = prefix + String(row[key]);
    const held = typeof body === 'string' ? parse(body) : null;
    if (held && fitsAcrossMigrations(row, columns, defaults, held.record)) continue;
    // Newer than its last entry and not older than the chain's end: the chain lost its end, not the row its value.
    const written = writtenAt(row);
    const finding: ChainFinding =
      (held ? written > writtenAt(held.record) : true) && written >= lastAt
        ? { kind: 'truncated', seq: null, subject, detail: `${subject} was written after the chain's last entry` }
        : held
          ? { kind: 'row-edited', seq: held.seq, subject, detail: `${subject} differs from entry ${held.seq}` }
          : { kind: 'row-unchained', seq: null, subject, detail: `${subject} is in no entry of the chain` };
    if (found(finding)) return true;
  }
  // The last entry of each record of this table (the subject index makes it a range scan).
  const gone = db.prepare(`WITH latest AS (SELECT subject, MAX(seq) AS seq FROM audit_chain
      WHERE subject >= '${prefix}' AND subject < '${table}0' GROUP BY subject)
    SELECT l.subject, c.seq, c.body FROM latest l JOIN audit_chain c ON c.seq = l.seq
      WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${key} = substr(l.subject, ${prefix.length + 1}))`);
  for (const row of gone.iterate()) {
    if (parse(String(row['body']))?.record === null) continue; // Its last entry says it was deleted.
    const subject = String(row['subject']);
    const seq = Number(row['seq']);
    if (found({ kind: 'row-deleted', seq, subject, detail: `${subject} (entry ${seq}) is gone` })) return true;
  }
  return false;
}

/** Each Z printed the chain as it stood: the chain must still reach that entry, with that hash. */
function checkZReports(db: DatabaseSync, total: number, found: (finding: ChainFinding) => boolean): void {
  const hashAt = db.prepare('SELECT hash FROM audit_chain WHERE seq = ?');
  for (const row of db.prepare('SELECT shift_id, number, z_report FROM shifts WHERE z_report IS NOT NULL').iterate()) {
    let mark: ChainMark | undefined;
    try {
      mark = (JSON.parse(String(row['z_report'])) as { chain?: ChainMark }).chain;
    } catch {
      continue; // The row's own check names a Z that is not JSON any more.
    }
    if (!mark || mark.entries === 0) continue;
    const entry = hashAt.get(mark.entries);
    const subject = subjectOf('shifts', String(row['shift_id']));
    const z = `Z #${String(row['number'])}`;
    if (!entry) {
      const detail = `${z} printed ${mark.entries} entries; the chain has ${total}`;
      if (found({ kind: 'truncated', seq: mark.entries, subject, detail })) return;
    } else if (entry['hash'] !== mark.hash) {
      const detail = `${z} printed another hash for entry ${mark.entries}`;
      if (found({ kind: 'edited', seq: mark.entries, subject, detail })) return;
    }
  }
}

/**
 * A row chained before a migration added a column to its table: its entry has no such key, and the row holds the
 * column's default (or null) there. Every column the entry holds must still be equal, and none may have gone.
 * Without this, each column a later schema adds would read as every earlier row edited.
 */
function fitsAcrossMigrations(
  row: Record<string, unknown>,
  columns: readonly string[],
  defaults: ReadonlyMap<string, string | null>,
  record: unknown,
): boolean {
  if (typeof record !== 'object' || record === null) return false;
  const held = record as Record<string, unknown>;
  if (Object.keys(held).some((column) => !columns.includes(column))) return false;
  return columns.every((column) =>
    Object.hasOwn(held, column)
      ? valueText(held[column]) === valueText(row[column])
      : row[column] === null || valueText(row[column]) === defaults.get(column),
  );
}

/** Column names are the file's: quoted, whatever a changed file named them. */
function sqlName(column: string): string {
  return `"${column.replaceAll('"', '""')}"`;
}

function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A column's SQL default as canonical JSON would write its value: 0 → 0, 'x' → "x", none → null. */
function defaultText(sql: unknown): string | null {
  if (typeof sql !== 'string') return null;
  if (/^-?\d+(\.\d+)?$/.test(sql)) return sql;
  const quoted = /^'(.*)'$/s.exec(sql);
  return quoted ? JSON.stringify(quoted[1]!.replaceAll("''", "'")) : null;
}

/** A column's value as canonical JSON writes it (rows hold text, numbers and nulls). */
function valueText(value: unknown): string {
  return value === null ? 'null' : JSON.stringify(value);
}

/** The last time a row (or a row as an entry holds it) was written, by its own time columns. */
function writtenAt(row: unknown): number {
  if (typeof row !== 'object' || row === null) return 0;
  const record = row as Record<string, unknown>;
  return Math.max(0, ...TIME_COLUMNS.map((column) => (typeof record[column] === 'number' ? record[column] : 0)));
}

const TIME_COLUMNS = ['updated_at', 'closed_at', 'opened_at', 'created_at'] as const;
