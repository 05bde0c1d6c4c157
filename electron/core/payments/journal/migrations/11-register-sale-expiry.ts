import type { Migration } from '../../../sqlite/migrations.ts';

export const REGISTER_SALE_EXPIRY_MIGRATION: Migration = {
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
};
