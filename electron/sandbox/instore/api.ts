import type { SandboxContext, SandboxMerchant } from '../context.ts';
import {
  ApiError,
  errorReply,
  findRoute,
  GENERIC_MESSAGES,
  jsonReply,
  type Exchange,
  type Reply,
  type Route,
} from '../http.ts';
import type { IdempotencyStore } from '../idempotency.ts';
import { authenticate } from './auth.ts';
import type { CodeRefusal, ConsumerCodes } from './consumer-codes.ts';
import { PUBLISHED, SANDBOX } from './messages.ts';
import type { OrderBook, SandboxOrder } from './orders.ts';
import { qrCodeFor } from './qr.ts';
import { parseCancel, parseCreate, parseRefund, parseScan } from './validate.ts';

// The provider's in-store endpoints (wire-details §2.3) behind authentication and idempotent replay.
// Each handler validates, acts on the order book and shapes the documented 200 body.

/** The consumer's decline reason when a code minted with behaviour 'decline' is scanned (ours). */
export const CONSUMER_DECLINED = 'CONSUMER_DECLINED';
/** Why a scanned consumer code is refused (400; the provider publishes no texts for these). */
const CODE_REFUSALS: Record<CodeRefusal, string> = {
  unknown: SANDBOX.unknownConsumerCode,
  used: SANDBOX.usedConsumerCode,
  expired: SANDBOX.expiredConsumerCode,
};

interface ApiCall {
  readonly merchant: SandboxMerchant;
  readonly body: Record<string, unknown>;
  readonly params: Readonly<Record<string, string>>;
}

type ApiHandler = (call: ApiCall) => Reply | Promise<Reply>;

export interface InstoreApiDeps {
  readonly ctx: SandboxContext;
  readonly orders: OrderBook;
  readonly codes: ConsumerCodes;
  readonly idempotency: IdempotencyStore;
  /** Base URL of this API as the outside sees it (pay page links). */
  readonly baseUrl: () => string;
}

export function instoreApiRoutes(deps: InstoreApiDeps): Route<ApiHandler>[] {
  const { ctx, orders, codes } = deps;
  const traced = (body: Record<string, unknown>): Reply => jsonReply({ ...body, traceId: ctx.ids.traceId() });

  return [
    {
      method: 'POST',
      pattern: '/v1/instore/order/create',
      handler: async ({ merchant, body }) => {
        const request = parseCreate(body, merchant);
        const order = orders.create({
          ...request,
          accessKeyId: merchant.accessKeyId,
          method: 'merchant-qr',
          consumerCode: null,
        });
        const qrCode = await qrCodeFor(order, request.qrType, deps.baseUrl());
        return traced({ referenceId: order.referenceId, qrType: request.qrType, qrCode, ...echoed(order) });
      },
    },
    {
      method: 'POST',
      pattern: '/v1/instore/order/scan',
      handler: ({ merchant, body }) => {
        const request = parseScan(body, merchant);
        // A reused referenceId is refused before the consumer's code is looked at, so the code stays usable.
        if (orders.get(merchant.accessKeyId, request.referenceId)) throw new ApiError(409, PUBLISHED.referenceIdTaken);
        const check = codes.check(request.consumerQrPayload);
        if (!check.ok) throw new ApiError(400, CODE_REFUSALS[check.reason]);
        const { consumerQrPayload, ...orderFields } = request;
        const order = orders.create({
          ...orderFields,
          accessKeyId: merchant.accessKeyId,
          method: 'customer-qr',
          qrType: null,
          consumerCode: consumerQrPayload.trim(),
        });
        codes.consume(check.code, order.referenceId);
        if (check.code.behaviour === 'approve') orders.confirm(order);
        else if (check.code.behaviour === 'decline') orders.decline(order, CONSUMER_DECLINED);
        return traced({ referenceId: order.referenceId, ...echoed(order) });
      },
    },
    {
      method: 'GET',
      pattern: '/v1/instore/order/:referenceId',
      handler: ({ merchant, params }) => traced(statusView(orders.require(merchant.accessKeyId, params.referenceId!))),
    },
    {
      method: 'POST',
      pattern: '/v1/instore/order/:referenceId/refund',
      handler: ({ merchant, body, params }) => {
        const request = parseRefund(body, params.referenceId!);
        const order = orders.require(merchant.accessKeyId, params.referenceId!);
        const refund = orders.refund(order, request);
        return traced({
          shopbackOrderId: order.shopbackOrderId,
          referenceId: order.referenceId,
          posId: refund.posId ?? order.posId,
          ...(refund.refundMetadata ? { refundMetadata: refund.refundMetadata } : {}),
        });
      },
    },
    {
      method: 'POST',
      pattern: '/v1/instore/order/:referenceId/cancel',
      handler: ({ merchant, body, params }) => {
        parseCancel(body);
        const order = orders.require(merchant.accessKeyId, params.referenceId!);
        orders.cancel(order);
        return traced({ referenceId: order.referenceId });
      },
    },
  ];
}

/**
 * Runs one provider call: authenticate, replay a stored answer for a reused idempotency key, else act and
 * store the answer. Refusals before authentication are never stored (they say nothing about the request).
 */
export async function runApiCall(
  deps: InstoreApiDeps,
  routes: readonly Route<ApiHandler>[],
  ex: Exchange,
  path: string,
): Promise<Reply> {
  const { ctx, idempotency } = deps;
  const found = findRoute(routes, ex.method, path);
  if (!found.route) {
    return found.allowed.length > 0
      ? {
          ...errorReply(405, GENERIC_MESSAGES.methodNotAllowed, ctx.ids.traceId()),
          headers: { Allow: found.allowed.join(', ') },
        }
      : errorReply(404, GENERIC_MESSAGES.routeNotFound, ctx.ids.traceId());
  }
  try {
    const { merchant, body } = authenticate(ex, ctx);
    const key = ex.method === 'POST' ? headerValue(ex.req.headers[ctx.headers.idempotency.toLowerCase()]) : null;
    if (key) {
      const replay = idempotency.lookup(merchant.accessKeyId, key, ex.method, ex.pathname);
      if (replay) {
        ctx.log(`idempotent replay ${ex.method} ${ex.pathname} key=${key}`);
        return replay;
      }
    }
    const reply = await answer(() => found.route.handler({ merchant, body, params: found.params }), ctx);
    if (key) idempotency.store(merchant.accessKeyId, key, ex.method, ex.pathname, reply);
    return reply;
  } catch (error) {
    if (error instanceof ApiError) return errorReply(error.status, error.message, ctx.ids.traceId());
    throw error;
  }
}

async function answer(run: () => Reply | Promise<Reply>, ctx: SandboxContext): Promise<Reply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return errorReply(error.status, error.message, ctx.ids.traceId());
    throw error;
  }
}

/** GET status body (§2.3): fields that do not apply yet are left out, as the provider does. */
export function statusView(order: SandboxOrder): Record<string, unknown> {
  return {
    referenceId: order.referenceId,
    status: order.status,
    orderAmount: order.amount,
    currency: order.currency,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    shopbackOrderId: order.shopbackOrderId,
    ...(order.refundAmount > 0 ? { refundAmount: order.refundAmount } : {}),
    ...(order.failureReason ? { failureReason: order.failureReason } : {}),
    ...(order.paymentType ? { paymentType: order.paymentType } : {}),
    ...echoed(order),
  };
}

function echoed(order: SandboxOrder): Record<string, unknown> {
  return {
    ...(order.partner ? { partner: order.partner } : {}),
    ...(order.orderMetadata ? { orderMetadata: order.orderMetadata } : {}),
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : null;
}
