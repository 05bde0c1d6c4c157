import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { journalRecordsIn } from '../../sqlite/journal-record.ts';
import { journalFileIn, openJournal } from './journal.ts';

// `npm run archive-year -- DIR YEAR`: moves a closed year's settled payments out of the till's payment journal
// into DIR/archive/payments-YEAR.sqlite3 (year-archive.ts), which the till still reads, then compacts the journal
// so the folder shrinks (SQLite keeps freed pages for reuse until VACUUM). For a stopped till: the journal is
// opened as the till opens it (its mark and its record in journal-records.json are kept up to date), and the
// compaction needs the file to itself.

const USAGE = `Usage: npm run archive-year -- DIR YEAR [--no-compact] [--time-zone ZONE]

  DIR           the till's data folder (the one holding payments.sqlite3); stop the till first
  YEAR          a closed year (before the current one) in the shop's time zone
  --no-compact  leave the freed space inside the journal (reused by new payments) instead of compacting it
  --time-zone   the shop's IANA time zone, when this computer's is not it (it decides which year is closed)`;

function main(): number {
  const { values, positionals } = parseArgs({
    options: {
      'no-compact': { type: 'boolean', default: false },
      'time-zone': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [folder, yearText] = positionals;
  if (folder === undefined || yearText === undefined || positionals.length > 2 || !/^\d{4}$/.test(yearText)) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = resolve(folder);
  const filePath = journalFileIn(dataDir);
  if (!existsSync(filePath)) {
    console.error(`There is no payment journal at ${filePath}.`);
    return 2;
  }
  const sizeBefore = folderBytes(dataDir);
  const journal = openJournal({ filePath, timeZone: values['time-zone'], records: journalRecordsIn(dataDir) });
  let outcome;
  try {
    outcome = journal.archiveYear(Number(yearText));
  } finally {
    journal.close();
  }
  console.log(`Archived ${outcome.year} into ${outcome.file}:`);
  for (const [table, rows] of Object.entries(outcome.moved)) console.log(`  ${table}: ${rows} rows moved`);
  if (outcome.keptLive > 0)
    console.log(
      `  ${outcome.keptLive} payments of ${outcome.year} stay in the journal (refunded later, or not settled)`,
    );
  if (!values['no-compact'] && outcome.moved.payment_attempts > 0) {
    const db = new DatabaseSync(filePath);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.exec('VACUUM');
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  }
  console.log(`Data folder: ${megabytes(sizeBefore)} before, ${megabytes(folderBytes(dataDir))} after`);
  return 0;
}

function folderBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    bytes += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return bytes;
}

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

// Runs only as the command (imported, as the bare-Node import test does, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (error) {
    // A refusal's reason is its cause (a PosError's own message is the generic one the screens translate).
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(`The year was not archived: ${reason instanceof Error ? reason.message : String(reason)}`);
    process.exitCode = 1;
  }
}
