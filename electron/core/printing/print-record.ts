import { chmodSync, mkdirSync, openSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StaffRef } from '../../../shared/staff.ts';

// Every print the till attempted: what (a receipt, a refund slip, a day report, a test page, and of which
// payment), when, on which printer, and whether it printed or why not. A receipt is never lost from the record
// even when it was lost from the paper, and a reprint knows it is one (a first good print came before).
//
// Its own small SQLite file (prints.sqlite), not a private JSON file and not a table in the payment journal:
// a print is one appended row (a JSON file would be rewritten whole on every print, and grows all day); the
// payment journal belongs to the payment service, whose gate refuses it when damaged, and a printer problem
// must never touch it (nor a journal problem stop a reprint). Written with synchronous=FULL like the journal.

export type PrintWhat = 'receipt' | 'refund-slip' | 'day-report' | 'shift-report' | 'test-page' | 'drawer';

export interface PrintEntry {
  readonly at: string;
  readonly what: PrintWhat;
  /** The payment's reference for receipts and slips; the day for a day report; the shift's id for a Z (id@time for an X); '' otherwise. */
  readonly subject: string;
  readonly printer: string;
  readonly outcome: 'printed' | 'failed';
  /** Why it failed: the error code (printer.paper-out…), or "system: " and the system printer's words; '' when printed. */
  readonly reason: string;
  readonly copy: boolean;
  /** Who asked for it, when someone was signed in: the drawer records who opened it. */
  readonly by?: StaffRef | null;
  /** Why, in their words: the reason given for opening the drawer; '' for a print. */
  readonly why?: string;
}

export const PRINT_RECORD_FILE = 'prints.sqlite';

export interface PrintRecord {
  add(entry: PrintEntry): void;
  /** Whether this document was printed before (so this one is a copy). */
  printedBefore(what: PrintWhat, subject: string): boolean;
  /** The newest first. */
  recent(limit: number): PrintEntry[];
  close(): void;
}

export function openPrintRecord(filePath: string): PrintRecord {
  mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
  closeSync(openSync(filePath, 'a', 0o600));
  chmodSync(filePath, 0o600);
  const db = new DatabaseSync(filePath);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS prints (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    what TEXT NOT NULL,
    subject TEXT NOT NULL,
    printer TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('printed', 'failed')),
    reason TEXT NOT NULL,
    copy INTEGER NOT NULL
  )`);
  db.exec('CREATE INDEX IF NOT EXISTS prints_subject ON prints (what, subject, outcome)');
  addWhoAndWhy(db);
  const insert = db.prepare(
    'INSERT INTO prints (at, what, subject, printer, outcome, reason, copy, by_id, by_name, why) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const before = db.prepare("SELECT 1 FROM prints WHERE what = ? AND subject = ? AND outcome = 'printed' LIMIT 1");
  const newest = db.prepare(
    'SELECT at, what, subject, printer, outcome, reason, copy, by_id, by_name, why FROM prints ORDER BY id DESC LIMIT ?',
  );
  return {
    add(entry) {
      const { by = null, why = '' } = entry;
      insert.run(
        entry.at,
        entry.what,
        entry.subject,
        entry.printer,
        entry.outcome,
        entry.reason,
        entry.copy ? 1 : 0,
        by?.id ?? null,
        by?.name ?? null,
        why,
      );
    },
    printedBefore(what, subject) {
      return before.get(what, subject) !== undefined;
    },
    recent(limit) {
      return newest.all(limit).map((row) => ({
        at: String(row['at']),
        what: row['what'] as PrintWhat,
        subject: String(row['subject']),
        printer: String(row['printer']),
        outcome: row['outcome'] as PrintEntry['outcome'],
        reason: String(row['reason']),
        copy: row['copy'] === 1,
        by: row['by_id'] === null ? null : { id: String(row['by_id']), name: String(row['by_name']) },
        why: String(row['why']),
      }));
    },
    close() {
      db.close();
    },
  };
}

/** Who and why came after the first record files were written: a file without them gains them, empty. */
function addWhoAndWhy(db: DatabaseSync): void {
  const columns = new Set(
    db
      .prepare('PRAGMA table_info(prints)')
      .all()
      .map((row) => String(row['name'])),
  );
  if (!columns.has('by_id')) db.exec('ALTER TABLE prints ADD COLUMN by_id TEXT');
  if (!columns.has('by_name')) db.exec('ALTER TABLE prints ADD COLUMN by_name TEXT');
  if (!columns.has('why')) db.exec("ALTER TABLE prints ADD COLUMN why TEXT NOT NULL DEFAULT ''");
}
