import { randomUUID } from 'node:crypto';
import { PosError } from '../../../../shared/errors.ts';
import type { CurrencyCode } from '../../../../shared/money.ts';
import { notice } from '../../../../shared/notices.ts';
import type { ShiftReport, StaffRef } from '../../../../shared/staff.ts';
import { integer, integerOrNull, text, textOrNull, type SqlRow } from '../../sqlite/columns.ts';
import type { JournalContext } from './context.ts';
import { checkDay } from '../../sqlite/local-time.ts';
import { staffRefOf } from '../../sqlite/staff-columns.ts';
import { shiftReport } from './shift-report.ts';

// Shifts (schema 14): one open at a time, numbered 1, 2, 3… per till in the order they were opened. Every payment,
// refund and cancel records the shift open when it was written (attempts.ts, refunds.ts, cancels.ts). Closing
// keeps the Z report as it was then (JSON), with the payments still open when a supervisor closed anyway: a
// reprint reads it back, never recomputes it. Such a payment paid later is counted in the next Z to close, which
// records that it did in the same commit (schema 19). The cash drawer opened without a sale is kept here too
// (schema 20): the reports list it.

export interface ShiftRow {
  readonly shiftId: string;
  readonly number: number;
  /** The local day it was opened on. */
  readonly localDay: string;
  readonly openedAt: number;
  readonly openedBy: StaffRef | null;
  readonly note: string | null;
  readonly closedAt: number | null;
  readonly closedBy: StaffRef | null;
  /** The Z report, once closed. */
  readonly zReport: ShiftReport | null;
}

const SHIFT_COLUMNS = `shift_id, number, local_day, opened_at, opened_by_id, opened_by_name, note, closed_at,
  closed_by_id, closed_by_name, z_report`;

function readShift(row: SqlRow): ShiftRow {
  const z = textOrNull(row, 'z_report');
  return {
    shiftId: text(row, 'shift_id'),
    number: integer(row, 'number'),
    localDay: text(row, 'local_day'),
    openedAt: integer(row, 'opened_at'),
    openedBy: staffRefOf(row, 'opened_by'),
    note: textOrNull(row, 'note'),
    closedAt: integerOrNull(row, 'closed_at'),
    closedBy: staffRefOf(row, 'closed_by'),
    zReport: z === null ? null : (JSON.parse(z) as ShiftReport),
  };
}

/** The id of the shift open now, or null: what a payment, refund or cancel records in its own commit. */
export function openShiftId(ctx: JournalContext): string | null {
  const row = ctx.sql('SELECT shift_id FROM shifts WHERE closed_at IS NULL').get();
  return row ? text(row, 'shift_id') : null;
}

export function currentShift(ctx: JournalContext): ShiftRow | null {
  const row = ctx.sql(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE closed_at IS NULL`).get();
  return row ? readShift(row) : null;
}

export function getShift(ctx: JournalContext, shiftId: string): ShiftRow | null {
  const row = ctx.sql(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE shift_id = ?`).get(shiftId);
  return row ? readShift(row) : null;
}

/** The shifts opened on a local day, in their order. */
export function shiftsOfDay(ctx: JournalContext, day: string): ShiftRow[] {
  checkDay(day);
  return ctx.sql(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE local_day = ? ORDER BY number`).all(day).map(readShift);
}

/**
 * Opens the next shift: numbered after the journal's last and after `lastNumberElsewhere`, the last number the till
 * recorded outside this journal (../../sqlite/journal-record.ts), so a journal started anew after a loss never numbers a shift
 * (and its Z) again from 1. Refused shift.already-open (details.shiftId, number) while one is open.
 */
export function openShift(
  ctx: JournalContext,
  input: { openedBy: StaffRef | null; note: string | null; lastNumberElsewhere: number },
): ShiftRow {
  return ctx.atomically(() => {
    const open = currentShift(ctx);
    if (open)
      throw new PosError('shift.already-open', {
        notice: notice('shift.already-open', { number: open.number }),
        details: { shiftId: open.shiftId, number: open.number },
      });
    const last = ctx.sql('SELECT COALESCE(MAX(number), 0) AS n FROM shifts').get();
    const number = Math.max(Number(last?.['n'] ?? 0), input.lastNumberElsewhere) + 1;
    const now = ctx.now();
    const shiftId = `SHIFT-${number}-${randomUUID().slice(0, 8).toUpperCase()}`;
    ctx
      .sql(
        `INSERT INTO shifts (shift_id, number, local_day, opened_at, opened_by_id, opened_by_name, note)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        shiftId,
        number,
        ctx.localDay(now),
        now,
        input.openedBy?.id ?? null,
        input.openedBy?.name ?? null,
        input.note,
      );
    return getShift(ctx, shiftId)!;
  });
}

/**
 * The payments still open or in doubt, with a refund or a cancel whose outcome is not known yet: what stops a
 * shift from closing (any shift's: an open order is the till's until it settles). A training one is ignored, not
 * cancelled: it is the training sandbox's, no money of the shop's hangs on it and no Z counts it, so it neither
 * holds the close nor is listed on the Z; cancelling it would put a network call into the close. It settles
 * (or expires) at the training sandbox as usual, kept and marked for the trainer.
 */
export function paymentsStillOpen(ctx: JournalContext): string[] {
  return ctx
    .sql(
      `SELECT reference_id FROM payment_attempts WHERE state IN ('sending', 'checking', 'active') AND training = 0
       UNION SELECT reference_id FROM refunds WHERE state IN ('sending', 'checking') AND training = 0
       UNION SELECT reference_id FROM cancels WHERE state IN ('sending', 'checking') AND training = 0
       ORDER BY reference_id`,
    )
    .all()
    .map((row) => text(row, 'reference_id'));
}

/** The open shift's report so far (X), or the Z as kept. */
export function reportOf(ctx: JournalContext, shift: ShiftRow, currency: CurrencyCode): ShiftReport {
  if (shift.zReport) return shift.zReport;
  return shiftReport(ctx, {
    shiftId: shift.shiftId,
    openedAt: shift.openedAt,
    to: ctx.now(),
    currency,
    openAtClose: [],
  });
}

/**
 * The cash drawer opened without a sale: recorded with the shift open now (none: null), in its own commit. The
 * X and Z reports list it (shift-report.ts).
 */
export function recordDrawerOpening(ctx: JournalContext, input: { by: StaffRef | null; reason: string }): void {
  ctx.atomically(() => {
    ctx
      .sql(
        `INSERT INTO drawer_openings (opened_at, reason, shift_id, opened_by_id, opened_by_name)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(ctx.now(), input.reason, openShiftId(ctx), input.by?.id ?? null, input.by?.name ?? null);
  });
}

/**
 * Closes the open shift with its Z report, in one commit. Refused shift.none-open; refused shift.payments-open
 * (details.referenceIds, a list) while payments are open or in doubt, unless `force` (the caller checked the right):
 * then they are listed on the Z report.
 */
export function closeShift(
  ctx: JournalContext,
  input: { closedBy: StaffRef | null; force: boolean; currency: CurrencyCode },
): ShiftRow {
  return ctx.atomically(() => {
    const open = currentShift(ctx);
    if (!open) throw new PosError('shift.none-open');
    const stillOpen = paymentsStillOpen(ctx);
    if (stillOpen.length > 0 && !input.force)
      throw new PosError('shift.payments-open', {
        notice: notice('shift.payments-open', { count: stillOpen.length, references: stillOpen.join(', ') }),
        details: { referenceIds: stillOpen },
      });
    const now = Math.max(ctx.now(), open.openedAt);
    const report = shiftReport(ctx, {
      shiftId: open.shiftId,
      openedAt: open.openedAt,
      to: now,
      currency: input.currency,
      openAtClose: stillOpen,
    });
    ctx
      .sql(
        `UPDATE shifts SET closed_at = ?, closed_by_id = ?, closed_by_name = ?, z_report = ?, open_at_close = ?
         WHERE shift_id = ? AND closed_at IS NULL`,
      )
      .run(
        now,
        input.closedBy?.id ?? null,
        input.closedBy?.name ?? null,
        JSON.stringify(report),
        JSON.stringify(stillOpen),
        open.shiftId,
      );
    // In the same commit: this Z counted them, so no later one does.
    ctx
      .sql(
        `UPDATE payment_attempts SET paid_after_close_in = ?
         WHERE reference_id IN (SELECT value FROM json_each(?)) AND paid_after_close_in IS NULL`,
      )
      .run(open.shiftId, JSON.stringify((report.paidAfterClose ?? []).map((payment) => payment.referenceId)));
    return getShift(ctx, open.shiftId)!;
  });
}
