import type { Migration } from '../../../sqlite/migrations.ts';

export const CHECKING_REASONS_MIGRATION: Migration = {
  version: 4,
  description: 'refunds and cancels: why an unsettled one is still being checked',
  up: (db) =>
    db.exec(`
        -- The unresolved list says why a payment is listed; for one listed because of its refund or cancel,
        -- this is why that refund or cancel is not settled yet (the last thing the till found out). Null
        -- until something is known, and on rows recorded before this version.
        ALTER TABLE refunds ADD COLUMN checking_reason TEXT;
        ALTER TABLE cancels ADD COLUMN checking_reason TEXT;
      `),
};
