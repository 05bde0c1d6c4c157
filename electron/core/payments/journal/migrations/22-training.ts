import type { Migration } from '../../../sqlite/migrations.ts';

// Schema 22: training mode (issue 36). A sale taken in training went to the till's own training sandbox, never to
// the provider; it is kept and marked (1), with its refunds and cancels, so a trainer can review it, and every
// figure of the day (summary, X/Z, CSV, the head office's outbox) leaves it out. Rows written before: 0.

export const TRAINING_MIGRATION: Migration = {
  version: 22,
  description: 'training sales, refunds and cancels, kept and marked',
  up: (db) =>
    db.exec(`
      ALTER TABLE payment_attempts ADD COLUMN training INTEGER NOT NULL DEFAULT 0 CHECK (training IN (0, 1));
      ALTER TABLE refunds ADD COLUMN training INTEGER NOT NULL DEFAULT 0 CHECK (training IN (0, 1));
      ALTER TABLE cancels ADD COLUMN training INTEGER NOT NULL DEFAULT 0 CHECK (training IN (0, 1));
    `),
};
