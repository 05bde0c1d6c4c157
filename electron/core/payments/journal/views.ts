import type { JournalEvent, PaymentView, RefundView, StatusChange } from '../../../../shared/payments.ts';
import { money } from '../../../../shared/money.ts';
import { notice, type Notice } from '../../../../shared/notices.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { LEGACY_KEY_ID_PREFIX } from './register.ts';
import { displayStatusOf, isCancellable, refundableMinorOf, refundTotalsOf } from './display-status.ts';
import type { AttemptRow, CancelRow, EventRow, RefundRow, StatusHistoryRow } from './rows.ts';

// Journal rows → the views the contract sends to screens. Pure: the same row always gives the same view.

export function toPaymentView(
  row: AttemptRow,
  refunds: readonly RefundRow[],
  cancels: readonly CancelRow[] = [],
): PaymentView {
  const displayStatus = displayStatusOf(row.state, row.providerStatus, row.expiredUnpaid);
  const totals = refundTotalsOf(row);
  const refundableMinor = refundableMinorOf({
    state: row.state,
    providerStatus: row.providerStatus,
    amountMinor: row.amountMinor,
    refundedMinor: totals.refundedMinor,
    inFlightRefundMinor: inFlightRefundMinor(refunds),
  });
  const payable = displayStatus === 'waiting' || displayStatus === 'scanned';
  const cancelRequested = cancels.some((cancel) => cancel.state !== 'done');
  // While the outcome is unknown the cashier may still call the attempt off: the cancel is written ahead and
  // sent to whatever the provider turns out to have (payment-service #cancel).
  const unsettled = row.state === 'sending' || row.state === 'checking';
  return {
    referenceId: row.referenceId,
    origin: row.origin,
    training: row.training,
    ...(row.chargeId === undefined ? {} : { chargeId: row.chargeId }),
    method: row.method,
    amount: money(row.amountMinor, row.currency),
    state: row.state,
    providerStatus: row.providerStatus,
    displayStatus,
    // A QR for an order that can no longer be paid would only invite a customer to try.
    qrPayload: payable ? row.qrPayload : null,
    expiresAt: row.expiresAt === null ? null : iso(row.expiresAt),
    providerOrderId: row.providerOrderId,
    paymentType: row.paymentType,
    failureReason: row.failureReason,
    failureNotice: row.failureNotice,
    refunded: money(totals.refundedMinor, row.currency),
    refundedElsewhere: money(totals.refundedElsewhereMinor, row.currency),
    refundable: money(refundableMinor, row.currency),
    // Another terminal's open order is that terminal's to cancel: its customer is standing there. While the
    // outcome of ours is unknown the cashier may still call it off (written ahead, see payment-service #cancel).
    canCancel:
      row.origin === 'taken-here' && !cancelRequested && (isCancellable(row.state, row.providerStatus) || unsettled),
    cancelRequested,
    canRefund: refundableMinor > 0,
    note: row.note,
    posId: row.posId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    unresolvedReason: row.state === 'sending' || row.state === 'checking' ? row.unresolvedReason : null,
    fromRegister:
      row.registerKey === null
        ? null
        : {
            keyId: row.registerKeyId ?? `${LEGACY_KEY_ID_PREFIX}${row.registerKey}`,
            keyName: row.registerKey,
            orderReference: row.orderReference,
          },
    takenBy: row.takenBy,
    cancelledBy: cancelledByOf(cancels),
  };
}

/** Who cancelled it: the cancel the provider confirmed, else the one still being sent. */
function cancelledByOf(cancels: readonly CancelRow[]): StaffRef | null {
  const done = cancels.find((cancel) => cancel.outcome === 'cancelled');
  const pending = cancels.find((cancel) => cancel.state !== 'done');
  return (done ?? pending)?.cancelledBy ?? null;
}

/**
 * Why a payment is in the unresolved list. Its own reason while the payment itself is being sent or checked;
 * otherwise it is listed for a refund or cancel whose outcome is not known yet, and that is what it says.
 */
export function unresolvedReasonOf(
  view: PaymentView,
  refunds: readonly RefundRow[],
  cancels: readonly CancelRow[],
): Notice | null {
  if (view.state === 'sending' || view.state === 'checking') return view.unresolvedReason;
  const parts: Notice[] = [];
  for (const refund of refunds) {
    if (refund.state !== 'sending' && refund.state !== 'checking') continue;
    const amount = money(refund.amountMinor, refund.currency);
    parts.push(
      refund.checkingReason
        ? notice('unresolved.refund-checking', { amount, reason: refund.checkingReason })
        : notice('unresolved.refund-confirming', { amount }),
    );
  }
  for (const cancel of cancels) {
    if (cancel.state === 'done') continue;
    parts.push(
      cancel.checkingReason
        ? notice('unresolved.cancel-checking', { reason: cancel.checkingReason })
        : notice('unresolved.cancel-confirming'),
    );
  }
  // One notice for all of them, read one after the other.
  const joined = parts.reduceRight<Notice | null>(
    (rest, first) => (rest ? notice('payments.reasons-joined', { first, rest }) : first),
    null,
  );
  return joined ?? view.unresolvedReason;
}

/** Refunds sent but neither confirmed nor refused yet. */
export function inFlightRefundMinor(refunds: readonly RefundRow[]): number {
  let total = 0;
  for (const refund of refunds)
    if (refund.state === 'sending' || refund.state === 'checking') total += refund.amountMinor;
  return total;
}

export function toRefundView(row: RefundRow): RefundView {
  return {
    refundId: row.refundId,
    referenceId: row.referenceId,
    amount: money(row.amountMinor, row.currency),
    reason: row.reason,
    state: row.state,
    failureReason: row.failureReason,
    failureNotice: row.failureNotice,
    posId: row.posId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    refundedBy: row.refundedBy,
    approvedBy: row.approvedBy,
    // Only when so: a refund made with the receipt reads as every refund did before schema 15.
    ...(row.foundWithoutReceipt ? { foundWithoutReceipt: true } : {}),
  };
}

export function toJournalEvent(row: EventRow): JournalEvent {
  return { at: iso(row.at), kind: row.kind, summary: row.summary, notice: row.notice, data: row.data };
}

export function toStatusChange(row: StatusHistoryRow): StatusChange {
  return { at: iso(row.at), status: row.displayStatus, providerStatus: row.providerStatus };
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
