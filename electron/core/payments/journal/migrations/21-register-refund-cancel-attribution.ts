import type { Migration } from '../../../sqlite/migrations.ts';
import { staffColumns } from '../../../sqlite/staff-columns.ts';

// Schema 21: a register's refund or cancel records the register key that asked for it and whoever was signed in at
// the till then (issue 38). The key authorised it, so nobody refunded or cancelled it at the till (refunded_by and
// cancelled_by stay null, and a cashier's no-approval cap is not charged with it); the person signed in is kept
// beside it, for the shop to ask. The register's requests are pruned after a month (../register.ts), so the key
// is kept on the refund and the cancel themselves. Rows written before, or at the counter: null.

export const REGISTER_REFUND_CANCEL_ATTRIBUTION_MIGRATION: Migration = {
  version: 21,
  description: "a register's refunds and cancels: its key and whoever was signed in at the till",
  up: (db) =>
    db.exec(`
      ALTER TABLE refunds ADD COLUMN register_key_id TEXT
        CHECK (register_key_id IS NULL OR length(register_key_id) BETWEEN 1 AND 80);
      ${staffColumns('refunds', 'signed_in')}
      ALTER TABLE cancels ADD COLUMN register_key_id TEXT
        CHECK (register_key_id IS NULL OR length(register_key_id) BETWEEN 1 AND 80);
      ${staffColumns('cancels', 'signed_in')}
    `),
};
