import { money } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { OrderStatusResponse } from '../instore/schemas.ts';
import type {
  AttemptPatch,
  AttemptRow,
  CancelPatch,
  CancelRow,
  NewEvent,
  RefundPatch,
  RefundRow,
} from './journal/index.ts';
import { refundTotalsOf } from './journal/index.ts';
import type { PaymentRuntime } from './runtime.ts';

// Journal writes as the service makes them: the change and the event that explains it in one commit, and the
// screens told only when something really changed.

export function updateAttempt(
  rt: PaymentRuntime,
  referenceId: string,
  patch: AttemptPatch,
  event?: NewEvent,
): AttemptRow {
  const { journal } = rt;
  let changed = false;
  // The exchange that brought this change goes first: its audit entry waits for this commit (audit.ts).
  const row = rt.answerAudits.commitWith(referenceId, (writeHeld) =>
    journal.atomically(() => {
      writeHeld();
      const before = journal.getAttempt(referenceId);
      const after = journal.updateAttempt(referenceId, patch);
      changed = before === null || after.version !== before.version;
      if (changed && event) journal.appendEvent(referenceId, event);
      return after;
    }),
  );
  if (changed) rt.publishAttempt(referenceId);
  return row;
}

/**
 * A refund that turns `succeeded` and brings our confirmed total up to the order amount makes the order
 * REFUNDED in the same commit: that is the provider's documented rule (wire-details §2.3), and writing it
 * separately would leave a window where a crash keeps a fully refunded payment showing "paid" for good.
 */
export function updateRefund(rt: PaymentRuntime, refundId: string, patch: RefundPatch, event?: NewEvent): RefundRow {
  const { journal } = rt;
  let changed = false;
  const row = journal.atomically(() => {
    const before = journal.getRefund(refundId);
    const after = journal.updateRefund(refundId, patch);
    changed =
      before === null ||
      before.state !== after.state ||
      before.failureReason !== after.failureReason ||
      before.providerOrderId !== after.providerOrderId ||
      before.providerTraceId !== after.providerTraceId ||
      before.providerRefundedBeforeMinor !== after.providerRefundedBeforeMinor ||
      before.checkingReason !== after.checkingReason;
    if (changed && event) journal.appendEvent(after.referenceId, event);
    if (changed && after.state === 'succeeded') {
      const attempt = journal.getAttempt(after.referenceId);
      // Our refunds alone, or with those the provider reported made elsewhere.
      if (
        attempt &&
        attempt.providerStatus === 'CAPTURED' &&
        refundTotalsOf(attempt).refundedMinor >= attempt.amountMinor
      ) {
        journal.updateAttempt(after.referenceId, { providerStatus: 'REFUNDED' });
        journal.appendEvent(after.referenceId, {
          kind: 'status',
          notice: notice(
            attempt.refundedMinor >= attempt.amountMinor ? 'event.refunded-ours' : 'event.refunded-with-elsewhere',
          ),
        });
      }
    }
    return after;
  });
  if (changed) rt.publishRefund(refundId);
  return row;
}

export function updateCancel(rt: PaymentRuntime, cancelId: string, patch: CancelPatch, event?: NewEvent): CancelRow {
  const { journal } = rt;
  let changed = false;
  const row = journal.atomically(() => {
    const before = journal.getCancel(cancelId);
    const after = journal.updateCancel(cancelId, patch);
    changed =
      before === null ||
      before.state !== after.state ||
      before.outcome !== after.outcome ||
      before.failureReason !== after.failureReason ||
      before.checkingReason !== after.checkingReason;
    if (changed && event) journal.appendEvent(after.referenceId, event);
    return after;
  });
  // A cancel changes what the payment screen offers (canCancel) and the unresolved count.
  if (changed) rt.publishAttempt(row.referenceId);
  return row;
}

/**
 * The refund total a status lookup reported (`refundAmount`, refunds made outside this till included), kept
 * with the event that says what it means, and the screens told when it grew. See journal/provider-refund-total.ts.
 */
export function recordProviderRefundTotal(
  rt: PaymentRuntime,
  referenceId: string,
  order: OrderStatusResponse,
): AttemptRow {
  const { journal } = rt;
  const reported = order.refundAmount ?? 0;
  let changed = false;
  const row = journal.atomically(() => {
    const outcome = journal.recordProviderRefundTotal(referenceId, reported);
    changed = outcome.changed;
    if (changed) {
      const { currency, amountMinor } = outcome.row;
      const totals = refundTotalsOf(outcome.row);
      const total = money(outcome.row.providerRefundedMinor ?? 0, currency);
      journal.appendEvent(referenceId, {
        kind: 'status',
        notice:
          totals.refundedElsewhereMinor > 0
            ? notice('event.provider-refund-total-elsewhere', {
                total,
                elsewhere: money(totals.refundedElsewhereMinor, currency),
              })
            : notice('event.provider-refund-total', { total }),
        data:
          reported > amountMinor
            ? {
                refundAmount: reported,
                orderAmount: amountMinor,
                note: 'above the order amount: kept at the order amount',
              }
            : { refundAmount: reported },
      });
    }
    return outcome.row;
  });
  if (changed) rt.publishAttempt(referenceId);
  return row;
}

/** An entry in the order's event log that is not tied to a row change (a request about to leave, a finding). */
export function note(rt: PaymentRuntime, referenceId: string, event: NewEvent): void {
  rt.journal.appendEvent(referenceId, event);
}
