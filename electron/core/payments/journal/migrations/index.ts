import type { DatabaseSync } from 'node:sqlite';
import { notice } from '../../../../../shared/notices.ts';
import type { Atomically } from '../../../sqlite/database.ts';
import { applyMigrations, type Migration } from '../../../sqlite/migrations.ts';
import { ATTEMPTS_REFUNDS_CANCELS_EVENTS_MIGRATION } from './01-attempts-refunds-cancels-events.ts';
import { SCREEN_INDEXES_MIGRATION } from './02-screen-indexes.ts';
import { REFUND_BASELINE_MIGRATION } from './03-refund-baseline.ts';
import { CHECKING_REASONS_MIGRATION } from './04-checking-reasons.ts';
import { EXPIRED_UNPAID_MIGRATION } from './05-expired-unpaid.ts';
import { PROVIDER_REFUND_TOTAL_MIGRATION } from './06-provider-refund-total.ts';
import { REASON_NOTICES_MIGRATION } from './07-reason-notices.ts';
import { LOOKED_UP_PAYMENTS_MIGRATION } from './08-looked-up-payments.ts';
import { REGISTER_CONNECTION_MIGRATION } from './09-register-connection.ts';
import { REFUND_POS_ID_MIGRATION } from './10-refund-pos-id.ts';
import { REGISTER_SALE_EXPIRY_MIGRATION } from './11-register-sale-expiry.ts';
import { EVENT_NOTICES_MIGRATION } from './12-event-notices.ts';
import { REGISTER_KEY_IDS_MIGRATION } from './13-register-key-ids.ts';
import { STAFF_AND_SHIFTS_MIGRATION } from './14-staff-and-shifts.ts';
import { REFUNDS_WITHOUT_RECEIPT_MIGRATION } from './15-refunds-without-receipt.ts';
import { SALE_LINES_MIGRATION } from './16-sale-lines.ts';
import { AUDIT_CHAIN_MIGRATION } from './17-audit-chain.ts';
import { HEAD_OFFICE_OUTBOX_MIGRATION } from './18-head-office-outbox.ts';
import { PAID_AFTER_CLOSE_MIGRATION } from './19-paid-after-close.ts';
import { DRAWER_OPENINGS_MIGRATION } from './20-drawer-openings.ts';
import { REGISTER_REFUND_CANCEL_ATTRIBUTION_MIGRATION } from './21-register-refund-cancel-attribution.ts';
import { TRAINING_MIGRATION } from './22-training.ts';
import { CHARGE_IDS_MIGRATION } from './23-charge-ids.ts';

// The payment journal's schema, versioned in code: one file per migration, listed here in the order they run
// (the runner and its rules: ../../../sqlite/migrations.ts). Never edit a migration that has shipped: add a file.
// The journal never runs ANALYZE: without statistics SQLite's plans depend only on the indexes the migrations
// make, so the plans the benchmark measured are the plans every till runs (stale stats from a young till cannot
// flip them).

export const MIGRATIONS: readonly Migration[] = [
  ATTEMPTS_REFUNDS_CANCELS_EVENTS_MIGRATION,
  SCREEN_INDEXES_MIGRATION,
  REFUND_BASELINE_MIGRATION,
  CHECKING_REASONS_MIGRATION,
  EXPIRED_UNPAID_MIGRATION,
  PROVIDER_REFUND_TOTAL_MIGRATION,
  REASON_NOTICES_MIGRATION,
  LOOKED_UP_PAYMENTS_MIGRATION,
  REGISTER_CONNECTION_MIGRATION,
  REFUND_POS_ID_MIGRATION,
  REGISTER_SALE_EXPIRY_MIGRATION,
  EVENT_NOTICES_MIGRATION,
  REGISTER_KEY_IDS_MIGRATION,
  STAFF_AND_SHIFTS_MIGRATION,
  REFUNDS_WITHOUT_RECEIPT_MIGRATION,
  SALE_LINES_MIGRATION,
  AUDIT_CHAIN_MIGRATION,
  HEAD_OFFICE_OUTBOX_MIGRATION,
  PAID_AFTER_CLOSE_MIGRATION,
  DRAWER_OPENINGS_MIGRATION,
  REGISTER_REFUND_CANCEL_ATTRIBUTION_MIGRATION,
  TRAINING_MIGRATION,
  CHARGE_IDS_MIGRATION,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/**
 * Brings the file up to `target` (the latest by default). Safe to call on every open and from two processes
 * at once: the version is re-read inside each migration's write transaction, so a migration another process
 * has just applied is skipped rather than run twice.
 */
export function migrate(
  db: DatabaseSync,
  atomically: Atomically,
  target: number = LATEST_SCHEMA_VERSION,
): { from: number; to: number } {
  // A migration that rebuilds a table (8) drops the parent of refunds, cancels and events for a moment: foreign
  // keys are switched off around the migrations (the pragma is a no-op inside a transaction) and each such
  // migration runs PRAGMA foreign_key_check before it commits.
  const foreignKeys = db.prepare('PRAGMA foreign_keys').get()?.['foreign_keys'] === 1;
  if (foreignKeys) db.exec('PRAGMA foreign_keys = OFF');
  try {
    return applyMigrations(db, atomically, MIGRATIONS, target, (from) =>
      notice('journal.payments-newer', { schema: from, known: LATEST_SCHEMA_VERSION }),
    );
  } finally {
    if (foreignKeys) db.exec('PRAGMA foreign_keys = ON');
  }
}
