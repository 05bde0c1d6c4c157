import type { DaySummary, RegisterDayLine, SummaryLine } from '../../../../shared/payment-history.ts';
import { DISPLAY_STATUSES, type DisplayStatus, type PaymentMethod } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { isCurrency, money, type CurrencyCode } from '../../../../shared/money.ts';
import { notice } from '../../../../shared/notices.ts';
import type { JournalContext } from './context.ts';
import { checkDay } from '../../sqlite/local-time.ts';

// End-of-day totals. Every sum is SQLite's SUM over INTEGER minor units (exact; SQLite raises an error on
// overflow instead of rounding), never a float.
// - byStatus: every attempt of the day by what the cashier sees now (paid, failed, expired…);
// - byMethod and paid: money taken that day: orders CAPTURED, or REFUNDED later (they were paid);
// - refunds: this till's refunds of its own payments, confirmed, counted on the day they were made (a refund
//   today of yesterday's sale is today's money out, as the drawer count expects);
// - refundsOfOtherTerminals: this till's refunds of payments taken at another terminal (looked up by their
//   reference), counted the same way. Looked-up payments themselves are never in byStatus, byMethod or paid;
// - refundedElsewhere: for information, what the provider reports refunded beyond our own refunds (another
//   terminal, the merchant portal), per payment. The till never learns when such a refund was made, so it
//   counts on the payment's day — the day whose summary already shows that payment as refunded. Not in net:
//   the terminal that made it counts it, so a shop adding up its terminals counts each refund once;
// - byRegister: the part of paid and of refunds that belongs to the payments each register started (by key name),
//   for reconciling with the register's own report;
// - net: this terminal's takings minus the refunds it made;
// - outsideShifts: on a day the till worked in shifts, the part of net written while no shift was open (its
//   paid payments and refunds without a shift_id), so that net = the shifts' nets + this line.

export function daySummary(ctx: JournalContext, day: string, currency?: CurrencyCode): DaySummary {
  checkDay(day);
  if (currency !== undefined && !isCurrency(currency)) throw new PosError('currency.unsupported');
  return ctx.snapshot(() => {
    const inCurrency = currency ?? currencyOfDay(ctx, day);
    const byStatus: Partial<Record<DisplayStatus, SummaryLine>> = {};
    const statusRows = ctx
      .sql(
        `SELECT display_status, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? AND origin = 'taken-here' AND training = 0 GROUP BY display_status`,
      )
      .all(day, inCurrency);
    for (const row of statusRows) {
      const status = row['display_status'] as DisplayStatus;
      if ((DISPLAY_STATUSES as readonly string[]).includes(status))
        byStatus[status] = line(row['n'], row['total'], inCurrency);
    }

    const byMethod: Record<PaymentMethod, SummaryLine> = {
      'merchant-qr': line(0, 0, inCurrency),
      'customer-qr': line(0, 0, inCurrency),
    };
    const methodRows = ctx
      .sql(
        `SELECT method, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? AND origin = 'taken-here' AND training = 0 AND provider_status IN ('CAPTURED', 'REFUNDED') GROUP BY method`,
      )
      .all(day, inCurrency);
    for (const row of methodRows) {
      const method = row['method'];
      if (method === 'merchant-qr' || method === 'customer-qr')
        byMethod[method] = line(row['n'], row['total'], inCurrency);
    }
    const paid = line(
      byMethod['merchant-qr'].count + byMethod['customer-qr'].count,
      byMethod['merchant-qr'].total.amountMinor + byMethod['customer-qr'].total.amountMinor,
      inCurrency,
    );

    // Refunds made here, split by where their payment was taken.
    const refundRows = ctx
      .sql(
        `SELECT a.origin AS origin, COUNT(*) AS n, COALESCE(SUM(r.amount_minor), 0) AS total
         FROM refunds r JOIN payment_attempts a ON a.reference_id = r.reference_id
         WHERE r.local_day = ? AND r.currency = ? AND r.state = 'succeeded' AND r.training = 0 GROUP BY a.origin`,
      )
      .all(day, inCurrency);
    const refundsOf = (origin: string): SummaryLine => {
      const row = refundRows.find((r) => r['origin'] === origin);
      return line(row?.['n'] ?? 0, row?.['total'] ?? 0, inCurrency);
    };
    const refunds = refundsOf('taken-here');
    const refundsOfOtherTerminals = refundsOf('looked-up');
    const elsewhereRow = ctx
      .sql(
        `SELECT COUNT(*) AS n, COALESCE(SUM(provider_refunded_minor - refunded_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? AND origin = 'taken-here' AND training = 0 AND provider_refunded_minor > refunded_minor`,
      )
      .get(day, inCurrency);
    const refundedElsewhere = line(elsewhereRow?.['n'] ?? 0, elsewhereRow?.['total'] ?? 0, inCurrency);

    return {
      day,
      currency: inCurrency,
      byStatus,
      byMethod,
      paid,
      refunds,
      refundsOfOtherTerminals,
      refundedElsewhere,
      byRegister: byRegister(ctx, day, inCurrency),
      ...outsideShifts(ctx, day, inCurrency),
      net: money(
        paid.total.amountMinor - refunds.total.amountMinor - refundsOfOtherTerminals.total.amountMinor,
        inCurrency,
      ),
    };
  });
}

/** Paid and refunded per register key, by name; registers with neither that day are left out. */
function byRegister(ctx: JournalContext, day: string, currency: CurrencyCode): RegisterDayLine[] {
  const paidRows = ctx
    .sql(
      `SELECT register_key AS key, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
       FROM payment_attempts WHERE local_day = ? AND currency = ? AND register_key IS NOT NULL AND training = 0
         AND provider_status IN ('CAPTURED', 'REFUNDED') GROUP BY register_key`,
    )
    .all(day, currency);
  const refundRows = ctx
    .sql(
      `SELECT a.register_key AS key, COUNT(*) AS n, COALESCE(SUM(r.amount_minor), 0) AS total
       FROM refunds r JOIN payment_attempts a ON a.reference_id = r.reference_id
       WHERE r.local_day = ? AND r.currency = ? AND r.state = 'succeeded' AND r.training = 0 AND a.register_key IS NOT NULL
       GROUP BY a.register_key`,
    )
    .all(day, currency);
  const names = [...new Set([...paidRows, ...refundRows].map((row) => String(row['key'])))].sort();
  const of = (rows: typeof paidRows, name: string): SummaryLine => {
    const row = rows.find((r) => r['key'] === name);
    return line(row?.['n'] ?? 0, row?.['total'] ?? 0, currency);
  };
  return names.map((keyName) => ({ keyName, paid: of(paidRows, keyName), refunds: of(refundRows, keyName) }));
}

/**
 * Paid payments (count) and net (paid − refunds) of the day written while no shift was open; only on a day with a
 * shift (one opened that day, or a record of the day in one; a training record is not the till working), since on a
 * till without shifts it would be the whole day again.
 */
function outsideShifts(ctx: JournalContext, day: string, currency: CurrencyCode): { outsideShifts?: SummaryLine } {
  const worked = ctx
    .sql(
      `SELECT EXISTS (SELECT 1 FROM shifts WHERE local_day = ?1)
         OR EXISTS (SELECT 1 FROM payment_attempts WHERE local_day = ?1 AND shift_id IS NOT NULL AND training = 0)
         OR EXISTS (SELECT 1 FROM refunds WHERE local_day = ?1 AND shift_id IS NOT NULL AND training = 0) AS worked`,
    )
    .get(day);
  if (!worked?.['worked']) return {};
  const paid = ctx
    .sql(
      `SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total FROM payment_attempts
       WHERE local_day = ? AND currency = ? AND origin = 'taken-here' AND training = 0 AND shift_id IS NULL
         AND provider_status IN ('CAPTURED', 'REFUNDED')`,
    )
    .get(day, currency);
  const refunded = ctx
    .sql(
      `SELECT COALESCE(SUM(amount_minor), 0) AS total FROM refunds
       WHERE local_day = ? AND currency = ? AND state = 'succeeded' AND shift_id IS NULL AND training = 0`,
    )
    .get(day, currency);
  return {
    outsideShifts: line(paid?.['n'] ?? 0, Number(paid?.['total'] ?? 0) - Number(refunded?.['total'] ?? 0), currency),
  };
}

/** The till's currency that day: the one most of its payments used (a till changes currency only when it moves country). */
function currencyOfDay(ctx: JournalContext, day: string): CurrencyCode {
  const row =
    ctx
      .sql('SELECT currency FROM payment_attempts WHERE local_day = ? GROUP BY currency ORDER BY COUNT(*) DESC LIMIT 1')
      .get(day) ?? ctx.sql('SELECT currency FROM payment_attempts ORDER BY created_at DESC LIMIT 1').get();
  const found = row?.['currency'];
  if (typeof found === 'string' && isCurrency(found)) return found;
  throw new PosError('request.invalid', { notice: notice('summary.currency-needed') });
}

function line(count: unknown, totalMinor: unknown, currency: CurrencyCode): SummaryLine {
  return { count: Number(count), total: money(Number(totalMinor), currency) };
}
