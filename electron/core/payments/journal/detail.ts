import type { PaymentDetail, PaymentView } from '../../../../shared/payments.ts';
import * as attempts from './attempts.ts';
import * as cancels from './cancels.ts';
import type { JournalContext } from './context.ts';
import * as events from './events.ts';
import * as refunds from './refunds.ts';
import { saleLinesOf } from './sale-lines.ts';
import { toJournalEvent, toPaymentView, toRefundView, toStatusChange } from './views.ts';

// One payment as the screens show it (its view, and the detail screen's refunds, status history and events),
// from the live journal or from a closed year's archive file (year-archive-reader.ts): both hold the same tables.

export function viewOf(ctx: JournalContext, referenceId: string): PaymentView | null {
  const row = attempts.getAttempt(ctx, referenceId);
  if (!row) return null;
  const view = toPaymentView(row, refunds.refundsOf(ctx, referenceId), cancels.cancelsOf(ctx, referenceId));
  // Only a register's sale can have lines (a cashier's payment reads none); a view without any has no field.
  const lines = row.registerKey === null ? [] : saleLinesOf(ctx, referenceId);
  return lines.length === 0 ? view : { ...view, lines };
}

/** Everything the detail screen shows, from one snapshot. */
export function detailOf(ctx: JournalContext, referenceId: string): PaymentDetail | null {
  return ctx.snapshot((): PaymentDetail | null => {
    const payment = viewOf(ctx, referenceId);
    if (!payment) return null;
    return {
      payment,
      refunds: refunds.refundsOf(ctx, referenceId).map(toRefundView),
      history: events.statusHistoryOf(ctx, referenceId).map(toStatusChange),
      events: events.eventsOf(ctx, referenceId).map(toJournalEvent),
    };
  });
}
