import type { DaySummary } from '../../../shared/payment-history.ts';
import type { DayEventBody } from './outbox/events.ts';

// The `day` event: the till's own day summary, the figures its Day summary screen shows (payments.summary, both
// journals), so that a shop's day at the head office is the sum of what each till says, to the cent. Gross is
// what came in (paid in store and the linked customers' takings), refunds what went out (of this till's payments
// and of other terminals'), and gross − refunds is the summary's own net.

export function dayEventBody(summary: DaySummary): DayEventBody {
  const linked = summary.linkedCustomers;
  const linkedMinor = (linked?.charges.total.amountMinor ?? 0) + (linked?.captures.total.amountMinor ?? 0);
  const refundsMinor = summary.refunds.total.amountMinor + (summary.refundsOfOtherTerminals?.total.amountMinor ?? 0);
  return {
    day: summary.day,
    currency: summary.currency,
    grossMinor: summary.paid.total.amountMinor + linkedMinor,
    refundsMinor,
    netMinor: summary.net.amountMinor,
    payments: summary.paid.count + (linked?.charges.count ?? 0) + (linked?.captures.count ?? 0),
  };
}
