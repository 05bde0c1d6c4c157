import type { Migration } from '../../../sqlite/migrations.ts';
import { ATTEMPT_STATES_SQL, DISPLAY_STATUSES_SQL, ORDER_STATUSES_SQL, DAY_GLOB } from './check-lists.ts';

export const ATTEMPTS_REFUNDS_CANCELS_EVENTS_MIGRATION: Migration = {
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
};
