import type { Migration } from '../../../sqlite/migrations.ts';

export const SALE_LINES_MIGRATION: Migration = {
  version: 16,
  description: "a register's sale keeps the lines it was sent with",
  up: (db) =>
    // What was sold, line by line, when the register sends it (POST /payments `lines`, ../sale-lines.ts). Keyed
    // by the payment's reference, not a foreign key: a customer-QR sale has its lines before its payment exists
    // (register_sales), and the reference stays the same once its code is scanned. Each row checks its own
    // arithmetic; the lines' total equal to the amount is checked before the commit that writes them.
    db.exec(`
        CREATE TABLE sale_lines (
          reference_id   TEXT NOT NULL
                         CHECK (length(reference_id) BETWEEN 8 AND 64 AND reference_id NOT GLOB '*[^A-Za-z0-9-]*'),
          position       INTEGER NOT NULL CHECK (position >= 0),
          description    TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 80),
          quantity       INTEGER NOT NULL CHECK (quantity >= 1),
          unit_minor     INTEGER NOT NULL CHECK (unit_minor >= 0),
          amount_minor   INTEGER NOT NULL CHECK (amount_minor = quantity * unit_minor),
          PRIMARY KEY (reference_id, position)
        ) STRICT, WITHOUT ROWID;
      `),
};
