import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PosError } from '../../../../shared/errors.ts';
import type { JournalContext } from './context.ts';

// A closed year moved out of the live journal into a file of its own (`archive/payments-<year>.sqlite3` beside
// the journal), which the till still reads (year-archive-reader.ts). Nothing recorded is lost or doubled, at any
// point a crash may come:
// 1. copy: the year's payments, with their events, status history, refunds, cancels and sale lines, into the
//    archive file (the live journal's own CREATE statements, so every query of the journal runs on it), in one
//    transaction of that file, fsynced. The live rows are untouched. A crash here leaves a partial archive the
//    next run replaces row by row (INSERT OR REPLACE by each row's key);
// 2. verify and delete, in one transaction of the live journal: every row to delete must be in the archive as
//    it stands (EXCEPT finds none missing or different), then the rows are deleted. A crash rolls it all back.
// What a year may move: payments of that local year (a year before the current one) that are settled (final,
// or never sent), whose refunds were made in that year and are settled, whose cancels are done, and that no
// register request still names. Any other payment of the year stays live, with its refunds.
// The audit chain stays in the live file, whole: the till's commit helper chains each deleted payment, refund
// and cancel (`payment.deleted`… with the row as null), so the verifier finds every row the chain held either
// present or recorded deleted; the entries that held the archived rows as written are kept.

export const ARCHIVE_FOLDER = 'archive';
const ARCHIVE_FILE = /^payments-(\d{4})\.sqlite3$/;

/** The tables an archived payment takes with it, children first (the order rows are deleted in). */
const ARCHIVED_TABLES = ['events', 'status_history', 'sale_lines', 'refunds', 'cancels', 'payment_attempts'] as const;
/** Append-only in the live journal: their triggers are set aside inside the delete's transaction, then restored. */
const APPEND_ONLY = ['events', 'status_history'] as const;

export interface YearArchiveOutcome {
  readonly year: number;
  readonly file: string;
  /** Rows moved, per table. */
  readonly moved: Readonly<Record<(typeof ARCHIVED_TABLES)[number], number>>;
  /** Payments of that year left in the live journal (refunded after the year, or not settled). */
  readonly keptLive: number;
}

export function archiveFileOf(folder: string, year: number): string {
  return join(folder, `payments-${year}.sqlite3`);
}

/** The archive files in `folder`, newest year first. */
export function archiveFilesIn(folder: string): { year: number; file: string }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => ARCHIVE_FILE.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ year: Number(match[1]), file: join(folder, match[0]) }))
    .sort((a, b) => b.year - a.year);
}

export function archiveYear(ctx: JournalContext, folder: string, year: number): YearArchiveOutcome {
  const currentYear = Number(ctx.localDay(ctx.now()).slice(0, 4));
  if (!Number.isSafeInteger(year) || year < 2000 || year >= currentYear)
    throw new PosError('request.invalid', {
      cause: new Error(`Only a closed year can be archived: a year before ${currentYear}, not ${String(year)}.`),
    });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = archiveFileOf(folder, year);
  // Readable by the till's account only, as the journal is (SQLite takes an empty file as a new database).
  const created = !existsSync(file);
  if (created) writeFileSync(file, '', { mode: 0o600 });
  let chosen = 0;
  ctx.db.prepare('ATTACH DATABASE ? AS year_archive').run(file);
  try {
    ctx.db.exec('PRAGMA year_archive.synchronous = FULL');
    const { chosen: count, keptLive } = chooseSettled(ctx, year);
    chosen = count;
    if (chosen === 0) return { year, file, moved: movedNone(), keptLive };
    copyIntoArchive(ctx, year);
    const moved = verifyAndDelete(ctx);
    return { year, file, moved, keptLive };
  } finally {
    ctx.db.exec('DROP TABLE IF EXISTS temp.year_archive_chosen');
    ctx.db.exec('DETACH DATABASE year_archive');
    // Nothing of that year to move: no empty archive left behind.
    if (created && chosen === 0) rmSync(file, { force: true });
  }
}

/** The year's payments that may move, in a TEMP table of this connection. */
function chooseSettled(ctx: JournalContext, year: number): { chosen: number; keptLive: number } {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  ctx.db.exec('DROP TABLE IF EXISTS temp.year_archive_chosen');
  ctx.db.exec('CREATE TEMP TABLE year_archive_chosen (reference_id TEXT PRIMARY KEY NOT NULL)');
  ctx.db
    .prepare(
      `INSERT INTO temp.year_archive_chosen (reference_id)
       SELECT a.reference_id FROM main.payment_attempts a
       WHERE a.local_day BETWEEN :from AND :to AND a.state IN ('final', 'not-sent')
         AND NOT EXISTS (SELECT 1 FROM main.refunds r WHERE r.reference_id = a.reference_id
           AND (r.local_day > :to OR r.state NOT IN ('succeeded', 'failed')
             OR EXISTS (SELECT 1 FROM main.register_requests q WHERE q.refund_id = r.refund_id)))
         AND NOT EXISTS (SELECT 1 FROM main.cancels c WHERE c.reference_id = a.reference_id AND c.state <> 'done')`,
    )
    .run({ from, to });
  const chosen = Number(ctx.db.prepare('SELECT COUNT(*) AS n FROM temp.year_archive_chosen').get()?.['n']);
  const ofYear = Number(
    ctx.db.prepare('SELECT COUNT(*) AS n FROM main.payment_attempts WHERE local_day BETWEEN ? AND ?').get(from, to)?.[
      'n'
    ],
  );
  return { chosen, keptLive: ofYear - chosen };
}

/** Step 1: the chosen rows into the archive file, its tables made as the live journal's are. */
function copyIntoArchive(ctx: JournalContext, year: number): void {
  ctx.atomically(() => {
    const schema = ctx.db
      .prepare(
        `SELECT type, name, tbl_name, sql FROM main.sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index')
         AND tbl_name IN (${ARCHIVED_TABLES.map(() => '?').join(', ')}) ORDER BY type DESC`,
      )
      .all(...ARCHIVED_TABLES);
    for (const row of schema) {
      const name = String(row['name']);
      const exists = ctx.db.prepare('SELECT 1 AS found FROM year_archive.sqlite_master WHERE name = ?').get(name);
      if (!exists) ctx.db.exec(inArchive(String(row['sql']), String(row['type']), name));
    }
    ctx.db.exec(`CREATE TABLE IF NOT EXISTS year_archive.archive_info (
      singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1), year INTEGER NOT NULL, archived_at INTEGER NOT NULL)`);
    ctx.db
      .prepare('INSERT OR REPLACE INTO year_archive.archive_info (singleton, year, archived_at) VALUES (1, ?, ?)')
      .run(year, ctx.now());
    for (const table of ARCHIVED_TABLES)
      ctx.db.exec(`INSERT OR REPLACE INTO year_archive.${table} SELECT * FROM main.${table}
        WHERE reference_id IN (SELECT reference_id FROM temp.year_archive_chosen)`);
  });
}

/**
 * A CREATE statement of the live journal, for the archive: in its schema, and without the foreign keys to tables
 * the archive does not hold (a payment's shift stays in the live journal with its Z report).
 */
function inArchive(sql: string, type: string, name: string): string {
  const withoutReferences = sql.replace(/\s+REFERENCES\s+\w+\s*\(\s*\w+\s*\)/gi, '');
  const keyword = type === 'table' ? /^CREATE\s+TABLE\s+("?\w+"?)/i : /^CREATE\s+(UNIQUE\s+)?INDEX\s+("?\w+"?)/i;
  return withoutReferences.replace(keyword, (whole) => whole.replace(/("?\w+"?)$/, `year_archive."${name}"`));
}

/** Step 2, in one transaction of the live journal: every chosen row found in the archive as it stands, then deleted. */
function verifyAndDelete(ctx: JournalContext): YearArchiveOutcome['moved'] {
  return ctx.atomically(() => {
    const moved = movedNone();
    for (const table of ARCHIVED_TABLES) {
      const chosen = `WHERE reference_id IN (SELECT reference_id FROM temp.year_archive_chosen)`;
      const missing = Number(
        ctx.db
          .prepare(
            `SELECT COUNT(*) AS n FROM (SELECT * FROM main.${table} ${chosen} EXCEPT SELECT * FROM year_archive.${table} ${chosen})`,
          )
          .get()?.['n'],
      );
      if (missing > 0)
        throw new PosError('journal.conflict', {
          cause: new Error(`${missing} ${table} rows are not in the archive as they stand; nothing was deleted.`),
        });
      moved[table] = Number(ctx.db.prepare(`SELECT COUNT(*) AS n FROM main.${table} ${chosen}`).get()?.['n']);
    }
    const triggers = ctx.db
      .prepare(
        `SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name IN (${APPEND_ONLY.map(() => '?').join(', ')})`,
      )
      .all(...APPEND_ONLY)
      .map((row) => ({ name: String(row['name']), sql: String(row['sql']) }));
    for (const { name } of triggers) ctx.db.exec(`DROP TRIGGER main."${name}"`);
    for (const table of ARCHIVED_TABLES)
      ctx.db.exec(
        `DELETE FROM main.${table} WHERE reference_id IN (SELECT reference_id FROM temp.year_archive_chosen)`,
      );
    for (const { sql } of triggers) ctx.db.exec(sql);
    return moved;
  });
}

function movedNone(): Record<(typeof ARCHIVED_TABLES)[number], number> {
  return { events: 0, status_history: 0, sale_lines: 0, refunds: 0, cancels: 0, payment_attempts: 0 };
}
