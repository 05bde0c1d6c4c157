import type { Migration } from '../../../sqlite/migrations.ts';

export const PROVIDER_REFUND_TOTAL_MIGRATION: Migration = {
  version: 6,
  description: "payment attempts: the provider's refund total, refunds made outside this till included",
  up: (db) =>
    db.exec(`
        -- refunded_minor counts only the refunds this till made; the provider's running refundAmount also holds
        -- refunds made elsewhere (the merchant portal, another till). Kept as the largest total any status
        -- lookup reported (it only grows), null while no refund at all has been reported.
        ALTER TABLE payment_attempts ADD COLUMN provider_refunded_minor INTEGER
          CHECK (provider_refunded_minor IS NULL OR provider_refunded_minor BETWEEN 0 AND amount_minor);
        -- REFUNDED is the provider's word for refunded in full (wire-details §2.3): whatever our own refunds
        -- add up to, the provider's total is the order amount.
        UPDATE payment_attempts SET provider_refunded_minor = amount_minor WHERE provider_status = 'REFUNDED';
      `),
};
