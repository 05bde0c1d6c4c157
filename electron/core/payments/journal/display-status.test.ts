import { describe, expect, it } from 'vitest';
import { ATTEMPT_STATES, ORDER_STATUSES, type OrderStatus } from '../../../../shared/payments.ts';
import { displayStatusOf, isCancellable, refundableMinorOf } from './display-status.ts';

describe('display status', () => {
  it("names each provider status in the cashier's words once the order exists", () => {
    const expected: Record<OrderStatus, string> = {
      CREATED: 'waiting',
      PENDING: 'scanned',
      PROCESSING: 'confirming',
      CAPTURED: 'paid',
      REFUNDED: 'refunded',
      FAILED: 'failed',
      ABANDONED: 'expired',
      CANCELLED: 'cancelled',
    };
    for (const status of ORDER_STATUSES) {
      const state = status === 'CREATED' || status === 'PENDING' || status === 'PROCESSING' ? 'active' : 'final';
      expect(displayStatusOf(state, status)).toBe(expected[status]);
    }
  });

  it('calls an order the till cancelled because nobody paid before its QR expired "expired", only once it is CANCELLED', () => {
    expect(displayStatusOf('final', 'CANCELLED', true)).toBe('expired');
    expect(displayStatusOf('final', 'CANCELLED', false)).toBe('cancelled');
    // Paid after all (the expiry cancel came too late), or still open: what the provider says.
    expect(displayStatusOf('final', 'CAPTURED', true)).toBe('paid');
    expect(displayStatusOf('active', 'CREATED', true)).toBe('waiting');
    expect(displayStatusOf('checking', 'CANCELLED', true)).toBe('checking');
  });

  it("lets the journal's own doubt win over a stale provider status", () => {
    for (const status of [null, ...ORDER_STATUSES]) {
      expect(displayStatusOf('sending', status)).toBe('sending');
      expect(displayStatusOf('checking', status)).toBe('checking');
      expect(displayStatusOf('not-sent', status)).toBe('not-sent');
    }
  });

  it('shows an open order without a status yet as waiting, and a refused request as failed', () => {
    expect(displayStatusOf('active', null)).toBe('waiting');
    expect(displayStatusOf('final', null)).toBe('failed');
  });

  it('allows cancel only before the customer confirms', () => {
    const cancellable = new Set(['CREATED', 'PENDING', null]);
    for (const state of ATTEMPT_STATES) {
      for (const status of [null, ...ORDER_STATUSES]) {
        expect(isCancellable(state, status), `${state}/${String(status)}`).toBe(
          state === 'active' && cancellable.has(status),
        );
      }
    }
  });

  it('counts what is left to refund, holding back refunds in flight, only for a paid order', () => {
    const paid = {
      state: 'final',
      providerStatus: 'CAPTURED',
      amountMinor: 1000,
      refundedMinor: 300,
      inFlightRefundMinor: 200,
    } as const;
    expect(refundableMinorOf(paid)).toBe(500);
    expect(refundableMinorOf({ ...paid, refundedMinor: 1000, inFlightRefundMinor: 0 })).toBe(0);
    expect(refundableMinorOf({ ...paid, refundedMinor: 900, inFlightRefundMinor: 200 })).toBe(0);
    expect(refundableMinorOf({ ...paid, providerStatus: 'REFUNDED' })).toBe(0);
    expect(refundableMinorOf({ ...paid, state: 'active', providerStatus: 'PROCESSING' })).toBe(0);
  });
});
