import { DISPLAY_STATUSES, type DaySummary, type DisplayStatus, type PaymentMethod, type SummaryLine } from '../../../shared/domain.ts';
import { PosError } from '../../../shared/errors.ts';
import { isCurrency, money, type CurrencyCode } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { JournalContext } from './context.ts';
import { checkDay } from './local-time.ts';

// End-of-day totals. Every sum is SQLite's SUM over INTEGER minor units (exact; SQLite raises an error on
// overflow instead of rounding), never a float.
// - byStatus: every attempt of the day by what the cashier sees now (paid, failed, expired…);
// - byMethod and paid: money taken that day: orders CAPTURED, or REFUNDED later (they were paid);
// - refunds: refunds confirmed, counted on the day they were made (a refund today of yesterday's sale is
//   today's money out, as the drawer count expects), plus refundedElsewhere;
// - refundedElsewhere: what the provider reports refunded beyond our own refunds (merchant portal, another
//   till), per payment. The till never learns when such a refund was made, so it counts on the payment's
//   day — the day whose summary already shows that payment as refunded;
// - net: paid minus every refund.

export function daySummary(ctx: JournalContext, day: string, currency?: CurrencyCode): DaySummary {
  checkDay(day);
  if (currency !== undefined && !isCurrency(currency)) throw new PosError('currency.unsupported');
  return ctx.snapshot(() => {
    const inCurrency = currency ?? currencyOfDay(ctx, day);
    const byStatus: Partial<Record<DisplayStatus, SummaryLine>> = {};
    const statusRows = ctx
      .sql(
        `SELECT display_status, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? GROUP BY display_status`,
      )
      .all(day, inCurrency);
    for (const row of statusRows) {
      const status = row['display_status'] as DisplayStatus;
      if ((DISPLAY_STATUSES as readonly string[]).includes(status)) byStatus[status] = line(row['n'], row['total'], inCurrency);
    }

    const byMethod: Record<PaymentMethod, SummaryLine> = { 'merchant-qr': line(0, 0, inCurrency), 'customer-qr': line(0, 0, inCurrency) };
    const methodRows = ctx
      .sql(
        `SELECT method, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? AND provider_status IN ('CAPTURED', 'REFUNDED') GROUP BY method`,
      )
      .all(day, inCurrency);
    for (const row of methodRows) {
      const method = row['method'];
      if (method === 'merchant-qr' || method === 'customer-qr') byMethod[method] = line(row['n'], row['total'], inCurrency);
    }
    const paid = line(byMethod['merchant-qr'].count + byMethod['customer-qr'].count, byMethod['merchant-qr'].total.amountMinor + byMethod['customer-qr'].total.amountMinor, inCurrency);

    const refundRow = ctx
      .sql(
        `SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total
         FROM refunds WHERE local_day = ? AND currency = ? AND state = 'succeeded'`,
      )
      .get(day, inCurrency);
    const elsewhereRow = ctx
      .sql(
        `SELECT COUNT(*) AS n, COALESCE(SUM(provider_refunded_minor - refunded_minor), 0) AS total
         FROM payment_attempts WHERE local_day = ? AND currency = ? AND provider_refunded_minor > refunded_minor`,
      )
      .get(day, inCurrency);
    const refundedElsewhere = line(elsewhereRow?.['n'] ?? 0, elsewhereRow?.['total'] ?? 0, inCurrency);
    const refunds = line(
      Number(refundRow?.['n'] ?? 0) + refundedElsewhere.count,
      Number(refundRow?.['total'] ?? 0) + refundedElsewhere.total.amountMinor,
      inCurrency,
    );

    return {
      day,
      currency: inCurrency,
      byStatus,
      byMethod,
      paid,
      refunds,
      refundedElsewhere,
      net: money(paid.total.amountMinor - refunds.total.amountMinor, inCurrency),
    };
  });
}

/** The till's currency that day: the one most of its payments used (a till changes currency only when it moves country). */
function currencyOfDay(ctx: JournalContext, day: string): CurrencyCode {
  const row =
    ctx.sql('SELECT currency FROM payment_attempts WHERE local_day = ? GROUP BY currency ORDER BY COUNT(*) DESC LIMIT 1').get(day) ??
    ctx.sql('SELECT currency FROM payment_attempts ORDER BY created_at DESC LIMIT 1').get();
  const found = row?.['currency'];
  if (typeof found === 'string' && isCurrency(found)) return found;
  throw new PosError('request.invalid', { notice: notice('summary.currency-needed') });
}

function line(count: unknown, totalMinor: unknown, currency: CurrencyCode): SummaryLine {
  return { count: Number(count), total: money(Number(totalMinor), currency) };
}
