import type { Migration } from '../../sqlite/migrations.ts';
import { staffColumns } from '../../sqlite/staff-columns.ts';

// Customer schema 5: people at the till (issue 22) on the linked-customer side, as the payment journal's schema 14
// did for in-store payments. Each charge and hold records, as the staff id and the name the person had at the time
// (a person renamed later keeps their old name on what they did):
// - taken_by: who charged the customer or placed the hold (the CSV's Cashier);
// - approved_by: who approved it with their own PIN where Settings → Linked customers asks a supervisor — a
//   charge's approval, or a hold's capture's (a hold is approved when it is captured, not when it is placed);
//   null when the customer approved on their display;
// - finished_by: who sent the hold's last capture or void (a capture answered REJECTED and tried again names the
//   last one who tried). Null for a charge, which is never captured or voided.
// Rows written before this version, or while nobody was signed in, name nobody (null).

export const CUSTOMER_STAFF_MIGRATION: Migration = {
  version: 5,
  description: 'who charged or placed each hold, who approved it with their PIN, who captured or voided it',
  up: (db) =>
    db.exec(`
      ${staffColumns('tokenized_attempts', 'taken_by')}
      ${staffColumns('tokenized_attempts', 'approved_by')}
      ${staffColumns('tokenized_attempts', 'finished_by')}
    `),
};
