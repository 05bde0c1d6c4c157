import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { sqliteErrorCode } from './database.ts';

const SQLITE_CORRUPT = 11;

// SQLite's quick_check of a journal file, in its two strengths. quick_check reads every page and walks every
// b-tree; on a connection that may write it also decodes every row against the table's NOT NULL and CHECK
// constraints, which SQLite skips on a read-only connection. On the 100k-payment journal (137 MB) the walk
// takes ~130 ms and the row pass ~700 ms more, so the two are run where each belongs:
// - at open (journal-file.ts), on the start path, the walk: what a torn write, a power cut or a damaged disk
//   leaves behind is a broken page or b-tree, and a journal that fails it is refused before anything is written;
// - in the till's health check (health/till-checks.ts), the whole check, rows included, in a worker thread so
//   the screens' calls are answered meanwhile.
// The support bundle's integrity_check (support/journal-health.ts) runs in the same kind of worker.

/** The page and b-tree walk through a read-only connection of its own: null when sound, else SQLite's words. */
export function structureProblems(filePath: string): string | null {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    return problemsIn(db.prepare(QUICK_CHECK).all());
  } catch (error) {
    // A page so damaged that the walk itself stops (SQLITE_CORRUPT) is a finding, not a failure to check.
    if ((sqliteErrorCode(error) ?? 0) % 256 === SQLITE_CORRUPT) return (error as Error).message;
    throw error;
  } finally {
    db.close();
  }
}

/**
 * The whole quick_check, rows' constraints included, off the event loop: null when sound or the file is not made
 * yet, else what SQLite said (for support, not translated). Never rejects: a file that cannot be opened says why.
 */
export async function fullCheckOffThread(filePath: string): Promise<string | null> {
  if (!existsSync(filePath)) return null;
  // A connection that may write, so the row pass runs; quick_check only reads, and WAL lets the service's own
  // connection keep writing meanwhile.
  const answer = await pragmaOffThread(filePath, QUICK_CHECK, { readOnly: false });
  return 'error' in answer ? answer.error : problemsIn(answer.messages.map((message) => ({ quick_check: message })));
}

/**
 * SQLite's integrity_check (index entries against their rows too; at most 20 findings) through a read-only
 * connection, off the event loop: ~1.6 s on a 100k-payment journal, which the support bundle of a running till
 * must not take from its screens. `['ok']` when sound.
 */
export function integrityCheckOffThread(filePath: string): Promise<{ messages: string[] } | { error: string }> {
  return pragmaOffThread(filePath, 'PRAGMA integrity_check(20)', { readOnly: true });
}

/** One check's rows, as text, from a worker thread with a connection of its own; never rejects. */
function pragmaOffThread(
  filePath: string,
  sql: string,
  { readOnly }: { readOnly: boolean },
): Promise<{ messages: string[] } | { error: string }> {
  return new Promise((resolve) => {
    // Evaluated code, not a module file: the same worker runs from the TypeScript sources and from the app's bundle.
    const worker = new Worker(CHECK_WORKER, { eval: true, workerData: { filePath, sql, readOnly } });
    worker.once('message', (answer: { messages: string[] } | { error: string }) => resolve(answer));
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => resolve({ error: `the check stopped (exit code ${code})` }));
  });
}

/** At most five problems: enough to say the file is damaged and where, without listing a whole ruined file. */
const QUICK_CHECK = 'PRAGMA quick_check(5)';

function problemsIn(rows: readonly Record<string, unknown>[]): string | null {
  const messages = rows.map((row) => String(Object.values(row)[0]));
  return messages.length === 1 && messages[0] === 'ok' ? null : messages.join('; ');
}

const CHECK_WORKER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
let db = null;
try {
  db = new DatabaseSync(workerData.filePath, { readOnly: workerData.readOnly });
  db.exec('PRAGMA busy_timeout = 5000');
  const rows = db.prepare(workerData.sql).all();
  parentPort.postMessage({ messages: rows.map((row) => String(Object.values(row)[0])) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  if (db) db.close();
}
`;
