import type { Migration } from '../../../sqlite/migrations.ts';
import { staffColumns } from '../../../sqlite/staff-columns.ts';

// Schema 14: people at the till (issue 22). Who took each payment, who cancelled it, who refunded and who approved
// each refund, each as the staff id and the name the person had at the time (a person renamed later keeps their
// old name on what they did); and the shifts, numbered per till.
//
// Which records belong to a shift: the shift open when each was written, recorded with it (shift_id), not the
// time range of the shift. A time range would move records between shifts when the clock is corrected, and would
// put a payment taken before a forced close but paid after it into no shift or the next one; the recorded id
// keeps every payment, refund and cancel with the shift that was open when the cashier made it, whatever happens
// later, so an X report read twice and the Z kept at the close agree. A refund belongs to the shift it was made
// in, not its payment's (the money leaves during that shift, as the day summary counts a refund on its own day).
// Rows written before this version, or while no shift was open, belong to none (null).

export const STAFF_AND_SHIFTS_MIGRATION: Migration = {
  version: 14,
  description: 'who took, cancelled, refunded and approved each record; shifts with their Z reports',
  up: (db) =>
    db.exec(`
      CREATE TABLE shifts (
        shift_id           TEXT PRIMARY KEY NOT NULL
                           CHECK (length(shift_id) BETWEEN 8 AND 64 AND shift_id NOT GLOB '*[^A-Za-z0-9-]*'),
        -- The Z number: 1, 2, 3… in the order shifts were opened on this till; never reused or renumbered.
        number             INTEGER NOT NULL UNIQUE CHECK (number > 0),
        local_day          TEXT NOT NULL CHECK (local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        opened_at          INTEGER NOT NULL,
        opened_by_id       TEXT,
        opened_by_name     TEXT,
        note               TEXT CHECK (note IS NULL OR length(note) <= 200),
        closed_at          INTEGER,
        closed_by_id       TEXT,
        closed_by_name     TEXT,
        -- The Z report as it was at the close (shared/staff.ts ShiftReport): reprinted from here, never recomputed.
        z_report           TEXT CHECK (z_report IS NULL OR json_valid(z_report)),
        -- The payments still open or in doubt when a supervisor closed the shift anyway (JSON list of referenceIds).
        open_at_close      TEXT CHECK (open_at_close IS NULL OR json_valid(open_at_close)),
        CHECK ((closed_at IS NULL) = (z_report IS NULL)),
        CHECK (closed_at IS NULL OR closed_at >= opened_at)
      ) STRICT;
      -- At most one shift is open on a till at a time.
      CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
      CREATE INDEX shifts_by_day ON shifts (local_day, number);
      -- A Z report is evidence like the events: kept as it was closed.
      CREATE TRIGGER shifts_closed_no_update BEFORE UPDATE ON shifts WHEN OLD.closed_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'a closed shift is kept as it was closed'); END;
      CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
        BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;

      ${staffColumns('payment_attempts', 'taken_by')}
      ALTER TABLE payment_attempts ADD COLUMN shift_id TEXT REFERENCES shifts (shift_id);
      ${staffColumns('refunds', 'refunded_by')}
      ${staffColumns('refunds', 'approved_by')}
      ALTER TABLE refunds ADD COLUMN shift_id TEXT REFERENCES shifts (shift_id);
      ${staffColumns('cancels', 'cancelled_by')}
      ALTER TABLE cancels ADD COLUMN shift_id TEXT REFERENCES shifts (shift_id);

      CREATE INDEX payment_attempts_shift ON payment_attempts (shift_id, created_at) WHERE shift_id IS NOT NULL;
      CREATE INDEX refunds_shift ON refunds (shift_id, created_at) WHERE shift_id IS NOT NULL;
      CREATE INDEX cancels_shift ON cancels (shift_id, created_at) WHERE shift_id IS NOT NULL;
    `),
};
