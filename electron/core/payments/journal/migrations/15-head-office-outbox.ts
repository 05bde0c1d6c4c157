import type { Migration } from '../../../sqlite/migrations.ts';

// Schema 15: the head office's outbox (issue 34, ../../../head-office/outbox/). While a till sends to a head office,
// every change of a payment, refund, cancel or shift adds a row here in the same commit as the change, numbered
// by `seq`: the till's one sequence, which the head office keys its rows by (till, seq), so a row sent twice is
// kept once. The linked-customer journal stages its own changes (its schema 6) and they are numbered here when
// they move over (`source`, `source_id`: that journal's id and the staged row's, so a move repeated after a crash
// adds nothing). AUTOINCREMENT: a seq is never reused, not even after the rows sent long ago are pruned. Empty on a
// till without a head office.

export const HEAD_OFFICE_OUTBOX_MIGRATION: Migration = {
  version: 15,
  description: 'the head office outbox: each change numbered in the commit that makes it',
  up: (db) =>
    db.exec(`
      CREATE TABLE head_office_outbox (
        seq          INTEGER PRIMARY KEY AUTOINCREMENT,
        kind         TEXT NOT NULL CHECK (kind IN ('payment', 'refund', 'cancel', 'shift', 'day', 'staff', 'hold')),
        occurred_at  INTEGER NOT NULL,
        body         TEXT NOT NULL CHECK (json_valid(body)),
        source       TEXT CHECK (source IS NULL OR length(source) BETWEEN 1 AND 64),
        source_id    INTEGER,
        -- When the head office acknowledged it (epoch ms); null while it waits.
        sent_at      INTEGER,
        CHECK ((source IS NULL) = (source_id IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX head_office_outbox_source ON head_office_outbox (source, source_id) WHERE source IS NOT NULL;
      CREATE INDEX head_office_outbox_waiting ON head_office_outbox (seq) WHERE sent_at IS NULL;
    `),
};
