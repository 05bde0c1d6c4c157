import type { Migration } from '../../../sqlite/migrations.ts';

export const REFUND_BASELINE_MIGRATION: Migration = {
  version: 3,
  description: "refunds: the provider's refund total seen just before each refund was sent",
  up: (db) =>
    db.exec(`
        -- A refund whose answer was lost is reconciled against this baseline, not against our own confirmed
        -- total: refunds made elsewhere (the merchant portal, another till) also raise the provider's total.
        -- Null on refunds recorded before this version, which keep the old comparison.
        ALTER TABLE refunds ADD COLUMN provider_refunded_before_minor INTEGER
          CHECK (provider_refunded_before_minor IS NULL OR provider_refunded_before_minor >= 0);
      `),
};
