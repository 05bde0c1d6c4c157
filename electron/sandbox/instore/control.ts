import type { PaymentType } from '../../../shared/payments.ts';
import type { ControlHandler } from '../area.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError, jsonReply, type Reply, type Route } from '../http.ts';
import { CONSUMER_BEHAVIOURS, type ConsumerBehaviour, type ConsumerCodes } from './consumer-codes.ts';
import type { OrderBook, SandboxOrder } from './orders.ts';
import { payPageUrl } from './qr.ts';

// The consumer's side of the in-store flows, for tests and demos (no auth; the server limits `/_sandbox`
// to loopback): scan a merchant QR, confirm or decline in the "wallet", mint customer-presented codes, and
// read the sandbox's truth about every order.

export const DEFAULT_DECLINE_REASON = 'CONSUMER_DECLINED';
const MAX_CODES_PER_CALL = 100;

export function instoreControlRoutes(
  ctx: SandboxContext,
  orders: OrderBook,
  codes: ConsumerCodes,
  baseUrl: () => string,
): Route<ControlHandler>[] {
  const view = (order: SandboxOrder): Record<string, unknown> => orderTruth(order, ctx, baseUrl());

  const mint = (source: Record<string, unknown>): Reply => {
    const count = source.count === undefined ? 1 : Number(source.count);
    if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_PER_CALL)
      throw new ApiError(400, `count must be an integer from 1 to ${MAX_CODES_PER_CALL}.`);
    const behaviour = (source.behaviour ?? 'approve') as ConsumerBehaviour;
    if (!CONSUMER_BEHAVIOURS.includes(behaviour))
      throw new ApiError(400, `behaviour must be one of ${CONSUMER_BEHAVIOURS.join(', ')}.`);
    const minted = Array.from({ length: count }, () => codes.mint(behaviour));
    // `code` is the documented shape (one code); `codes` serves callers that mint several.
    return jsonReply({
      code: minted[0]!.code,
      codes: minted.map((c) => c.code),
      behaviour,
      expiresAt: minted[0]!.expiresAt,
    });
  };

  return [
    {
      method: 'POST',
      pattern: '/consumer/scan',
      handler: ({ body }) => {
        if (typeof body.qrPayload !== 'string' || body.qrPayload.trim() === '')
          throw new ApiError(400, 'qrPayload is required: the text of the merchant QR.');
        const order = orders.byScannedText(body.qrPayload);
        if (!order) throw new ApiError(404, 'No order has this QR payload.');
        orders.scan(order);
        return jsonReply(view(order));
      },
    },
    {
      method: 'POST',
      pattern: '/consumer/confirm',
      handler: ({ body }) => {
        const order = findOrder(orders, body);
        const paymentType = body.paymentType;
        if (paymentType !== undefined && paymentType !== 'PAY' && paymentType !== 'PAYLATER')
          throw new ApiError(400, 'paymentType must be PAY or PAYLATER.');
        orders.confirm(order, paymentType as PaymentType | undefined);
        return jsonReply(view(order));
      },
    },
    {
      method: 'POST',
      pattern: '/consumer/decline',
      handler: ({ body }) => {
        const order = findOrder(orders, body);
        if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason === ''))
          throw new ApiError(400, 'reason must be a non-empty string.');
        orders.decline(order, (body.reason as string | undefined) ?? DEFAULT_DECLINE_REASON);
        return jsonReply(view(order));
      },
    },
    { method: 'POST', pattern: '/consumer-codes', handler: ({ body }) => mint(body) },
    { method: 'GET', pattern: '/consumer-codes', handler: ({ query }) => mint(Object.fromEntries(query)) },
    {
      method: 'GET',
      pattern: '/orders',
      handler: () => {
        orders.sweep();
        return jsonReply({ orders: orders.all().map(view) });
      },
    },
    {
      method: 'GET',
      pattern: '/orders/:referenceId',
      handler: ({ params, query }) => {
        orders.sweep();
        return jsonReply(
          view(
            findOrder(orders, { referenceId: params.referenceId, accessKeyId: query.get('accessKeyId') ?? undefined }),
          ),
        );
      },
    },
  ];
}

/** Orders are scoped per merchant; across merchants a referenceId may repeat, then accessKeyId picks. */
function findOrder(orders: OrderBook, body: Record<string, unknown>): SandboxOrder {
  if (typeof body.referenceId !== 'string' || body.referenceId === '')
    throw new ApiError(400, 'referenceId is required.');
  const referenceId = body.referenceId;
  const matches = orders
    .all()
    .filter(
      (o) => o.referenceId === referenceId && (body.accessKeyId === undefined || o.accessKeyId === body.accessKeyId),
    );
  if (matches.length === 0) throw new ApiError(404, `No order with referenceId ${referenceId}.`);
  if (matches.length > 1)
    throw new ApiError(409, `Several merchants have an order with referenceId ${referenceId}; pass accessKeyId.`);
  return matches[0]!;
}

/** Everything the sandbox knows about an order, for tests and debugging. */
function orderTruth(order: SandboxOrder, ctx: SandboxContext, baseUrl: string): Record<string, unknown> {
  const merchant = ctx.merchants.find((m) => m.accessKeyId === order.accessKeyId);
  return {
    accessKeyId: order.accessKeyId,
    merchantName: merchant?.name ?? null,
    referenceId: order.referenceId,
    shopbackOrderId: order.shopbackOrderId,
    method: order.method,
    posId: order.posId,
    status: order.status,
    orderAmount: order.amount,
    currency: order.currency,
    country: order.country,
    refundAmount: order.refundAmount,
    refunds: order.refunds,
    paymentType: order.paymentType,
    failureReason: order.failureReason,
    qrType: order.qrType,
    qrPayload: order.qrPayload,
    payPageUrl: order.payToken ? payPageUrl(baseUrl, order.payToken) : null,
    consumerCode: order.consumerCode,
    partner: order.partner,
    orderMetadata: order.orderMetadata,
    webhookUrl: order.webhookUrl,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    history: order.history,
  };
}
