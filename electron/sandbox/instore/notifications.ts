import type { SandboxContext } from '../context.ts';
import type { WebhookDispatcher } from '../webhooks.ts';
import type { OrderEvent, SandboxOrder } from './orders.ts';
import { canonicalJson, sb1Authorization, sb1Signature } from './signature.ts';

// Payment notifications (wire-details §2.6): on every status change, and on every refund (the body carries
// the running refundAmount), an order with a webhookUrl gets a POST of the documented body, signed with the
// SB1 recipe over the receiver's URL and the merchant's secret. Creation itself is not a change and is not
// notified. The body is sent in canonical form: exactly the bytes the digest covers.

export function notifyOrderChange(
  ctx: SandboxContext,
  webhooks: WebhookDispatcher,
  order: SandboxOrder,
  event: OrderEvent,
): void {
  if (!order.webhookUrl) return;
  const merchant = ctx.merchants.find((m) => m.accessKeyId === order.accessKeyId);
  if (!merchant) return;
  const body = {
    traceId: ctx.ids.stream('webhook-trace').uuid(),
    shopbackOrderId: order.shopbackOrderId,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    orderAmount: order.amount,
    refundAmount: order.refundAmount,
    failureReason: order.failureReason,
    referenceId: order.referenceId,
    currency: order.currency,
    posId: order.posId,
    paymentType: order.paymentType,
  };
  const label = `${order.referenceId} ${order.status}${event === 'refund' ? ` refund→${order.refundAmount}` : ''}`;
  webhooks.send(order.webhookUrl, canonicalJson(body), label, (url, canonical) => {
    // Signed per attempt: a retry half an hour later must carry a fresh Date, or the receiver rejects it.
    const date = ctx.clock.iso();
    const signature = sb1Signature({ method: 'POST', url, date, canonical }, merchant.accessKeySecret);
    return { Authorization: sb1Authorization(merchant.accessKeyId, signature), Date: date };
  });
}
