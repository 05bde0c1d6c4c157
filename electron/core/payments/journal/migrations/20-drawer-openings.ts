import type { Migration } from '../../../sqlite/migrations.ts';
import { staffColumns } from '../../../sqlite/staff-columns.ts';

// Schema 20: the cash drawer opened without a sale (issue 38): when, who (the staff id and their name then), why
// in their words, and the shift open then, so the X and Z reports list them (../shift-report.ts). Kept like the
// events: a record of cash reachable without a sale is evidence, never changed or removed.

export const DRAWER_OPENINGS_MIGRATION: Migration = {
  version: 20,
  description: 'the cash drawer opened without a sale: when, who, why, in which shift',
  up: (db) =>
    db.exec(`
      CREATE TABLE drawer_openings (
        id        INTEGER PRIMARY KEY,
        opened_at INTEGER NOT NULL,
        reason    TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 120),
        shift_id  TEXT REFERENCES shifts (shift_id)
      ) STRICT;
      ${staffColumns('drawer_openings', 'opened_by')}
      CREATE INDEX drawer_openings_shift ON drawer_openings (shift_id, id) WHERE shift_id IS NOT NULL;
      CREATE TRIGGER drawer_openings_no_update BEFORE UPDATE ON drawer_openings
        BEGIN SELECT RAISE(ABORT, 'a drawer opening is kept as recorded'); END;
      CREATE TRIGGER drawer_openings_no_delete BEFORE DELETE ON drawer_openings
        BEGIN SELECT RAISE(ABORT, 'drawer openings are never deleted'); END;
    `),
};
