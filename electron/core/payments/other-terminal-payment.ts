import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { InStoreClient } from '../instore/client.ts';
import type { OrderStatusResponse } from '../instore/schemas.ts';
import { isReferenceId, type LookedUpPayment } from './journal/index.ts';
import { errorReason } from './error-reason.ts';
import type { PaymentRuntime } from './runtime.ts';

// A payment this till's journal does not hold (taken at another terminal of the merchant, e.g. brought to
// the refund counter on its receipt), looked up at the provider by our reference. The status endpoint needs
// only the merchant's credentials, so any terminal of the merchant can read any of its payments.

/** Tries per lookup: a person is waiting at the counter, so a lost answer is asked again once, not for long. */
const LOOKUP_TRIES = 2;

/** The payment as the provider has it, or a typed error the cashier understands (order.not-found, provider.unavailable). */
export async function lookUpAtProvider(rt: PaymentRuntime, referenceId: string): Promise<LookedUpPayment> {
  if (!isReferenceId(referenceId)) throw new PosError('order.not-found', { details: { referenceId } });
  // Another terminal's payment is a real one: training never looks one up.
  const client = await rt.client(false);
  let order: OrderStatusResponse;
  try {
    order = await getInPersonLane(rt, client, referenceId);
  } catch (error) {
    if (error instanceof PosError && error.code === 'order.not-found')
      throw new PosError('order.not-found', { cause: error, details: { referenceId } });
    if (error instanceof PosError && error.details?.outcomeUnknown === false) throw error;
    throw new PosError('provider.unavailable', {
      notice: notice('refund.check-failed', {
        reason: error instanceof PosError ? errorReason(error) : notice('payments.lookup-failed'),
      }),
      retryable: true,
      cause: error,
      details: { referenceId },
    });
  }
  return lookedUpPaymentOf(referenceId, order);
}

/**
 * A person is waiting: each try takes the next free slot of the person lane of the status budget
 * (../status/status-budget.ts), one slot per request so the budget holds; a try that got no answer is made once more.
 */
async function getInPersonLane(
  rt: PaymentRuntime,
  client: InStoreClient,
  referenceId: string,
): Promise<OrderStatusResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const release = await rt.statusBudget.acquire('person');
    try {
      return await client.getOrder(referenceId, { retry: { maxAttempts: 1 } });
    } catch (error) {
      const answered =
        error instanceof PosError && (error.code === 'order.not-found' || error.details?.outcomeUnknown === false);
      if (answered || attempt >= LOOKUP_TRIES) throw error;
    } finally {
      release();
    }
  }
}

export function lookedUpPaymentOf(referenceId: string, order: OrderStatusResponse): LookedUpPayment {
  const createdAt = Date.parse(order.createdAt);
  const updatedAt = Date.parse(order.updatedAt);
  if (order.orderAmount <= 0 || !Number.isFinite(createdAt)) {
    throw new PosError('provider.unavailable', {
      notice: notice('refund.check-failed', { reason: notice('payments.lookup-failed') }),
      retryable: true,
      details: { referenceId, orderAmount: order.orderAmount, createdAt: order.createdAt },
    });
  }
  return {
    // The provider matches references exactly; keep the one it answered for.
    referenceId: order.referenceId || referenceId,
    amount: money(order.orderAmount, order.currency),
    providerStatus: order.status,
    providerOrderId: order.shopbackOrderId ?? null,
    paymentType: order.paymentType ?? null,
    failureReason: order.failureReason ?? null,
    providerRefundedMinor: Math.min(order.refundAmount ?? 0, order.orderAmount),
    createdAt,
    updatedAt: Number.isFinite(updatedAt) ? updatedAt : createdAt,
  };
}
