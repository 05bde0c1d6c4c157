import { describe, expect, it } from 'vitest';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import { mintCode, openHarness, setFaults, waitForDetail } from './payment-service.test-helper.ts';
import { noticeInEnglish, type Notice } from '../../../shared/notices.ts';

// The unresolved list and the status-bar count: one row per payment, counted once, whatever is open about it,
// and every row says why — also when it is listed for a refund or cancel whose outcome is not known yet.

// Long settle time: a lost request stays "being checked" for the whole test.
const SLOW_SETTLE = { settleMs: 60_000 };

describe('unresolved payments', () => {
  it('a paid payment listed for its refund being checked says so, with why', async () => {
    const harness = await openHarness(SLOW_SETTLE);
    const { h, sandbox } = harness;
    const code = await mintCode(sandbox, 'approve');
    const { referenceId } = await h['payments.chargeCustomerQr']({
      amountMinor: 1000,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(h, referenceId, (d) => d.payment.displayStatus === 'paid');

    // The refund's connection is reset every time: its outcome stays unknown.
    await setFaults(sandbox, { path: '/refund', resetNext: 1_000 });
    const detail = await h['payments.refund']({
      referenceId,
      amountMinor: 500,
      reason: 'returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(detail.refunds.map((r) => r.state)).toEqual(['checking']);

    const expected = /^Refund of S\$5\.00 is being checked: The provider does not show this refund yet/;
    await expect
      .poll(async () => english((await h['payments.unresolved']({}))[0]?.unresolvedReason ?? null), { timeout: 5_000 })
      .toMatch(expected);
    const list = await h['payments.unresolved']({});
    expect(list.map((v) => [v.referenceId, v.displayStatus])).toEqual([[referenceId, 'paid']]);
    expect(harness.module.counts().unresolvedCount).toBe(1);
  });

  it('a payment being checked with a cancel waiting on it is one row and counts once', async () => {
    const harness = await openHarness(SLOW_SETTLE);
    const { h, sandbox } = harness;
    // The create's connection is reset every time: whether the order exists is unknown.
    await setFaults(sandbox, { path: '/order/create', resetNext: 1_000 });
    const view = await h['payments.chargeMerchantQr']({ amountMinor: 700, currency: 'SGD' });
    expect(view.state).toBe('checking');
    await h['payments.cancel']({ referenceId: view.referenceId, reason: 'customer left' });

    const list = await h['payments.unresolved']({});
    expect(list.map((v) => v.referenceId)).toEqual([view.referenceId]);
    expect(list[0]!.unresolvedReason).not.toBeNull();
    expect(harness.module.counts()).toEqual({ pendingCount: 0, unresolvedCount: 1 });
  });
});

function english(reason: Notice | null): string | null {
  return reason === null ? null : noticeInEnglish(reason);
}
