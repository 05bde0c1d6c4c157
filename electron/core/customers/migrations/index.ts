import type { DatabaseSync } from 'node:sqlite';
import { notice } from '../../../../shared/notices.ts';
import type { Atomically } from '../../sqlite/database.ts';
import { applyMigrations, type Migration } from '../../sqlite/migrations.ts';
import { CUSTOMERS_HOLDS_CHARGES_MIGRATION } from './01-customers-holds-charges.ts';
import { CAPTURE_FAILURE_MIGRATION } from './02-capture-failure.ts';
import { REJECTED_CAPTURES_MIGRATION } from './03-rejected-captures.ts';
import { UNRESOLVED_NOTICE_MIGRATION } from './04-unresolved-notice.ts';
import { CUSTOMER_STAFF_MIGRATION } from './05-staff.ts';
import { HEAD_OFFICE_STAGING_MIGRATION } from './06-head-office-staging.ts';

// The linked-customer journal's schema, versioned in code like the payment journal's: one file per migration,
// listed here in the order they run, by the runner both journals share (../../sqlite/migrations.ts). SQLite's
// user_version holds the last migration applied, each migration commits together with its version bump, and a
// shipped migration is never edited — a new file is added.

export const CUSTOMER_MIGRATIONS: readonly Migration[] = [
  CUSTOMERS_HOLDS_CHARGES_MIGRATION,
  CAPTURE_FAILURE_MIGRATION,
  REJECTED_CAPTURES_MIGRATION,
  UNRESOLVED_NOTICE_MIGRATION,
  CUSTOMER_STAFF_MIGRATION,
  HEAD_OFFICE_STAGING_MIGRATION,
];

export const LATEST_CUSTOMER_SCHEMA = CUSTOMER_MIGRATIONS[CUSTOMER_MIGRATIONS.length - 1]?.version ?? 0;

/**
 * Brings the file up to `target` (the latest unless a test builds an older file); safe from two processes at
 * once (the version is re-read inside each transaction).
 */
export function migrateCustomers(
  db: DatabaseSync,
  atomically: Atomically,
  target: number = LATEST_CUSTOMER_SCHEMA,
): { from: number; to: number } {
  return applyMigrations(db, atomically, CUSTOMER_MIGRATIONS, target, (from) =>
    notice('journal.customers-newer', { schema: from, known: LATEST_CUSTOMER_SCHEMA }),
  );
}
