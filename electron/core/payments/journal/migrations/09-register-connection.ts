import type { Migration } from '../../../sqlite/migrations.ts';

export const REGISTER_CONNECTION_MIGRATION: Migration = {
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
};
