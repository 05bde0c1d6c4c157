import type { Migration } from '../../../sqlite/migrations.ts';

export const REASON_NOTICES_MIGRATION: Migration = {
  version: 7,
  description: "the till's own reasons also as notices, for the screens to render in the cashier's language",
  up: (db) =>
    db.exec(`
        -- Beside each English reason the till writes (kept for a person reading the file and the CSV), its
        -- notice as JSON: a key and parameters (shared/notices.ts). A failure reason that is the provider's
        -- code has no notice. Rows written before this version have the English alone, which screens show
        -- as it was recorded (journal/reason-columns.ts).
        ALTER TABLE payment_attempts ADD COLUMN unresolved_notice TEXT;
        ALTER TABLE payment_attempts ADD COLUMN failure_notice TEXT;
        ALTER TABLE refunds ADD COLUMN checking_notice TEXT;
        ALTER TABLE refunds ADD COLUMN failure_notice TEXT;
        ALTER TABLE cancels ADD COLUMN checking_notice TEXT;
        ALTER TABLE cancels ADD COLUMN failure_notice TEXT;
      `),
};
