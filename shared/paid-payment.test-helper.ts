import type { PaymentView } from './payments.ts';

// One paid in-store payment, as the core's views show it: what the receipt, printer and paper tests print.

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

export function paidPaymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    referenceId: 'POS1-20261122-0007',
    method: 'merchant-qr',
    amount: SGD(1234),
    state: 'final',
    providerStatus: 'CAPTURED',
    displayStatus: 'paid',
    qrPayload: null,
    expiresAt: null,
    providerOrderId: '2211220000123456',
    paymentType: 'PAY',
    failureReason: null,
    failureNotice: null,
    refunded: SGD(0),
    refundable: SGD(1234),
    canCancel: false,
    canRefund: true,
    note: null,
    posId: 'POS-1',
    createdAt: '2026-11-22T05:04:03.000Z',
    updatedAt: '2026-11-22T05:04:09.000Z',
    unresolvedReason: null,
    ...overrides,
  };
}
