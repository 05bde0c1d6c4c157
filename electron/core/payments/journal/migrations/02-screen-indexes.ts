import type { Migration } from '../../../sqlite/migrations.ts';

export const SCREEN_INDEXES_MIGRATION: Migration = {
  version: 2,
  description: 'indexes for the history screen, reference search, the day summary and recovery',
  up: (db) =>
    db.exec(`
        -- History of one day, newest first, and keyset pagination within it.
        CREATE INDEX payment_attempts_day ON payment_attempts (local_day, created_at, reference_id);
        -- History across all days.
        CREATE INDEX payment_attempts_created ON payment_attempts (created_at, reference_id);
        -- History of one day filtered by what the cashier sees ("paid today"); without it the planner may walk
        -- every paid payment of every day looking for today's.
        CREATE INDEX payment_attempts_day_display ON payment_attempts (local_day, display_status, created_at, reference_id);
        -- History filtered by status across all days (rare statuses such as "not-sent" stay fast).
        CREATE INDEX payment_attempts_display ON payment_attempts (display_status, created_at, reference_id);
        -- Prefix search, case-insensitive: a receipt QR or a typed reference, a provider order id from the wallet app.
        CREATE INDEX payment_attempts_reference_search ON payment_attempts (upper(reference_id));
        CREATE INDEX payment_attempts_provider_order ON payment_attempts (upper(provider_order_id));
        -- Recovery on start: only the few attempts that are not final.
        CREATE INDEX payment_attempts_unsettled ON payment_attempts (state, created_at)
          WHERE state IN ('sending', 'checking', 'active');
        CREATE INDEX refunds_day ON refunds (local_day, created_at);
        CREATE INDEX refunds_unsettled ON refunds (state) WHERE state IN ('sending', 'checking');
        CREATE INDEX cancels_unsettled ON cancels (state) WHERE state IN ('sending', 'checking');
      `),
};
