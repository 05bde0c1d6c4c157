import type { CustomerAttemptPatch, CustomerAttemptRow } from './journal-rows.ts';
import type { OrderOutcomeNotification } from './order-webhook-receiver.ts';
import { exclusive, publish, type CustomerRuntime } from './runtime.ts';

// The order webhook (order-webhook-listener.ts delivers it): recorded against the charge or hold whose order
// it is, once. The synchronous answer is the truth; the webhook only completes CAPTURE_INITIATED → CAPTURED,
// and one that disagrees is recorded for reconciliation, never acted on.

export async function onOrderOutcome(rt: CustomerRuntime, notification: OrderOutcomeNotification): Promise<void> {
  const found = rt.journal.attemptByOrderUuid(notification.order_uuid);
  const rejected = found ? null : rt.journal.rejectedCaptureByOrderUuid(notification.order_uuid);
  if (rejected) {
    await exclusive(rt, rejected.attempt.merchantUserId, async () => onRejectedCaptureOutcome(rt, rejected.attempt, notification));
    return;
  }
  if (!found) {
    // Unsigned: an unknown order_uuid is not acted on (document receiver rule 2).
    rt.options.log(`order webhook for unknown order ${notification.order_uuid.slice(0, 64)} ignored`);
    return;
  }
  await exclusive(rt, found.merchantUserId, async () => {
    const row = rt.journal.getAttempt(found.merchantRef)!;
    const outcome = ['SUCCESS', 'FAILED', 'ERROR'].includes(notification.order_status) ? notification.order_status : null;
    const data = { orderUuid: notification.order_uuid, orderStatus: notification.order_status, failureCode: notification.failure_code ?? null };
    if (row.orderOutcome !== null) {
      const same = row.orderOutcome === outcome;
      rt.journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary: same ? 'duplicate order webhook ignored' : `later order webhook (${notification.order_status}) ignored; the first one stands`, data });
      return;
    }
    if (outcome === null) {
      rt.journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary: `order webhook with unknown status ${notification.order_status.slice(0, 32)} recorded`, data });
      return;
    }
    const patch: CustomerAttemptPatch = { orderOutcome: outcome };
    let summary = `order webhook: ${outcome}`;
    if (row.kind === 'hold' && row.providerStatus === 'CAPTURE_INITIATED' && outcome === 'SUCCESS') {
      Object.assign(patch, { providerStatus: 'CAPTURED' });
      summary += '; capture confirmed';
    }
    const agrees = row.kind === 'charge' ? (row.providerStatus === 'APPROVED') === (outcome === 'SUCCESS') : outcome === 'SUCCESS';
    if (!agrees) summary += `; it disagrees with the synchronous answer (${row.providerStatus ?? 'none'}), which stands`;
    rt.journal.atomically(() => {
      rt.journal.updateAttempt(row.merchantRef, patch, row.version);
      rt.journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary, data });
    });
  });
  publish(rt, found.merchantUserId);
}

/**
 * The webhook of the order a capture answered REJECTED created: recorded against the hold, nothing changed
 * (the synchronous REJECTED is the truth, and the hold's own state comes from GET /pre-auths/{id}).
 */
function onRejectedCaptureOutcome(rt: CustomerRuntime, hold: CustomerAttemptRow, notification: OrderOutcomeNotification): void {
  const status = notification.order_status.slice(0, 32);
  const order = notification.order_uuid;
  const first = rt.journal.noteRejectedCaptureWebhook(order, status);
  const summary = !first
    ? `duplicate order webhook for the rejected capture ignored (order ${order}, ${status})`
    : status === 'SUCCESS'
      ? `order webhook SUCCESS for the capture answered REJECTED (order ${order}); the synchronous answer stands — check it with the provider`
      : `order webhook ${status} for the capture answered REJECTED (order ${order}): nothing taken, as answered`;
  rt.journal.appendEvent({
    merchantUserId: hold.merchantUserId,
    merchantRef: hold.merchantRef,
    kind: 'webhook',
    summary,
    data: { orderUuid: order, orderStatus: notification.order_status, failureCode: notification.failure_code ?? null },
  });
}
