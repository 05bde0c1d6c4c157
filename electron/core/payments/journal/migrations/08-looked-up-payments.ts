import type { Migration } from '../../../sqlite/migrations.ts';
import { ATTEMPT_STATES_SQL, DISPLAY_STATUSES_SQL, ORDER_STATUSES_SQL, DAY_GLOB } from './check-lists.ts';

export const LOOKED_UP_PAYMENTS_MIGRATION: Migration = {
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
};
