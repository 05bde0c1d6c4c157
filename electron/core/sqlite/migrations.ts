import type { DatabaseSync } from 'node:sqlite';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { Atomically } from './database.ts';
import { STAFF_AND_SHIFTS_MIGRATION } from '../payments/journal/migrations/14-staff-and-shifts.ts';

// The journal's schema, versioned in code. SQLite's `user_version` holds the last migration applied; each
// migration runs in its own transaction together with the version bump, so a crash half-way leaves the
// file at the previous version and the next start simply runs it again.
// Never edit a migration that has shipped: add a new one.
// The journal never runs ANALYZE: without statistics SQLite's plans depend only on the indexes below, so the
// plans the benchmark measured are the plans every till runs (stale stats from a young till cannot flip them).

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly up: (db: DatabaseSync) => void;
}

const ATTEMPT_STATES_SQL = `'sending', 'checking', 'active', 'final', 'not-sent'`;
const DISPLAY_STATUSES_SQL = `'sending', 'checking', 'waiting', 'scanned', 'confirming', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'not-sent'`;
const ORDER_STATUSES_SQL = `'CREATED', 'PENDING', 'PROCESSING', 'CAPTURED', 'FAILED', 'CANCELLED', 'REFUNDED', 'ABANDONED'`;
const DAY_GLOB = `'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'payment attempts, refunds, cancels, append-only events and status history',
    up: (db) =>
      db.exec(`
        CREATE TABLE payment_attempts (
          reference_id       TEXT PRIMARY KEY NOT NULL
                             CHECK (length(reference_id) BETWEEN 8 AND 36 AND reference_id NOT GLOB '*[^A-Za-z0-9-]*'),
          method             TEXT NOT NULL CHECK (method IN ('merchant-qr', 'customer-qr')),
          amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
          currency           TEXT NOT NULL CHECK (length(currency) = 3),
          pos_id             TEXT NOT NULL,
          idempotency_key    TEXT NOT NULL,
          state              TEXT NOT NULL CHECK (state IN (${ATTEMPT_STATES_SQL})),
          -- Derived from state + provider_status by display-status.ts at every write; stored so history can
          -- filter and the day summary can group by what the cashier sees.
          display_status     TEXT NOT NULL CHECK (display_status IN (${DISPLAY_STATUSES_SQL})),
          provider_status    TEXT CHECK (provider_status IN (${ORDER_STATUSES_SQL})),
          provider_order_id  TEXT,
          payment_type       TEXT CHECK (payment_type IN ('PAY', 'PAYLATER')),
          failure_reason     TEXT,
          qr_payload         TEXT,
          expires_at         INTEGER,
          note               TEXT,
          consumer_code_hash TEXT CHECK (consumer_code_hash IS NULL OR length(consumer_code_hash) = 64),
          refunded_minor     INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor BETWEEN 0 AND amount_minor),
          unresolved_reason  TEXT,
          local_day          TEXT NOT NULL CHECK (local_day GLOB ${DAY_GLOB}),
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL,
          version            INTEGER NOT NULL DEFAULT 1,
          -- A customer-presented QR payment always has the code it was paid with; ours never does.
          CHECK ((method = 'customer-qr') = (consumer_code_hash IS NOT NULL))
        ) STRICT;

        -- A customer's code is single-use: the same code may never be submitted twice.
        CREATE UNIQUE INDEX payment_attempts_consumer_code ON payment_attempts (consumer_code_hash)
          WHERE consumer_code_hash IS NOT NULL;

        CREATE TABLE refunds (
          refund_id          TEXT PRIMARY KEY NOT NULL,
          reference_id       TEXT NOT NULL REFERENCES payment_attempts (reference_id),
          amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
          currency           TEXT NOT NULL CHECK (length(currency) = 3),
          reason             TEXT,
          idempotency_key    TEXT NOT NULL,
          state              TEXT NOT NULL CHECK (state IN ('sending', 'checking', 'succeeded', 'failed')),
          failure_reason     TEXT,
          provider_order_id  TEXT,
          provider_trace_id  TEXT,
          local_day          TEXT NOT NULL CHECK (local_day GLOB ${DAY_GLOB}),
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX refunds_by_attempt ON refunds (reference_id, created_at);

        CREATE TABLE cancels (
          cancel_id          TEXT PRIMARY KEY NOT NULL,
          reference_id       TEXT NOT NULL REFERENCES payment_attempts (reference_id),
          idempotency_key    TEXT NOT NULL,
          reason             TEXT,
          state              TEXT NOT NULL CHECK (state IN ('sending', 'checking', 'done')),
          outcome            TEXT CHECK (outcome IN ('cancelled', 'not-cancellable', 'failed')),
          failure_reason     TEXT,
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL,
          CHECK ((state = 'done') = (outcome IS NOT NULL))
        ) STRICT;
        CREATE INDEX cancels_by_attempt ON cancels (reference_id, created_at);

        CREATE TABLE events (
          id                 INTEGER PRIMARY KEY AUTOINCREMENT,
          reference_id       TEXT NOT NULL REFERENCES payment_attempts (reference_id),
          at                 INTEGER NOT NULL,
          kind               TEXT NOT NULL CHECK (kind IN ('request', 'response', 'error', 'status', 'note')),
          summary            TEXT NOT NULL,
          data               TEXT CHECK (data IS NULL OR json_valid(data))
        ) STRICT;
        CREATE INDEX events_by_attempt ON events (reference_id, id);

        CREATE TABLE status_history (
          id                 INTEGER PRIMARY KEY AUTOINCREMENT,
          reference_id       TEXT NOT NULL REFERENCES payment_attempts (reference_id),
          at                 INTEGER NOT NULL,
          display_status     TEXT NOT NULL CHECK (display_status IN (${DISPLAY_STATUSES_SQL})),
          provider_status    TEXT CHECK (provider_status IN (${ORDER_STATUSES_SQL}))
        ) STRICT;
        CREATE INDEX status_history_by_attempt ON status_history (reference_id, id);

        -- The record of what happened is evidence: the database itself refuses to rewrite it.
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
          BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events
          BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
        CREATE TRIGGER status_history_no_update BEFORE UPDATE ON status_history
          BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
        CREATE TRIGGER status_history_no_delete BEFORE DELETE ON status_history
          BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
      `),
  },
  {
    version: 2,
    description: 'indexes for the history screen, reference search, the day summary and recovery',
    up: (db) =>
      db.exec(`
        -- History of one day, newest first, and keyset pagination within it.
        CREATE INDEX payment_attempts_day ON payment_attempts (local_day, created_at, reference_id);
        -- History across all days.
        CREATE INDEX payment_attempts_created ON payment_attempts (created_at, reference_id);
        -- History of one day filtered by what the cashier sees ("paid today"); without it the planner may walk
        -- every paid payment of every day looking for today's.
        CREATE INDEX payment_attempts_day_display ON payment_attempts (local_day, display_status, created_at, reference_id);
        -- History filtered by status across all days (rare statuses such as "not-sent" stay fast).
        CREATE INDEX payment_attempts_display ON payment_attempts (display_status, created_at, reference_id);
        -- Prefix search, case-insensitive: a receipt QR or a typed reference, a provider order id from the wallet app.
        CREATE INDEX payment_attempts_reference_search ON payment_attempts (upper(reference_id));
        CREATE INDEX payment_attempts_provider_order ON payment_attempts (upper(provider_order_id));
        -- Recovery on start: only the few attempts that are not final.
        CREATE INDEX payment_attempts_unsettled ON payment_attempts (state, created_at)
          WHERE state IN ('sending', 'checking', 'active');
        CREATE INDEX refunds_day ON refunds (local_day, created_at);
        CREATE INDEX refunds_unsettled ON refunds (state) WHERE state IN ('sending', 'checking');
        CREATE INDEX cancels_unsettled ON cancels (state) WHERE state IN ('sending', 'checking');
      `),
  },
  {
    version: 3,
    description: "refunds: the provider's refund total seen just before each refund was sent",
    up: (db) =>
      db.exec(`
        -- A refund whose answer was lost is reconciled against this baseline, not against our own confirmed
        -- total: refunds made elsewhere (the merchant portal, another till) also raise the provider's total.
        -- Null on refunds recorded before this version, which keep the old comparison.
        ALTER TABLE refunds ADD COLUMN provider_refunded_before_minor INTEGER
          CHECK (provider_refunded_before_minor IS NULL OR provider_refunded_before_minor >= 0);
      `),
  },
  {
    version: 4,
    description: 'refunds and cancels: why an unsettled one is still being checked',
    up: (db) =>
      db.exec(`
        -- The unresolved list says why a payment is listed; for one listed because of its refund or cancel,
        -- this is why that refund or cancel is not settled yet (the last thing the till found out). Null
        -- until something is known, and on rows recorded before this version.
        ALTER TABLE refunds ADD COLUMN checking_reason TEXT;
        ALTER TABLE cancels ADD COLUMN checking_reason TEXT;
      `),
  },
  {
    version: 5,
    description: 'payment attempts: cancelled by the till because nobody paid before the QR expired',
    up: (db) =>
      db.exec(`
        -- The provider calls such an order CANCELLED; the cashier and the day summary call it expired. The
        -- existing ones are found by the reason the till sent with its own expiry cancel.
        ALTER TABLE payment_attempts ADD COLUMN expired_unpaid INTEGER NOT NULL DEFAULT 0 CHECK (expired_unpaid IN (0, 1));
        UPDATE payment_attempts SET expired_unpaid = 1
          WHERE reference_id IN (SELECT reference_id FROM cancels WHERE reason = 'Not paid before the QR expired');
        UPDATE payment_attempts SET display_status = 'expired'
          WHERE expired_unpaid = 1 AND state = 'final' AND provider_status = 'CANCELLED';
      `),
  },
  {
    version: 6,
    description: "payment attempts: the provider's refund total, refunds made outside this till included",
    up: (db) =>
      db.exec(`
        -- refunded_minor counts only the refunds this till made; the provider's running refundAmount also holds
        -- refunds made elsewhere (the merchant portal, another till). Kept as the largest total any status
        -- lookup reported (it only grows), null while no refund at all has been reported.
        ALTER TABLE payment_attempts ADD COLUMN provider_refunded_minor INTEGER
          CHECK (provider_refunded_minor IS NULL OR provider_refunded_minor BETWEEN 0 AND amount_minor);
        -- REFUNDED is the provider's word for refunded in full (wire-details §2.3): whatever our own refunds
        -- add up to, the provider's total is the order amount.
        UPDATE payment_attempts SET provider_refunded_minor = amount_minor WHERE provider_status = 'REFUNDED';
      `),
  },
  {
    version: 7,
    description: "the till's own reasons also as notices, for the screens to render in the cashier's language",
    up: (db) =>
      db.exec(`
        -- Beside each English reason the till writes (kept for a person reading the file and the CSV), its
        -- notice as JSON: a key and parameters (shared/notices.ts). A failure reason that is the provider's
        -- code has no notice. Rows written before this version have the English alone, which screens show
        -- as it was recorded (journal/reason-columns.ts).
        ALTER TABLE payment_attempts ADD COLUMN unresolved_notice TEXT;
        ALTER TABLE payment_attempts ADD COLUMN failure_notice TEXT;
        ALTER TABLE refunds ADD COLUMN checking_notice TEXT;
        ALTER TABLE refunds ADD COLUMN failure_notice TEXT;
        ALTER TABLE cancels ADD COLUMN checking_notice TEXT;
        ALTER TABLE cancels ADD COLUMN failure_notice TEXT;
      `),
  },
  {
    version: 8,
    description:
      'payment attempts looked up at the provider (taken at another terminal), and the terminal each refund was sent as',
    up: (db) => {
      // A payment of this merchant taken at another terminal, looked up by its reference to refund it here, is
      // kept like our own (its refunds hang off it) but marked origin 'looked-up': never this till's takings.
      // The provider does not say how it was paid (our QR or the customer's code) nor which posId took it, so
      // method and pos_id may be null on such a row, and only there. SQLite cannot loosen a column's
      // constraints in place: the table is rebuilt (foreign keys are off while migrations run, see migrate).
      db.exec(`
        CREATE TABLE payment_attempts_v8 (
          reference_id       TEXT PRIMARY KEY NOT NULL
                             CHECK (length(reference_id) BETWEEN 8 AND 36 AND reference_id NOT GLOB '*[^A-Za-z0-9-]*'),
          origin             TEXT NOT NULL DEFAULT 'taken-here' CHECK (origin IN ('taken-here', 'looked-up')),
          method             TEXT CHECK (method IN ('merchant-qr', 'customer-qr')),
          amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
          currency           TEXT NOT NULL CHECK (length(currency) = 3),
          pos_id             TEXT,
          idempotency_key    TEXT NOT NULL,
          state              TEXT NOT NULL CHECK (state IN (${ATTEMPT_STATES_SQL})),
          display_status     TEXT NOT NULL CHECK (display_status IN (${DISPLAY_STATUSES_SQL})),
          provider_status    TEXT CHECK (provider_status IN (${ORDER_STATUSES_SQL})),
          provider_order_id  TEXT,
          payment_type       TEXT CHECK (payment_type IN ('PAY', 'PAYLATER')),
          failure_reason     TEXT,
          qr_payload         TEXT,
          expires_at         INTEGER,
          note               TEXT,
          consumer_code_hash TEXT CHECK (consumer_code_hash IS NULL OR length(consumer_code_hash) = 64),
          refunded_minor     INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor BETWEEN 0 AND amount_minor),
          unresolved_reason  TEXT,
          local_day          TEXT NOT NULL CHECK (local_day GLOB ${DAY_GLOB}),
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL,
          version            INTEGER NOT NULL DEFAULT 1,
          expired_unpaid     INTEGER NOT NULL DEFAULT 0 CHECK (expired_unpaid IN (0, 1)),
          provider_refunded_minor INTEGER
                             CHECK (provider_refunded_minor IS NULL OR provider_refunded_minor BETWEEN 0 AND amount_minor),
          unresolved_notice  TEXT,
          failure_notice     TEXT,
          -- Ours always know how and where they were taken; a looked-up one is a settled payment seen from outside.
          CHECK (origin = 'looked-up' OR (method IS NOT NULL AND pos_id IS NOT NULL)),
          CHECK (origin = 'taken-here' OR (state = 'final' AND consumer_code_hash IS NULL AND qr_payload IS NULL)),
          CHECK ((method IS 'customer-qr') = (consumer_code_hash IS NOT NULL))
        ) STRICT;
        INSERT INTO payment_attempts_v8 (reference_id, origin, method, amount_minor, currency, pos_id, idempotency_key, state,
            display_status, provider_status, provider_order_id, payment_type, failure_reason, qr_payload, expires_at, note,
            consumer_code_hash, refunded_minor, unresolved_reason, local_day, created_at, updated_at, version, expired_unpaid,
            provider_refunded_minor, unresolved_notice, failure_notice)
          SELECT reference_id, 'taken-here', method, amount_minor, currency, pos_id, idempotency_key, state,
            display_status, provider_status, provider_order_id, payment_type, failure_reason, qr_payload, expires_at, note,
            consumer_code_hash, refunded_minor, unresolved_reason, local_day, created_at, updated_at, version, expired_unpaid,
            provider_refunded_minor, unresolved_notice, failure_notice
          FROM payment_attempts;
        DROP TABLE payment_attempts;
        ALTER TABLE payment_attempts_v8 RENAME TO payment_attempts;

        -- The indexes of versions 1 and 2 went with the old table.
        CREATE UNIQUE INDEX payment_attempts_consumer_code ON payment_attempts (consumer_code_hash)
          WHERE consumer_code_hash IS NOT NULL;
        CREATE INDEX payment_attempts_day ON payment_attempts (local_day, created_at, reference_id);
        CREATE INDEX payment_attempts_created ON payment_attempts (created_at, reference_id);
        CREATE INDEX payment_attempts_day_display ON payment_attempts (local_day, display_status, created_at, reference_id);
        CREATE INDEX payment_attempts_display ON payment_attempts (display_status, created_at, reference_id);
        CREATE INDEX payment_attempts_reference_search ON payment_attempts (upper(reference_id));
        CREATE INDEX payment_attempts_provider_order ON payment_attempts (upper(provider_order_id));
        CREATE INDEX payment_attempts_unsettled ON payment_attempts (state, created_at)
          WHERE state IN ('sending', 'checking', 'active');
        -- The payment list's "looked up" filter: few rows, newest first.
        CREATE INDEX payment_attempts_looked_up ON payment_attempts (created_at, reference_id) WHERE origin = 'looked-up';
      `);
      const broken = db.prepare('PRAGMA foreign_key_check').all();
      if (broken.length > 0)
        throw new Error(`journal schema 8: ${broken.length} rows lost their payment while rebuilding payment_attempts`);
    },
  },
  {
    version: 9,
    description:
      "the register connection: which register started a payment, its customer-QR sales waiting for a scan, and each request's Idempotency-Key",
    up: (db) =>
      db.exec(`
        -- A payment the shop's register program started (electron/core/ecr/): the name of the key it used, and
        -- its own order reference (sent as merchantOrderReference). Both null for a sale keyed in at the till.
        ALTER TABLE payment_attempts ADD COLUMN register_key TEXT CHECK (register_key IS NULL OR length(register_key) BETWEEN 1 AND 40);
        ALTER TABLE payment_attempts ADD COLUMN order_reference TEXT
          CHECK (order_reference IS NULL OR (length(order_reference) BETWEEN 5 AND 36 AND order_reference NOT GLOB '*[^A-Za-z0-9-]*'));

        -- A register's customer-QR sale exists before its payment: the customer's code is scanned at the till
        -- later. Its reference is the payment's, reserved here; the scan records the attempt under it and marks
        -- the sale scanned in the same commit.
        CREATE TABLE register_sales (
          reference_id       TEXT PRIMARY KEY NOT NULL
                             CHECK (length(reference_id) BETWEEN 8 AND 36 AND reference_id NOT GLOB '*[^A-Za-z0-9-]*'),
          register_key       TEXT NOT NULL CHECK (length(register_key) BETWEEN 1 AND 40),
          amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
          currency           TEXT NOT NULL CHECK (length(currency) = 3),
          order_reference    TEXT,
          note               TEXT,
          state              TEXT NOT NULL CHECK (state IN ('waiting', 'scanned', 'cancelled')),
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL
        ) STRICT;
        -- At most one sale waits for a scan at a time: the till shows one.
        CREATE UNIQUE INDEX register_sales_one_waiting ON register_sales (state) WHERE state = 'waiting';

        -- Every POST a register made, by its Idempotency-Key (per key name): written in the same commit as the
        -- payment, refund or cancel it recorded, so a request replayed after a lost answer or a crash finds it
        -- instead of making a second one. request_hash: SHA-256 of method, path and body, to refuse the same
        -- key with another request.
        CREATE TABLE register_requests (
          register_key       TEXT NOT NULL,
          idempotency_key    TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 128),
          request_hash       TEXT NOT NULL CHECK (length(request_hash) = 64),
          operation          TEXT NOT NULL CHECK (operation IN ('create', 'cancel', 'refund')),
          reference_id       TEXT NOT NULL,
          refund_id          TEXT REFERENCES refunds (refund_id),
          created_at         INTEGER NOT NULL,
          PRIMARY KEY (register_key, idempotency_key),
          CHECK ((operation = 'refund') = (refund_id IS NOT NULL))
        ) STRICT;

        -- A register's open sale (the busy rule) and its event stream look payments up by key.
        CREATE INDEX payment_attempts_register ON payment_attempts (register_key, state) WHERE register_key IS NOT NULL;
      `),
  },
  {
    version: 10,
    description: 'the terminal (posId) each refund was sent as',
    up: (db) => {
      // A till refunds with its current posId, whichever terminal took the payment. Null on refunds recorded
      // before this version (they were sent as the payment's terminal). Development builds of schema 8 added the
      // column there already: such a journal keeps its column and its values.
      const columns = db.prepare('PRAGMA table_info(refunds)').all();
      if (!columns.some((column) => column['name'] === 'pos_id')) db.exec('ALTER TABLE refunds ADD COLUMN pos_id TEXT');
    },
  },
  {
    version: 11,
    description: "a register's customer-QR sale expires when nobody scans a code in time",
    up: (db) =>
      // A waiting sale held the till (ecr.busy) until someone called it off; now it has an expiry, after which it
      // ends 'expired'. SQLite cannot widen a CHECK in place: the table is rebuilt. Sales recorded before this
      // version get the default lifetime of a QR (5 min) from their creation, so one left waiting expires at
      // the first start.
      db.exec(`
        CREATE TABLE register_sales_v11 (
          reference_id       TEXT PRIMARY KEY NOT NULL
                             CHECK (length(reference_id) BETWEEN 8 AND 36 AND reference_id NOT GLOB '*[^A-Za-z0-9-]*'),
          register_key       TEXT NOT NULL CHECK (length(register_key) BETWEEN 1 AND 40),
          amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
          currency           TEXT NOT NULL CHECK (length(currency) = 3),
          order_reference    TEXT,
          note               TEXT,
          state              TEXT NOT NULL CHECK (state IN ('waiting', 'scanned', 'cancelled', 'expired')),
          expires_at         INTEGER NOT NULL,
          created_at         INTEGER NOT NULL,
          updated_at         INTEGER NOT NULL
        ) STRICT;
        INSERT INTO register_sales_v11 (reference_id, register_key, amount_minor, currency, order_reference, note, state,
            expires_at, created_at, updated_at)
          SELECT reference_id, register_key, amount_minor, currency, order_reference, note, state,
            created_at + 300000, created_at, updated_at
          FROM register_sales;
        DROP TABLE register_sales;
        ALTER TABLE register_sales_v11 RENAME TO register_sales;
        CREATE UNIQUE INDEX register_sales_one_waiting ON register_sales (state) WHERE state = 'waiting';
      `),
  },
  {
    version: 12,
    description: "each event also as a notice, for the detail screen to render in the cashier's language",
    up: (db) =>
      db.exec(`
        -- Beside the English summary (kept for a person reading the file, the CSV and the logs), the event as a
        -- notice, JSON: a key and parameters (shared/notices.ts, shared/locales/<lang>/notices.events.ts).
        -- Events written before this version have the English alone, which the screen shows as it was recorded.
        ALTER TABLE events ADD COLUMN notice TEXT CHECK (notice IS NULL OR json_valid(notice));
      `),
  },
  {
    version: 13,
    description: "a register's payments, sales and requests belong to its key's id, not its name; requests are pruned",
    up: (db) =>
      // A key's name was its identity: a key revoked and made again under the same name read, cancelled and
      // refunded the old key's payments and answered its Idempotency-Keys. Each key now has an id of its own
      // (ecr/key-store.ts); the name stays, for people to read. Rows recorded before this version belong to
      // 'legacy:' + the name, the id the keys file gives a key made before ids (register.ts LEGACY_KEY_ID_PREFIX),
      // so a key still in use keeps its payments. Requests are pruned by age (register.ts REQUEST_RETENTION_MS):
      // the index on created_at serves that.
      db.exec(`
        ALTER TABLE payment_attempts ADD COLUMN register_key_id TEXT
          CHECK (register_key_id IS NULL OR length(register_key_id) BETWEEN 1 AND 80);
        UPDATE payment_attempts SET register_key_id = 'legacy:' || register_key WHERE register_key IS NOT NULL;

        ALTER TABLE register_sales ADD COLUMN register_key_id TEXT NOT NULL DEFAULT 'legacy:'
          CHECK (length(register_key_id) BETWEEN 1 AND 80);
        UPDATE register_sales SET register_key_id = 'legacy:' || register_key;

        ALTER TABLE register_requests RENAME COLUMN register_key TO key_id;
        UPDATE register_requests SET key_id = 'legacy:' || key_id;
        CREATE INDEX register_requests_age ON register_requests (created_at);
      `),
  },
  STAFF_AND_SHIFTS_MIGRATION,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return Number(row?.['user_version'] ?? 0);
}

/**
 * Brings the file up to `target` (the latest by default). Safe to call on every open and from two processes
 * at once: the version is re-read inside each migration's write transaction, so a migration another process
 * has just applied is skipped rather than run twice.
 */
export function migrate(
  db: DatabaseSync,
  atomically: Atomically,
  target: number = LATEST_SCHEMA_VERSION,
): { from: number; to: number } {
  // A migration that rebuilds a table (8) drops the parent of refunds, cancels and events for a moment: foreign
  // keys are switched off around the migrations (the pragma is a no-op inside a transaction) and each such
  // migration runs PRAGMA foreign_key_check before it commits.
  const foreignKeys = db.prepare('PRAGMA foreign_keys').get()?.['foreign_keys'] === 1;
  if (foreignKeys) db.exec('PRAGMA foreign_keys = OFF');
  try {
    return applyMigrations(db, atomically, MIGRATIONS, target, (from) =>
      notice('journal.payments-newer', { schema: from, known: LATEST_SCHEMA_VERSION }),
    );
  } finally {
    if (foreignKeys) db.exec('PRAGMA foreign_keys = ON');
  }
}

/**
 * The migration runner every journal file shares: refuses a file newer than `migrations` knows, then applies
 * each migration up to `target` in its own transaction together with its user_version bump.
 */
export function applyMigrations(
  db: DatabaseSync,
  atomically: Atomically,
  migrations: readonly Migration[],
  target: number,
  newerFile: (from: number) => Notice,
): { from: number; to: number } {
  const from = schemaVersion(db);
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  if (from > latest) throw new PosError('journal.unavailable', { notice: newerFile(from) });
  for (const migration of migrations) {
    if (migration.version > target) break;
    atomically(() => {
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      // PRAGMA does not take bound parameters; the version is an integer from the list above.
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
  return { from, to: schemaVersion(db) };
}
