// The least-privilege login an IT team gives its tills: it may read and write the head office's rows and
// nothing else. No right to create or alter anything (the schema is migrated with the owner's login through
// `npm run head-office -- migrate`), no delete, and `events`, `chain_heads` and
// `unprojected_events` are append-only for it.

export const DEFAULT_TILL_ROLE = 'wallet_pos_till';

const PROJECTED_TABLES = ['tills', 'payments', 'refunds', 'shifts', 'till_days', 'staff'];

/** The SQL that creates `role` (a plain lower-case name), to run as the schema's owner after migrating. */
export function roleSql(role: string = DEFAULT_TILL_ROLE): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
    throw new Error(`a role name is lower-case letters, digits and _ (got ${JSON.stringify(role)})`);
  }
  return `-- The tills' login: reads and writes the head office's rows, creates nothing, deletes nothing.
create role ${role} login password 'choose-a-password';
grant usage on schema wallet_pos to ${role};
grant select on wallet_pos.schema_version to ${role};
grant select, insert on wallet_pos.events to ${role};
grant select, insert, update on ${PROJECTED_TABLES.map((table) => `wallet_pos.${table}`).join(', ')} to ${role};
grant select, insert on wallet_pos.chain_heads, wallet_pos.unprojected_events to ${role};
grant usage on sequence wallet_pos.staff_revision_seq to ${role};
-- A dashboard's (Grafana's) read-only login, if you want one:
--   create role wallet_pos_read login password '…';
--   grant usage on schema wallet_pos to wallet_pos_read;
--   grant select on all tables in schema wallet_pos to wallet_pos_read;
`;
}
