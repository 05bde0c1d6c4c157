import type { Migration } from '../../sqlite/migrations.ts';

// The value lists schema 1's CHECK constraints spell out (part of a shipped migration: never edited).
const ATTEMPT_STATES_SQL = `'sending', 'checking', 'open', 'capturing', 'voiding', 'final', 'not-sent'`;
const DAY_GLOB = `'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;

export const CUSTOMERS_HOLDS_CHARGES_MIGRATION: Migration = {
  version: 1,
  description:
    'linked customers (sealed payment tokens), link sessions, holds and charges as write-ahead attempts, append-only events',
  up: (db) =>
    db.exec(`
        CREATE TABLE customers (
          merchant_user_id  TEXT PRIMARY KEY NOT NULL CHECK (length(merchant_user_id) BETWEEN 1 AND 128),
          merchant_id       TEXT NOT NULL,
          status            TEXT NOT NULL CHECK (status IN ('linked', 'unlinked', 'relink-needed')),
          -- AES-256-GCM under the vault's data key (token-cipher.ts); never the token in clear.
          token_sealed      TEXT CHECK (token_sealed IS NULL OR token_sealed GLOB 'v1.*'),
          hint              TEXT,
          linked_at         INTEGER NOT NULL,
          updated_at        INTEGER NOT NULL,
          CHECK ((status = 'linked') = (token_sealed IS NOT NULL))
        ) STRICT;
        CREATE INDEX customers_by_update ON customers (updated_at DESC);

        CREATE TABLE link_sessions (
          link_token        TEXT PRIMARY KEY NOT NULL,
          merchant_user_id  TEXT NOT NULL,
          merchant_id       TEXT NOT NULL,
          -- SHA-256 of the CSRF nonce sent as "state": enough to check the redirect, useless to replay it.
          state_hash        TEXT NOT NULL CHECK (length(state_hash) = 64),
          callback_url      TEXT NOT NULL,
          consent_url       TEXT NOT NULL,
          hint              TEXT,
          status            TEXT NOT NULL CHECK (status IN ('open', 'exchanging', 'linked', 'failed', 'expired')),
          failure           TEXT,
          expires_at        INTEGER NOT NULL,
          created_at        INTEGER NOT NULL,
          updated_at        INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE tokenized_attempts (
          merchant_ref      TEXT PRIMARY KEY NOT NULL CHECK (length(merchant_ref) BETWEEN 8 AND 64 AND merchant_ref NOT GLOB '*[^A-Za-z0-9-]*'),
          kind              TEXT NOT NULL CHECK (kind IN ('hold', 'charge')),
          merchant_user_id  TEXT NOT NULL,
          merchant_id       TEXT NOT NULL,
          amount_minor      INTEGER NOT NULL CHECK (amount_minor > 0),
          currency          TEXT NOT NULL CHECK (length(currency) = 3),
          use_cashback      INTEGER NOT NULL CHECK (use_cashback IN (0, 1)),
          -- The key of the create (pre-auth) or charge request: re-sent unchanged until the outcome is known.
          idempotency_key   TEXT NOT NULL,
          state             TEXT NOT NULL CHECK (state IN (${ATTEMPT_STATES_SQL})),
          provider_id       TEXT,
          provider_status   TEXT CHECK (provider_status IS NULL OR provider_status IN
                              ('PENDING', 'AUTHORIZED', 'CAPTURE_INITIATED', 'CAPTURED', 'VOIDED', 'DECLINED', 'EXPIRED', 'APPROVED', 'REJECTED')),
          failure_reason    TEXT,
          order_uuid        TEXT,
          order_outcome     TEXT CHECK (order_outcome IS NULL OR order_outcome IN ('SUCCESS', 'FAILED', 'ERROR')),
          -- The key of the capture or void in flight (state capturing / voiding).
          op_key            TEXT,
          void_reason       TEXT,
          unresolved_reason TEXT,
          authorized_at     INTEGER,
          local_day         TEXT NOT NULL CHECK (local_day GLOB ${DAY_GLOB}),
          created_at        INTEGER NOT NULL,
          updated_at        INTEGER NOT NULL,
          version           INTEGER NOT NULL DEFAULT 1,
          CHECK ((state IN ('capturing', 'voiding')) = (op_key IS NOT NULL)),
          CHECK (kind = 'hold' OR state NOT IN ('open', 'capturing', 'voiding'))
        ) STRICT;
        CREATE UNIQUE INDEX tokenized_attempts_order ON tokenized_attempts (order_uuid) WHERE order_uuid IS NOT NULL;
        CREATE UNIQUE INDEX tokenized_attempts_provider_id ON tokenized_attempts (provider_id) WHERE provider_id IS NOT NULL;
        CREATE INDEX tokenized_attempts_by_customer ON tokenized_attempts (merchant_user_id, created_at DESC);
        CREATE INDEX tokenized_attempts_unsettled ON tokenized_attempts (state) WHERE state IN ('sending', 'checking', 'capturing', 'voiding');

        CREATE TABLE tokenized_events (
          id                INTEGER PRIMARY KEY AUTOINCREMENT,
          merchant_user_id  TEXT,
          merchant_ref      TEXT,
          at                INTEGER NOT NULL,
          kind              TEXT NOT NULL CHECK (kind IN ('request', 'response', 'error', 'status', 'note', 'webhook')),
          summary           TEXT NOT NULL,
          data              TEXT CHECK (data IS NULL OR json_valid(data))
        ) STRICT;
        CREATE INDEX tokenized_events_by_ref ON tokenized_events (merchant_ref, id);
        CREATE INDEX tokenized_events_by_customer ON tokenized_events (merchant_user_id, id);

        -- What happened is evidence: the database itself refuses to rewrite it.
        CREATE TRIGGER tokenized_events_no_update BEFORE UPDATE ON tokenized_events
          BEGIN SELECT RAISE(ABORT, 'tokenized events are append-only'); END;
        CREATE TRIGGER tokenized_events_no_delete BEFORE DELETE ON tokenized_events
          BEGIN SELECT RAISE(ABORT, 'tokenized events are append-only'); END;
      `),
};
