import type { Migration } from '../../../sqlite/migrations.ts';

// Schema 19: no money outside a Z (issue 38). A payment still open when a supervisor closed its shift anyway is
// listed on that Z (shifts.open_at_close) but not counted in it; when it is paid later it is counted in the next Z
// closed after, with a note naming the Z it was open at (../shift-report.ts). The Z that counted it is recorded
// here, in the same commit as that close, so it is counted once: never in none, never in two.

export const PAID_AFTER_CLOSE_MIGRATION: Migration = {
  version: 19,
  description: 'the Z that counted a payment paid after its own shift was closed',
  up: (db) =>
    db.exec(`
      ALTER TABLE payment_attempts ADD COLUMN paid_after_close_in TEXT REFERENCES shifts (shift_id);
      CREATE INDEX payment_attempts_paid_after_close ON payment_attempts (paid_after_close_in)
        WHERE paid_after_close_in IS NOT NULL;
    `),
};
