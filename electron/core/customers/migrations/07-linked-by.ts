import type { Migration } from '../../sqlite/migrations.ts';
import { staffColumns } from '../../sqlite/staff-columns.ts';

// Customer schema 7: who linked a customer (issue 38), as schema 5 records who charged them: the staff id and the
// name the person had then. The link session records who started it (started_by: the approval comes back from the
// customer's display, with nobody at the till acting), and the customer who linked them (linked_by), kept from the
// session when the link completes; a relink names the person who linked again. Rows written before this version, or
// while nobody was signed in, name nobody (null).

export const CUSTOMER_LINKED_BY_MIGRATION: Migration = {
  version: 7,
  description: 'who started each link session, and who linked each customer',
  up: (db) =>
    db.exec(`
      ${staffColumns('link_sessions', 'started_by')}
      ${staffColumns('customers', 'linked_by')}
    `),
};
