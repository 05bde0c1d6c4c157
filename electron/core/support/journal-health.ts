import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { JOURNAL_NAMES, type JournalName } from '../../../shared/journal.ts';
import { customerJournalFileIn } from '../customers/journal.ts';
import { LATEST_CUSTOMER_SCHEMA } from '../customers/migrations/index.ts';
import { journalFileIn } from '../payments/journal/journal.ts';
import { identityOf, incidentsOf, type JournalIdentity, type JournalIncident } from '../sqlite/journal-identity.ts';
import { markFileOf, readMark, type MarkReading } from '../sqlite/journal-mark.ts';
import { journalRecordsIn, type JournalRecord } from '../sqlite/journal-record.ts';
import { LATEST_SCHEMA_VERSION } from '../payments/journal/migrations/index.ts';
import { schemaVersion } from '../sqlite/migrations.ts';
import { integrityCheckOffThread } from '../sqlite/structure-check.ts';
import { journalCountsOffThread } from './journal-counts.ts';

// The journals' health for a support bundle, read without changing a byte: SQLite's integrity check, the
// schema version against the one this build writes, how many rows each table holds and how many payments,
// refunds, holds and links are in each state, and the till's three records of the journal (the identity in
// the file, the mark beside it, the record in journal-records.json), read by the journal modules' own readers.
// Counts only: not one row, so nothing that identifies a customer (or a payment) leaves the till this way.
// Works on a till that will not start (the CLI) as on a running one (WAL lets a reader in beside the writer).
// The check and the counts (seconds on a journal of years) run in worker threads; only the few single-row reads
// (schema, identity, incidents) are made here.

export interface JournalHealth {
  readonly journal: JournalName;
  readonly file: string;
  readonly exists: boolean;
  readonly bytes: number | null;
  /** `['ok']` when sound; SQLite's findings otherwise (at most 20). */
  readonly integrity: readonly string[] | null;
  readonly schemaVersion: number | null;
  readonly latestSchemaVersion: number;
  readonly identity: JournalIdentity | null;
  readonly mark: MarkReading;
  readonly record: JournalRecord | null;
  /** Rows per table. */
  readonly rows: Readonly<Record<string, number>>;
  /** `table.column` → value → count, for the columns that hold a state. */
  readonly states: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** What admins decided about this journal after it was refused (journal.resolve), oldest first. */
  readonly incidents: readonly JournalIncident[];
  /** Why the file could not be read at all (not a database, locked, unreadable). */
  readonly error: string | null;
}

/** The columns that say where each row stands, in either journal; a table the file lacks is skipped. */
const STATE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['payment_attempts', 'state'],
  ['payment_attempts', 'display_status'],
  ['refunds', 'state'],
  ['cancels', 'state'],
  ['register_sales', 'state'],
  ['customers', 'status'],
  ['link_sessions', 'status'],
  ['tokenized_attempts', 'state'],
];

const LATEST: Readonly<Record<JournalName, number>> = {
  payments: LATEST_SCHEMA_VERSION,
  customers: LATEST_CUSTOMER_SCHEMA,
};

export function journalFileOf(dataDir: string, journal: JournalName): string {
  return journal === 'payments' ? journalFileIn(dataDir) : customerJournalFileIn(dataDir);
}

export function journalsHealth(dataDir: string): Promise<JournalHealth[]> {
  return Promise.all(JOURNAL_NAMES.map((journal) => journalHealth(dataDir, journal)));
}

export async function journalHealth(dataDir: string, journal: JournalName): Promise<JournalHealth> {
  const file = journalFileOf(dataDir, journal);
  let record: JournalRecord | null;
  try {
    record = journalRecordsIn(dataDir).read(journal);
  } catch {
    record = null;
  }
  const base = {
    journal,
    file,
    latestSchemaVersion: LATEST[journal],
    mark: readMark(markFileOf(file)),
    record,
  };
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    return { ...base, ...nothingRead(null), exists: false, bytes: null };
  }
  // The long parts (seconds on a large journal) in worker threads: a running till's screens go on meanwhile.
  const [checked, counts] = await Promise.all([
    integrityCheckOffThread(file),
    journalCountsOffThread(file, STATE_COLUMNS),
  ]);
  if ('error' in checked) return { ...base, ...nothingRead(checked.error), exists: true, bytes };
  if ('error' in counts) return { ...base, ...nothingRead(counts.error), exists: true, bytes };
  const integrity = checked.messages;
  const { rows, states } = counts;
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    return { ...base, ...nothingRead(describe(error)), exists: true, bytes };
  }
  try {
    return {
      ...base,
      exists: true,
      bytes,
      integrity,
      schemaVersion: schemaVersion(db),
      identity: identityOf(db),
      rows,
      states,
      incidents: incidentsOf(db),
      error: null,
    };
  } catch (error) {
    return { ...base, ...nothingRead(describe(error)), exists: true, bytes };
  } finally {
    db.close();
  }
}

function nothingRead(error: string | null) {
  return { integrity: null, schemaVersion: null, identity: null, rows: {}, states: {}, incidents: [], error };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
