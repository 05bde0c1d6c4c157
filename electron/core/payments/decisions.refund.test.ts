import { describe, expect, it } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import type { RefundRow } from './journal/index.ts';
import { decideRefund, type Lookup } from './decisions.ts';
import { attempt, ERROR, found, NOT_FOUND, POLICY, T0 } from './decisions.test-helper.ts';

// The state-decision table for refunds (decisions.ts: decideRefund): what the service does with a refund whose
// answer was lost, given what a lookup by referenceId said and the clock.

describe('a refund whose answer was lost: reconcile before any retry', () => {
  // The provider showed 200 refunded just before this refund of 300 was sent.
  const refund: RefundRow = {
    refundId: 'TILL-01-20261121-K3F9Q2ZP-R2',
    referenceId: 'TILL-01-20261121-K3F9Q2ZP',
    amountMinor: 300,
    currency: 'SGD',
    reason: 'returned',
    idempotencyKey: '1f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
    state: 'checking',
    failureReason: null,
    failureNotice: null,
    providerOrderId: null,
    providerTraceId: null,
    providerRefundedBeforeMinor: 200,
    checkingReason: null,
    posId: 'POS-DEMO-1',
    refundedBy: null,
    approvedBy: null,
    shiftId: null,
    foundWithoutReceipt: false,
    localDay: '2026-11-21',
    createdAt: T0,
    updatedAt: T0,
  };
  // An earlier refund of 200 is confirmed in the journal.
  const paid = attempt({ state: 'final', providerStatus: 'CAPTURED', refundedMinor: 200 });
  const decide = (lookup: Lookup, now: number, row: RefundRow = refund) =>
    decideRefund({ refund: row, attempt: paid, lookup, now, lastSentAt: T0, settleMs: POLICY.settleMs });

  it("the provider's total grew by it since it was sent → succeeded, whatever the time", () => {
    expect(decide(found('CAPTURED', { refundAmount: 500 }), T0 + 1)).toEqual({ kind: 'succeeded' });
    expect(decide(found('REFUNDED', { refundAmount: 1000 }), T0 + 1)).toEqual({ kind: 'succeeded' });
  });

  it('not in the total → wait until the lost request can no longer land, then send again (same key) with the total as new baseline', () => {
    expect(decide(found('CAPTURED', { refundAmount: 200 }), T0 + 1_000)).toMatchObject({
      kind: 'wait',
      settleAt: T0 + 35_000,
    });
    expect(decide(found('CAPTURED', { refundAmount: 200 }), T0 + 35_000)).toEqual({
      kind: 'resend',
      providerRefundedMinor: 200,
    });
    const fresh = { ...refund, providerRefundedBeforeMinor: 0 };
    expect(decide(found('CAPTURED'), T0 + 35_000, fresh)).toEqual({ kind: 'resend', providerRefundedMinor: 0 }); // refundAmount absent = 0
  });

  it('a refund made elsewhere before ours left is not taken for ours', () => {
    // 400 refunded at the merchant portal, unknown to this till: the provider showed 600 when ours left.
    const afterOutside = { ...refund, providerRefundedBeforeMinor: 600 };
    // Compared with our confirmed 200, 600 would "hold" our 300; against the baseline it does not.
    expect(decide(found('CAPTURED', { refundAmount: 600 }), T0 + 1_000, afterOutside)).toMatchObject({
      kind: 'wait',
      settleAt: T0 + 35_000,
    });
    expect(decide(found('CAPTURED', { refundAmount: 600 }), T0 + 35_000, afterOutside)).toEqual({
      kind: 'resend',
      providerRefundedMinor: 600,
    });
    expect(decide(found('CAPTURED', { refundAmount: 899 }), T0 + 35_000, afterOutside)).toEqual({
      kind: 'resend',
      providerRefundedMinor: 899,
    });
    expect(decide(found('CAPTURED', { refundAmount: 900 }), T0 + 1, afterOutside)).toEqual({ kind: 'succeeded' });
  });

  it('a row recorded before the baseline existed keeps the comparison with our confirmed total', () => {
    const legacy = { ...refund, providerRefundedBeforeMinor: null };
    expect(decide(found('CAPTURED', { refundAmount: 500 }), T0 + 1, legacy)).toEqual({ kind: 'succeeded' });
    expect(decide(found('CAPTURED', { refundAmount: 499 }), T0 + 35_000, legacy)).toEqual({
      kind: 'resend',
      providerRefundedMinor: 499,
    });
  });

  it('another of our refunds is unsettled too → never resent on a total that may or may not hold that one', () => {
    const withOther = (lookup: Lookup, now: number) =>
      decideRefund({
        refund,
        attempt: paid,
        lookup,
        now,
        lastSentAt: T0,
        settleMs: POLICY.settleMs,
        othersInFlight: true,
      });
    expect(withOther(found('CAPTURED', { refundAmount: 300 }), T0 + 35_000)).toMatchObject({
      kind: 'wait',
      settleAt: null,
      reason: notice('refund.other-unsettled'),
    });
    // Its own growth is still recognised.
    expect(withOther(found('CAPTURED', { refundAmount: 500 }), T0 + 1)).toEqual({ kind: 'succeeded' });
  });

  it('lookup failed or order not found → wait, never resend blind', () => {
    expect(decide(ERROR, T0 + 3_600_000)).toMatchObject({ kind: 'wait', settleAt: null });
    expect(decide(NOT_FOUND, T0 + 3_600_000)).toMatchObject({ kind: 'wait', settleAt: null });
  });
});
