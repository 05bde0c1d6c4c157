import { describe, expect, it } from 'vitest';
import type { CustomerAttemptRow } from './rows.ts';
import { holdDisplayStatus, toHoldView } from './views.ts';

// What a hold whose capture was answered REJECTED reads as: capture-failed with the capture's reason, never
// "captured" — including when the provider's pre-auth record later disagrees (the synchronous answer stands),
// and until the hold is released or lapses.

const TTL = 7 * 24 * 3600_000;

function hold(patch: Partial<CustomerAttemptRow>): CustomerAttemptRow {
  return {
    merchantRef: 'TILL-01-H20260101-ABCDEFGHJK',
    kind: 'hold',
    merchantUserId: 'cust-1',
    merchantId: 'MERCHANT_DEMO',
    amountMinor: 1056,
    currency: 'SGD',
    useCashback: true,
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
    state: 'open',
    providerId: 'pre-auth-1',
    providerStatus: 'AUTHORIZED',
    failureReason: null,
    orderUuid: null,
    orderOutcome: null,
    opKey: null,
    voidReason: null,
    captureFailure: null,
    unresolvedReason: null,
    authorizedAt: Date.parse('2026-01-01T10:00:00Z'),
    localDay: '2026-01-01',
    createdAt: Date.parse('2026-01-01T10:00:00Z'),
    updatedAt: Date.parse('2026-01-01T10:00:00Z'),
    version: 1,
    takenBy: null,
    approvedBy: null,
    finishedBy: null,
    ...patch,
  };
}

describe('a hold whose capture was rejected', () => {
  it('still authorised at the provider: capture-failed with the reason, releasable', () => {
    const view = toHoldView(hold({ captureFailure: 'INSUFFICIENT_FUNDS' }), TTL);
    expect(view).toMatchObject({
      displayStatus: 'capture-failed',
      failureReason: 'INSUFFICIENT_FUNDS',
      captureFailureReason: 'INSUFFICIENT_FUNDS',
      canVoid: true,
      canCapture: true,
    });
    expect(view.expiresAt).not.toBeNull();
  });

  it("never reads captured, even when the provider's record says CAPTURE_INITIATED or CAPTURED", () => {
    for (const providerStatus of ['CAPTURE_INITIATED', 'CAPTURED']) {
      const view = toHoldView(hold({ state: 'final', providerStatus, captureFailure: 'INSUFFICIENT_FUNDS' }), TTL);
      expect(view).toMatchObject({
        displayStatus: 'capture-failed',
        failureReason: 'INSUFFICIENT_FUNDS',
        canCapture: false,
        canVoid: false,
      });
    }
  });

  it("a later capture in flight reads capturing; once released or lapsed, voided / expired with the capture's reason kept aside", () => {
    expect(holdDisplayStatus(hold({ state: 'capturing', opKey: 'k' }))).toBe('capturing');
    expect(
      toHoldView(
        hold({
          state: 'final',
          providerStatus: 'VOIDED',
          voidReason: 'Capture rejected',
          captureFailure: 'INSUFFICIENT_FUNDS',
        }),
        TTL,
      ),
    ).toMatchObject({
      displayStatus: 'voided',
      failureReason: null,
      captureFailureReason: 'INSUFFICIENT_FUNDS',
    });
    expect(
      toHoldView(
        hold({
          state: 'final',
          providerStatus: 'EXPIRED',
          failureReason: 'PRE_AUTH_EXPIRED',
          captureFailure: 'INSUFFICIENT_FUNDS',
        }),
        TTL,
      ),
    ).toMatchObject({
      displayStatus: 'expired',
      failureReason: 'PRE_AUTH_EXPIRED',
    });
  });

  it('a hold never rejected reads as before', () => {
    expect(holdDisplayStatus(hold({}))).toBe('authorized');
    expect(holdDisplayStatus(hold({ state: 'final', providerStatus: 'CAPTURED' }))).toBe('captured');
    expect(toHoldView(hold({}), TTL).captureFailureReason).toBeNull();
  });
});
