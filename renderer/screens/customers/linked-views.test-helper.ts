import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';

// TESTS ONLY: a linked customer's charge and hold as the core's views show them, for the screens that list them.

export function chargeView(overrides: Partial<CustomerChargeView> = {}): CustomerChargeView {
  return {
    merchantRef: 'TILL-01-C20261122-AAAAAAAAAA',
    merchantUserId: 'cust-42',
    amount: { amountMinor: 700, currency: 'SGD' },
    useCashback: false,
    displayStatus: 'approved',
    failureReason: null,
    orderUuid: null,
    orderOutcome: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    unresolvedReason: null,
    takenBy: null,
    approvedBy: null,
    ...overrides,
  };
}

export function holdView(overrides: Partial<HoldView> = {}): HoldView {
  return {
    merchantRef: 'TILL-01-H20261122-AAAAAAAAAA',
    merchantUserId: 'cust-42',
    amount: { amountMinor: 2000, currency: 'SGD' },
    displayStatus: 'authorized',
    providerStatus: 'AUTHORIZED',
    failureReason: null,
    orderUuid: null,
    placedAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-11-29T10:00:00.000Z',
    canCapture: true,
    canVoid: true,
    voidReason: null,
    captureFailureReason: null,
    unresolvedReason: null,
    takenBy: null,
    approvedBy: null,
    finishedBy: null,
    ...overrides,
  };
}
