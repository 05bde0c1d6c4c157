import { isStoppedReason } from '../../../shared/customers.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { isSettled } from './attempt-states.ts';
import { syncHold } from './holds.ts';
import type { CustomerAttemptRow } from './rows.ts';
import type { OrderOutcomeNotification } from './order-webhook-receiver.ts';
import { describe, exclusive, publish, reasonOf, type CustomerRuntime } from './runtime.ts';

// The order webhook (order-webhook-listener.ts delivers it). It is not signed: anyone who can reach the
// receiver can send one, claiming SUCCESS or FAILED for any order they have seen. So it is only ever a HINT
// to look the order up, never an outcome: nothing it says is written to the charge or hold.
// - a hold's capture is confirmed by `GET /pre-auths/{id}` alone (CAPTURE_INITIATED → CAPTURED when the
//   provider's own record says so; its orderStatus is the order outcome kept on the row);
// - a charge's outcome is its synchronous answer: a hint for a charge whose answer was lost only has the
//   resolver find it out now (re-sent with the same key), and is otherwise just noted;
// - hints are rate-limited per order (rt.hints: a flood costs one lookup per interval) and the lookups they
//   cause take slots of the terminal's one status budget (status-slots.ts), with the in-store lookups: in its
//   background lane, since anyone can send a hint and must not slow the payment on screen. Only the request
//   itself holds a slot, taken inside the customer's lock: not the wait behind a charge, nor a hint that needs
//   no request (the resolver takes its own slot when it sends).
// Every hint that passes the throttle is noted in the journal with what the provider said, for reconciliation.

export function onOrderHint(rt: CustomerRuntime, notification: OrderOutcomeNotification): void {
  if (rt.closed) return;
  const order = notification.order_uuid;
  if (rt.journal.attemptByOrderUuid(order) === null && rt.journal.rejectedCaptureByOrderUuid(order) === null) {
    // Document receiver rule 2: an unknown order_uuid is not acted on.
    rt.options.log(`order webhook for unknown order ${order.slice(0, 64)} ignored`);
    return;
  }
  rt.hints.hint(order, () => {
    lookUp(rt, notification).catch((error: unknown) => rt.options.log(`order webhook ${order}: ${describe(error)}`));
  });
}

async function lookUp(rt: CustomerRuntime, claim: OrderOutcomeNotification): Promise<void> {
  if (rt.closed) return;
  const order = claim.order_uuid;
  const found = rt.journal.attemptByOrderUuid(order);
  const rejected = found ? null : rt.journal.rejectedCaptureByOrderUuid(order);
  const merchantUserId = found?.merchantUserId ?? rejected?.attempt.merchantUserId;
  if (merchantUserId === undefined) return;
  await exclusive(
    rt,
    merchantUserId,
    async () => {
      if (rt.closed) return;
      if (rejected) return onRejectedCaptureHint(rt, rejected.attempt.merchantRef, claim);
      const row = rt.journal.getAttempt(found!.merchantRef)!;
      return row.kind === 'hold' ? onHoldHint(rt, row, claim) : onChargeHint(rt, row, claim);
    },
    'background',
  );
  publish(rt, merchantUserId);
}

/** What the hint claimed (its order status), which each of its journal lines starts with. */
function claimed(claim: OrderOutcomeNotification): { status: string } {
  return { status: claim.order_status.slice(0, 32) };
}

function note(rt: CustomerRuntime, row: CustomerAttemptRow, claim: OrderOutcomeNotification, event: Notice): void {
  rt.journal.appendEvent({
    merchantUserId: row.merchantUserId,
    merchantRef: row.merchantRef,
    kind: 'webhook',
    notice: event,
    data: { orderUuid: claim.order_uuid, orderStatus: claim.order_status, failureCode: claim.failure_code ?? null },
  });
}

const FINAL_HOLD_STATUSES = new Set(['CAPTURED', 'VOIDED', 'EXPIRED', 'DECLINED']);

async function onHoldHint(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  claim: OrderOutcomeNotification,
): Promise<void> {
  if (row.providerId === null || (row.state === 'final' && FINAL_HOLD_STATUSES.has(row.providerStatus ?? ''))) {
    note(
      rt,
      row,
      claim,
      row.providerStatus
        ? notice('customer-event.hint-hold-already', { ...claimed(claim), held: row.providerStatus })
        : notice('customer-event.hint-hold-settled', claimed(claim)),
    );
    return;
  }
  let after: CustomerAttemptRow;
  try {
    after = await syncHold(rt, row, 'background');
  } catch (error) {
    // Closing: the lookup was not sent, and nothing is wrong with the hold.
    if (rt.closed) return;
    note(
      rt,
      row,
      claim,
      notice('customer-event.hint-hold-lookup-failed', { ...claimed(claim), code: reasonOf(error) }),
    );
    return;
  }
  note(
    rt,
    row,
    claim,
    after.providerStatus
      ? notice('customer-event.hint-hold-status', { ...claimed(claim), held: after.providerStatus })
      : notice('customer-event.hint-hold-status-unknown', claimed(claim)),
  );
}

async function onChargeHint(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  claim: OrderOutcomeNotification,
): Promise<void> {
  if (!isSettled(row) && !isStoppedReason(row.unresolvedReason)) {
    note(rt, row, claim, notice('customer-event.hint-charge-resolving', claimed(claim)));
    rt.resolveLater(row.merchantRef, true);
    return;
  }
  note(
    rt,
    row,
    claim,
    row.providerStatus
      ? notice('customer-event.hint-charge-stands', { ...claimed(claim), answer: row.providerStatus })
      : notice('customer-event.hint-charge-stands-none', claimed(claim)),
  );
}

/**
 * The webhook of the order a capture answered REJECTED created: the synchronous REJECTED stands, and the
 * hold's own state comes from `GET /pre-auths/{id}` (looked up again here while the hold is open).
 */
async function onRejectedCaptureHint(
  rt: CustomerRuntime,
  merchantRef: string,
  claim: OrderOutcomeNotification,
): Promise<void> {
  const status = claim.order_status.slice(0, 32);
  const order = claim.order_uuid;
  const first = rt.journal.noteRejectedCaptureWebhook(order, status);
  const hold = rt.journal.getAttempt(merchantRef)!;
  const event = !first
    ? notice('customer-event.rejected-capture-duplicate', { order, status })
    : status === 'SUCCESS'
      ? notice('customer-event.rejected-capture-success', { order })
      : notice('customer-event.rejected-capture-other', { order, status });
  note(rt, hold, claim, event);
  if (hold.state === 'open' && hold.providerId !== null) {
    await syncHold(rt, hold, 'background').catch((error: unknown) =>
      rt.options.log(`order webhook ${order}: looking the hold up failed: ${describe(error)}`),
    );
  }
}
