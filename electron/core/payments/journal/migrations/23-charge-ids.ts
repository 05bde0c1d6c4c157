import type { Migration } from '../../../sqlite/migrations.ts';

// Schema 23: the charge id a screen chooses (issue 37). The cashier's screen shows the payment from the click, so it
// names the charge before the core has a reference for it, and a retried call carries the same name. The journal
// keeps it unique: a reused id can never become a second order at the provider. Rows written before, and every
// charge that did not come with one (a register's, the tests' own calls): NULL, which the index leaves out.

export const CHARGE_IDS_MIGRATION: Migration = {
  version: 23,
  description: "charge ids chosen by the till's screens, unique",
  up: (db) =>
    db.exec(`
      ALTER TABLE payment_attempts ADD COLUMN charge_id TEXT;
      CREATE UNIQUE INDEX payment_attempts_charge_id ON payment_attempts (charge_id) WHERE charge_id IS NOT NULL;
    `),
};
