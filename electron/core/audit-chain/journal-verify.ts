import { DatabaseSync } from 'node:sqlite';
import type { ChainMark } from '../../../shared/audit-chain.ts';
import type { StoredChainEntry } from './chain-entry.ts';
import { CHAINED_TABLES, subjectOf, type ChainedTable } from './chained-tables.ts';
import { parse, STEP, toEnd, walkChainSteps, type ChainBreak } from './chain-walk.ts';

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
    return toEnd(verifyJournalSteps(db));
  } finally {
    db.close();
  }
}

/**
 * The same check for a running till (the health check): it pauses every few milliseconds so the till's screens
 * are answered meanwhile. (Not a worker thread like SQLite's own check: the verifier is this module, which a
 * worker could not load from the app's single bundle.)
 */
export async function verifyJournalFileSliced(filePath: string): Promise<ChainVerdict | null> {
  const db = openSnapshot(filePath);
  try {
    const steps = verifyJournalSteps(db);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    db.close();
  }
}

/** A read-only connection on one snapshot: a till writing meanwhile cannot show the chain of one moment and the rows of another. */
function openSnapshot(filePath: string): DatabaseSync {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('BEGIN');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function* verifyJournalSteps(db: DatabaseSync): Generator<void, ChainVerdict | null> {
  if (!db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'audit_chain'").get())
    return null;
  const entries = db.prepare('SELECT seq, subject, body, hash FROM audit_chain ORDER BY seq').iterate();
  const walk = yield* walkChainSteps(entries as Iterable<unknown> as Iterable<StoredChainEntry>);
  const findings: ChainFinding[] = [];
  if (walk.finding) findings.push(walk.finding);
  const found = (finding: ChainFinding): boolean => {
    findings.push(finding);
    return findings.length >= MAX_FINDINGS;
  };
  const last = db.prepare('SELECT body FROM audit_chain ORDER BY seq DESC LIMIT 1').get();
  const lastAt = last ? (parse(String(last['body']))?.at ?? 0) : 0;
  for (const table of CHAINED_TABLES) {
    if (yield* checkRows(db, table, lastAt, found)) break;
  }
  if (findings.length < MAX_FINDINGS) checkZReports(db, walk.total, found);
  return { head: walk.head, total: walk.total, findings: findings.slice(0, MAX_FINDINGS) };
}

/**
 * Each row of `table` against the chain's last entry for it, by text: the entry's body holds the row's canonical
 * JSON verbatim (canonical-json.ts), so a row that fits costs one string built and found, no parse. Then each
 * record the chain still holds and the table no longer has. True once MAX_FINDINGS are found.
 */
function* checkRows(
  db: DatabaseSync,
  { table, key }: ChainedTable,
  lastAt: number,
  found: (finding: ChainFinding) => boolean,
): Generator<void, boolean> {
  const info = db.prepare(`SELECT name, dflt_value FROM pragma_table_info('${table}')`).all();
  const columns = info.map((row) => String(row['name'])).sort();
  const defaults = new Map(info.map((row) => [String(row['name']), defaultText(row['dflt_value'])]));
  const prefixes = columns.map((column, index) => `${index === 0 ? '{' : ','}${JSON.stringify(column)}:`);
  const prefix = `${table}/`;
  // The last entry of each record of this table (the subject index makes it a range scan).
  const latest = `WITH latest AS (SELECT subject, MAX(seq) AS seq FROM audit_chain
    WHERE subject >= '${prefix}' AND subject < '${table}0' GROUP BY subject)`;
  const rows = db.prepare(`${latest}
    SELECT t.*, c.seq AS chain_seq, c.body AS chain_body FROM ${table} t
      LEFT JOIN latest l ON l.subject = '${prefix}' || t.${key} LEFT JOIN audit_chain c ON c.seq = l.seq`);
  let count = 0;
  for (const row of rows.iterate()) {
    count += 1;
    if (count % STEP === 0) yield;
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
  const gone = db.prepare(`${latest}
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
