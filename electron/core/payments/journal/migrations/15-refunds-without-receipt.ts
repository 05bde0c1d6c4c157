import type { Migration } from '../../../sqlite/migrations.ts';

// Schema 15: refunds of a payment found without its receipt (issue 38). The Refund screen finds such a payment by
// the provider's order id (already indexed: schema 2's payment_attempts_provider_order), by its amount in a time
// window, or by who took it on a day; the two indexes below answer the last two from the index alone, whatever the
// journal's size. Each refund records whether its payment was found so: the slip says it, and the core made it ask
// for an approver (payments/refunds.ts). Older refunds were all made with the receipt (0).

export const REFUNDS_WITHOUT_RECEIPT_MIGRATION: Migration = {
  version: 15,
  description: 'refunds found without the receipt; payments found by amount and time, or by who took them',
  up: (db) =>
    db.exec(`
      ALTER TABLE refunds ADD COLUMN found_without_receipt INTEGER NOT NULL DEFAULT 0
        CHECK (found_without_receipt IN (0, 1));
      CREATE INDEX payment_attempts_amount ON payment_attempts (amount_minor, created_at, reference_id);
      CREATE INDEX payment_attempts_taken_by ON payment_attempts (taken_by_id, local_day, created_at, reference_id)
        WHERE taken_by_id IS NOT NULL;
    `),
};
