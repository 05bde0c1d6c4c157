import type { OrderStatus } from '../../../shared/payments.ts';
import { notice } from '../../../shared/notices.ts';
import type { OrderStatusResponse } from '../instore/schemas.ts';
import type { AttemptRow } from './journal/index.ts';
import type { Lookup, ResolutionPolicy, SendMemory } from './decisions.ts';

// The fixtures of the state-decision tests (decisions.test.ts, decisions.refund.test.ts): an attempt, a
// provider's order and the lookups that find it, the policy and the clock.
export const T0 = Date.parse('2026-11-21T03:00:00.000Z');
export const POLICY: ResolutionPolicy = {
  settleMs: 35_000,
  resendWindowMs: 60_000,
  maxResends: 2,
  orderLifetimeMs: 300_000,
};

export function attempt(overrides: Partial<AttemptRow> = {}): AttemptRow {
  return {
    referenceId: 'TILL-01-20261121-K3F9Q2ZP',
    origin: 'taken-here',
    method: 'merchant-qr',
    amountMinor: 1000,
    currency: 'SGD',
    posId: 'POS-DEMO-1',
    idempotencyKey: '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
    state: 'checking',
    providerStatus: null,
    providerOrderId: null,
    paymentType: null,
    failureReason: null,
    failureNotice: null,
    qrPayload: null,
    expiresAt: null,
    note: null,
    consumerCodeHash: null,
    refundedMinor: 0,
    providerRefundedMinor: null,
    unresolvedReason: null,
    expiredUnpaid: false,
    training: false,
    localDay: '2026-11-21',
    createdAt: T0,
    updatedAt: T0,
    version: 2,
    registerKey: null,
    registerKeyId: null,
    orderReference: null,
    takenBy: null,
    shiftId: null,
    ...overrides,
  };
}

export function order(status: OrderStatus, extra: Partial<OrderStatusResponse> = {}): OrderStatusResponse {
  return {
    referenceId: 'TILL-01-20261121-K3F9Q2ZP',
    status,
    orderAmount: 1000,
    currency: 'SGD',
    createdAt: '2026-11-21T03:00:00.100Z',
    updatedAt: '2026-11-21T03:00:01.000Z',
    shopbackOrderId: '261121-0001-ABCD',
    ...extra,
  } as OrderStatusResponse;
}

export const found = (status: OrderStatus, extra: Partial<OrderStatusResponse> = {}): Lookup => ({
  kind: 'found',
  order: order(status, extra),
});
export const NOT_FOUND: Lookup = { kind: 'not-found' };
export const ERROR_REASON = notice('payments.error', { error: { code: 'network.unreachable' } });
export const ERROR: Lookup = { kind: 'error', reason: ERROR_REASON };

export const interactive: SendMemory = {
  interactive: true,
  canResend: true,
  firstSentAt: T0,
  lastSentAt: T0,
  resends: 0,
  existsAtProvider: false,
};
export const recovered: SendMemory = {
  interactive: false,
  canResend: false,
  firstSentAt: T0,
  lastSentAt: T0,
  resends: 0,
  existsAtProvider: false,
};
