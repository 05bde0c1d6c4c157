import { Worker } from 'node:worker_threads';

// The support bundle's counts of a journal (rows per table, rows per state), in a worker thread with a read-only
// connection of its own. On a journal of a million payments each COUNT(*) or GROUP BY walks millions of rows
// (events and status history hold three per payment, the audit chain one per record): ~0.1–1 s each, which a
// running till's screens must not wait for. Evaluated code, not a module file: the same worker runs from the
// TypeScript sources and from the app's single bundle (as ../sqlite/structure-check.ts's).

export interface JournalCounts {
  /** Rows per table. */
  readonly rows: Readonly<Record<string, number>>;
  /** `table.column` → value → count, for the columns that hold a state. */
  readonly states: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Never rejects: a file that cannot be read says why. */
export function journalCountsOffThread(
  filePath: string,
  stateColumns: ReadonlyArray<readonly [table: string, column: string]>,
): Promise<JournalCounts | { error: string }> {
  return new Promise((resolve) => {
    const worker = new Worker(COUNTS_WORKER, { eval: true, workerData: { filePath, stateColumns } });
    worker.once('message', (answer: JournalCounts | { error: string }) => resolve(answer));
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => resolve({ error: `the count stopped (exit code ${code})` }));
  });
}

const COUNTS_WORKER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
let db = null;
try {
  db = new DatabaseSync(workerData.filePath, { readOnly: true });
  db.exec('PRAGMA busy_timeout = 5000');
  // One snapshot: the counts of every table from the same moment while the till goes on writing.
  db.exec('BEGIN');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row.name));
  const rows = {};
  for (const table of tables) rows[table] = Number(db.prepare('SELECT COUNT(*) AS n FROM "' + table + '"').get().n);
  const states = {};
  for (const [table, column] of workerData.stateColumns) {
    if (!tables.includes(table)) continue;
    const columns = db.prepare('PRAGMA table_info("' + table + '")').all().map((row) => String(row.name));
    if (!columns.includes(column)) continue;
    const counts = {};
    for (const row of db.prepare('SELECT "' + column + '" AS value, COUNT(*) AS n FROM "' + table + '" GROUP BY 1').all())
      counts[String(row.value)] = Number(row.n);
    states[table + '.' + column] = counts;
  }
  db.exec('COMMIT');
  parentPort.postMessage({ rows, states });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  if (db) db.close();
}
`;
