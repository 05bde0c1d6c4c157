import type { Migration } from '../../sqlite/migrations.ts';

// Schema 6: the linked-customer side of the head office's outbox (issue 34, ../../head-office/outbox/). While a till
// sends to a head office, every change of a linked customer's charge or hold adds a row here in the same commit as
// the change. The till's one sequence lives in the payment journal (its schema 15): two files cannot share a
// commit, so these rows are staged here and numbered there when they move over (by `id`, so a move repeated after
// a crash adds nothing), then deleted here. Empty on a till without a head office.

export const HEAD_OFFICE_STAGING_MIGRATION: Migration = {
  version: 6,
  description: 'the head office staging of linked-customer changes',
  up: (db) =>
    db.exec(`
      CREATE TABLE head_office_staging (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        kind         TEXT NOT NULL CHECK (kind IN ('payment', 'hold')),
        occurred_at  INTEGER NOT NULL,
        body         TEXT NOT NULL CHECK (json_valid(body))
      ) STRICT;
    `),
};
