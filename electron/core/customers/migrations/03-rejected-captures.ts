import type { Migration } from '../../sqlite/migrations.ts';

export const REJECTED_CAPTURES_MIGRATION: Migration = {
  version: 3,
  description:
    "rejected capture orders: the order a capture answered REJECTED created, so its FAILED webhook is known as that hold's",
  up: (db) =>
    db.exec(`
        CREATE TABLE tokenized_rejected_captures (
          order_uuid      TEXT PRIMARY KEY NOT NULL,
          merchant_ref    TEXT NOT NULL REFERENCES tokenized_attempts (merchant_ref),
          failure_reason  TEXT,
          -- The first order webhook's order_status for it; later deliveries are duplicates.
          webhook_status  TEXT,
          recorded_at     INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX tokenized_rejected_captures_by_ref ON tokenized_rejected_captures (merchant_ref);
      `),
};
