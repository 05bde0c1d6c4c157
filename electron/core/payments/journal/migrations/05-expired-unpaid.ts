import type { Migration } from '../../../sqlite/migrations.ts';

export const EXPIRED_UNPAID_MIGRATION: Migration = {
  version: 5,
  description: 'payment attempts: cancelled by the till because nobody paid before the QR expired',
  up: (db) =>
    db.exec(`
        -- The provider calls such an order CANCELLED; the cashier and the day summary call it expired. The
        -- existing ones are found by the reason the till sent with its own expiry cancel.
        ALTER TABLE payment_attempts ADD COLUMN expired_unpaid INTEGER NOT NULL DEFAULT 0 CHECK (expired_unpaid IN (0, 1));
        UPDATE payment_attempts SET expired_unpaid = 1
          WHERE reference_id IN (SELECT reference_id FROM cancels WHERE reason = 'Not paid before the QR expired');
        UPDATE payment_attempts SET display_status = 'expired'
          WHERE expired_unpaid = 1 AND state = 'final' AND provider_status = 'CANCELLED';
      `),
};
