import type { SummaryLine } from '../../../../shared/payment-history.ts';
import { money, type CurrencyCode } from '../../../../shared/money.ts';
import type { DrawerOpening, PaidAfterClose, ShiftCashierLine, ShiftReport } from '../../../../shared/staff.ts';
import { staffRefOf } from '../../sqlite/staff-columns.ts';
import type { JournalContext } from './context.ts';
import { chainHead } from '../../audit-chain/chain-writer.ts';

// What a shift took, from the records written while it was open (their shift_id: migrations/14-staff-and-shifts.ts says why
// not a time range). Every sum is SQLite's SUM over INTEGER minor units, as in day-summary.ts:
// - paid and byMethod: this till's payments of the shift that were paid (CAPTURED, or REFUNDED later);
// - refunds: every refund this till made during the shift and the provider confirmed, of its own payments or of
//   another terminal's (the refund counter): money out during the shift, whichever shift took the payment;
// - cancels: cancels asked for during the shift that the provider confirmed;
// - registerSales: the part of paid that the shop's register programs started;
// - byCashier: the same per person (null: the kiosk, or nobody signed in), in the order of their first record,
//   with the part of their refunds nobody approved (a cashier's under the no-approval limit and shift cap; the
//   nobody line has none: its refunds were approved by the supervisor PIN or made by the register's key);
// - net = paid − refunds;
// - paidAfterClose: a payment an earlier shift listed as still open at its forced close, paid since, counts in the
//   shift open now (in paid, by method, by cashier) and in the Z that closes it, which records that it counted it
//   (schema 19, shifts.ts): never in no Z, never in two;
// - drawerOpenings: the cash drawer opened without a sale during the shift (schema 20).

export interface ShiftReportInput {
  readonly shiftId: string;
  readonly openedAt: number;
  /** The close, or now for an X report. */
  readonly to: number;
  readonly currency: CurrencyCode;
  /** Payments still open when the shift was closed anyway. */
  readonly openAtClose: readonly string[];
}

interface PersonTotals {
  id: string | null;
  name: string | null;
  first: number;
  paid: [number, number];
  refunds: [number, number];
  unapprovedRefunds: [number, number];
  cancels: number;
}

export function shiftReport(ctx: JournalContext, input: ShiftReportInput): ShiftReport {
  const { shiftId, currency } = input;
  return ctx.snapshot(() => {
    const paidAfterClose = paidAfterCloseOf(ctx, shiftId, currency);
    const late = JSON.stringify(paidAfterClose.map((payment) => payment.referenceId));
    const methodRows = ctx
      .sql(
        `SELECT method, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total,
           SUM(register_key IS NOT NULL) AS register_n,
           COALESCE(SUM(CASE WHEN register_key IS NOT NULL THEN amount_minor END), 0) AS register_total
         FROM payment_attempts WHERE ${COUNTED_HERE} AND currency = ? AND origin = 'taken-here' AND training = 0
           AND provider_status IN ('CAPTURED', 'REFUNDED') GROUP BY method`,
      )
      .all(shiftId, late, currency);
    const byMethod = { 'merchant-qr': line(0, 0, currency), 'customer-qr': line(0, 0, currency) };
    let registerCount = 0;
    let registerTotal = 0;
    for (const row of methodRows) {
      const method = row['method'];
      if (method !== 'merchant-qr' && method !== 'customer-qr') continue;
      byMethod[method] = line(row['n'], row['total'], currency);
      registerCount += Number(row['register_n'] ?? 0);
      registerTotal += Number(row['register_total']);
    }
    const paid = line(
      byMethod['merchant-qr'].count + byMethod['customer-qr'].count,
      byMethod['merchant-qr'].total.amountMinor + byMethod['customer-qr'].total.amountMinor,
      currency,
    );
    const refundRow = ctx
      .sql(
        `SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total FROM refunds
         WHERE shift_id = ? AND currency = ? AND state = 'succeeded' AND training = 0`,
      )
      .get(shiftId, currency);
    const refunds = line(refundRow?.['n'] ?? 0, refundRow?.['total'] ?? 0, currency);
    const cancelRow = ctx
      .sql(`SELECT COUNT(*) AS n FROM cancels WHERE shift_id = ? AND outcome = 'cancelled' AND training = 0`)
      .get(shiftId);
    return {
      currency,
      from: new Date(input.openedAt).toISOString(),
      to: new Date(input.to).toISOString(),
      paid,
      byMethod,
      refunds,
      cancels: Number(cancelRow?.['n'] ?? 0),
      registerSales: line(registerCount, registerTotal, currency),
      net: money(paid.total.amountMinor - refunds.total.amountMinor, currency),
      byCashier: byCashier(ctx, shiftId, late, currency),
      openAtClose: [...input.openAtClose],
      chain: chainHead(ctx.db),
      paidAfterClose,
      drawerOpenings: drawerOpeningsOf(ctx, shiftId),
    };
  });
}

/** A payment counted in the shift: taken in it, or paid after an earlier shift's close (`late`: their ids, JSON). */
const COUNTED_HERE = '(shift_id = ? OR reference_id IN (SELECT value FROM json_each(?)))';

/**
 * The payments of earlier shifts that were still open at their forced close (listed on that Z) and are paid now:
 * those this shift's Z counted, or, while no Z has counted them yet, the shift open now (its X, then its Z).
 */
function paidAfterCloseOf(ctx: JournalContext, shiftId: string, currency: CurrencyCode): PaidAfterClose[] {
  return ctx
    .sql(
      `SELECT a.reference_id, a.amount_minor, s.number FROM shifts s, json_each(s.open_at_close) j
       JOIN payment_attempts a ON a.reference_id = j.value AND a.shift_id = s.shift_id
       WHERE s.closed_at IS NOT NULL AND a.currency = ? AND a.origin = 'taken-here' AND a.training = 0
         AND a.provider_status IN ('CAPTURED', 'REFUNDED')
         AND (a.paid_after_close_in = ? OR a.paid_after_close_in IS NULL)
       ORDER BY s.number, a.created_at, a.reference_id`,
    )
    .all(currency, shiftId)
    .map((row) => ({
      referenceId: String(row['reference_id']),
      shiftNumber: Number(row['number']),
      amount: money(Number(row['amount_minor']), currency),
    }));
}

function drawerOpeningsOf(ctx: JournalContext, shiftId: string): DrawerOpening[] {
  return ctx
    .sql('SELECT opened_at, opened_by_id, opened_by_name, reason FROM drawer_openings WHERE shift_id = ? ORDER BY id')
    .all(shiftId)
    .map((row) => ({
      at: new Date(Number(row['opened_at'])).toISOString(),
      by: staffRefOf(row, 'opened_by'),
      reason: String(row['reason']),
    }));
}

function byCashier(ctx: JournalContext, shiftId: string, late: string, currency: CurrencyCode): ShiftCashierLine[] {
  const people = new Map<string, PersonTotals>();
  const person = (id: unknown, name: unknown, first: unknown): PersonTotals => {
    const key = typeof id === 'string' ? `id:${id}` : 'nobody';
    let totals = people.get(key);
    if (!totals) {
      totals = {
        id: typeof id === 'string' ? id : null,
        name: typeof name === 'string' ? name : null,
        first: Number(first),
        paid: [0, 0],
        refunds: [0, 0],
        unapprovedRefunds: [0, 0],
        cancels: 0,
      };
      people.set(key, totals);
    }
    totals.first = Math.min(totals.first, Number(first));
    return totals;
  };
  // The name each person had at their first record of the shift (a rename mid-shift does not split them).
  const paidRows = ctx
    .sql(
      `SELECT taken_by_id AS id, MIN(created_at) AS first, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total,
         (SELECT p.taken_by_name FROM payment_attempts p WHERE p.shift_id = a.shift_id AND p.taken_by_id IS a.taken_by_id
          ORDER BY p.created_at LIMIT 1) AS name
       FROM payment_attempts a WHERE ${COUNTED_HERE} AND currency = ? AND origin = 'taken-here' AND training = 0
         AND provider_status IN ('CAPTURED', 'REFUNDED') GROUP BY taken_by_id`,
    )
    .all(shiftId, late, currency);
  for (const row of paidRows)
    person(row['id'], row['name'], row['first']).paid = [Number(row['n']), Number(row['total'])];
  const refundRows = ctx
    .sql(
      `SELECT refunded_by_id AS id, MIN(created_at) AS first, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total,
         SUM(approved_by_id IS NULL AND refunded_by_id IS NOT NULL) AS unapproved_n,
         COALESCE(SUM(CASE WHEN approved_by_id IS NULL AND refunded_by_id IS NOT NULL THEN amount_minor END), 0)
           AS unapproved_total,
         (SELECT q.refunded_by_name FROM refunds q WHERE q.shift_id = r.shift_id AND q.refunded_by_id IS r.refunded_by_id
          ORDER BY q.created_at LIMIT 1) AS name
       FROM refunds r WHERE shift_id = ? AND currency = ? AND state = 'succeeded' AND training = 0 GROUP BY refunded_by_id`,
    )
    .all(shiftId, currency);
  for (const row of refundRows) {
    const totals = person(row['id'], row['name'], row['first']);
    totals.refunds = [Number(row['n']), Number(row['total'])];
    totals.unapprovedRefunds = [Number(row['unapproved_n']), Number(row['unapproved_total'])];
  }
  const cancelRows = ctx
    .sql(
      `SELECT cancelled_by_id AS id, MIN(created_at) AS first, COUNT(*) AS n,
         (SELECT d.cancelled_by_name FROM cancels d WHERE d.shift_id = c.shift_id AND d.cancelled_by_id IS c.cancelled_by_id
          ORDER BY d.created_at LIMIT 1) AS name
       FROM cancels c WHERE shift_id = ? AND outcome = 'cancelled' AND training = 0 GROUP BY cancelled_by_id`,
    )
    .all(shiftId);
  for (const row of cancelRows) person(row['id'], row['name'], row['first']).cancels = Number(row['n']);
  return [...people.values()]
    .sort((a, b) => a.first - b.first || String(a.id).localeCompare(String(b.id)))
    .map((totals) => ({
      staff: totals.id === null ? null : { id: totals.id, name: totals.name ?? totals.id },
      paid: line(totals.paid[0], totals.paid[1], currency),
      refunds: line(totals.refunds[0], totals.refunds[1], currency),
      unapprovedRefunds: line(totals.unapprovedRefunds[0], totals.unapprovedRefunds[1], currency),
      cancels: totals.cancels,
    }));
}

function line(count: unknown, totalMinor: unknown, currency: CurrencyCode): SummaryLine {
  return { count: Number(count), total: money(Number(totalMinor), currency) };
}
