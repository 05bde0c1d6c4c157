import { describe, expect, it } from 'vitest';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { money } from '../../../shared/money.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import {
  expectJournalMatchesSandbox,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';

// Refunds made outside this till (another till, the merchant portal) go through the provider's real API with
// the same credentials; this till learns of them only from the order's running refundAmount (its webhook
// wakes a lookup, or "check now"). The payment view and the day summary must then say what was refunded in
// all, what of it elsewhere, what is left, and the net the money really is.

async function paidOrder(harness: Harness, amountMinor: number): Promise<PaymentDetail> {
  const code = await mintCode(harness.sandbox, 'approve');
  const view = await harness.h['payments.chargeCustomerQr']({ amountMinor, currency: 'SGD', consumerCode: code });
  return waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
}

/** Another till of the same merchant: its own in-store client, same credentials, the real refund call. */
async function refundAtAnotherTill(harness: Harness, referenceId: string, amountMinor: number): Promise<void> {
  const otherTill = await harness.test.context.provider.instoreClient({});
  const answer = await otherTill.refundOrder({
    referenceId,
    amount: money(amountMinor, 'SGD'),
    reason: 'refunded at till 2',
  });
  expect(answer.referenceId).toBe(referenceId);
}

function figures(detail: PaymentDetail) {
  const p = detail.payment;
  return {
    displayStatus: p.displayStatus,
    refunded: p.refunded.amountMinor,
    refundedElsewhere: p.refundedElsewhere?.amountMinor,
    refundable: p.refundable.amountMinor,
    canRefund: p.canRefund,
  };
}

describe('refunds made outside this till', () => {
  it("a partial one: shown as refunded elsewhere, caps what is left, and the day summary shows it beside this till's net", async () => {
    const harness = await openHarness();
    const paid = await paidOrder(harness, 1400);
    const { referenceId } = paid.payment;
    const day = paid.payment.createdAt.slice(0, 10);

    await refundAtAnotherTill(harness, referenceId, 700);
    // The provider's refund webhook wakes a lookup; nobody at this till has to do anything.
    const seen = await waitForDetail(harness.h, referenceId, (d) => d.payment.refundedElsewhere?.amountMinor === 700);
    expect(figures(seen)).toEqual({
      displayStatus: 'paid',
      refunded: 700,
      refundedElsewhere: 700,
      refundable: 700,
      canRefund: true,
    });
    expect(seen.refunds).toEqual([]);
    expect(
      seen.events.some((e) => e.summary === "the provider's refund total is S$7.00 (S$7.00 of it outside this till)"),
    ).toBe(true);
    expect(await harness.h['payments.summary']({ day })).toMatchObject({
      paid: { count: 1, total: { amountMinor: 1400 } },
      refundedElsewhere: { count: 1, total: { amountMinor: 700 } },
      // Shown beside the net: the other till made that refund and counts it in its own day.
      refunds: { count: 0, total: { amountMinor: 0 } },
      net: { amountMinor: 1400, currency: 'SGD' },
    });

    // Our own refund of 300 on top: counted once as ours, the other till's 700 stays "elsewhere".
    await harness.h['payments.refund']({
      referenceId,
      amountMinor: 300,
      reason: 'returned here',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    const after = await waitForDetail(
      harness.h,
      referenceId,
      (d) => isSettled(d) && d.payment.refunded.amountMinor === 1000,
    );
    expect(figures(after)).toEqual({
      displayStatus: 'paid',
      refunded: 1000,
      refundedElsewhere: 700,
      refundable: 400,
      canRefund: true,
    });
    expect(after.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 300]]);
    await expectJournalMatchesSandbox(harness, referenceId, { refunds: 1, minor: 700 });
    expect(await harness.h['payments.summary']({ day })).toMatchObject({
      paid: { count: 1, total: { amountMinor: 1400 } },
      refundedElsewhere: { count: 1, total: { amountMinor: 700 } },
      // This till's own refund; the other terminal counts the one it made (net per terminal = takings − its refunds).
      refunds: { count: 1, total: { amountMinor: 300 } },
      net: { amountMinor: 1100 },
    });
    // What the screen offers by default is what is really left: the rest, and nothing more.
    await harness.h['payments.refund']({ referenceId, reason: 'the rest', supervisorPin: TEST_SUPERVISOR_PIN });
    const done = await waitForDetail(
      harness.h,
      referenceId,
      (d) => isSettled(d) && d.payment.providerStatus === 'REFUNDED',
    );
    expect(figures(done)).toEqual({
      displayStatus: 'refunded',
      refunded: 1400,
      refundedElsewhere: 700,
      refundable: 0,
      canRefund: false,
    });
    expect(done.refunds.map((r) => r.amount.amountMinor)).toEqual([300, 400]);
    await expectJournalMatchesSandbox(harness, referenceId, { refunds: 1, minor: 700 });
    expect((await harness.h['payments.summary']({ day })).net.amountMinor).toBe(1400 - 300 - 400);
  });

  it('a full one: the payment turns refunded with everything refunded elsewhere, shown beside the net, not in it', async () => {
    const harness = await openHarness();
    const kept = await paidOrder(harness, 250);
    const paid = await paidOrder(harness, 1400);
    const { referenceId } = paid.payment;
    const day = paid.payment.createdAt.slice(0, 10);

    await refundAtAnotherTill(harness, referenceId, 1400);
    // "Check now" reads it at once, whether or not the webhook got there first.
    await harness.h['payments.checkNow']({ referenceId });
    const seen = await waitForDetail(
      harness.h,
      referenceId,
      (d) => d.payment.providerStatus === 'REFUNDED' && d.payment.refundedElsewhere?.amountMinor === 1400,
    );
    expect(figures(seen)).toEqual({
      displayStatus: 'refunded',
      refunded: 1400,
      refundedElsewhere: 1400,
      refundable: 0,
      canRefund: false,
    });
    await expectJournalMatchesSandbox(harness, referenceId, { refunds: 1, minor: 1400 });
    const truth = (await sandboxOrders(harness.sandbox)).find((o) => o.referenceId === referenceId)!;
    expect([truth.status, truth.refundAmount]).toEqual(['REFUNDED', 1400]);

    const summary = await harness.h['payments.summary']({ day });
    expect(summary).toMatchObject({
      byStatus: {
        paid: { count: 1, total: { amountMinor: 250 } },
        refunded: { count: 1, total: { amountMinor: 1400 } },
      },
      paid: { count: 2, total: { amountMinor: 1650 } },
      refundedElsewhere: { count: 1, total: { amountMinor: 1400 } },
      // The other terminal made that refund and counts it in its own summary; a shop adding up its terminals
      // counts it once.
      refunds: { count: 0, total: { amountMinor: 0 } },
      net: { amountMinor: 1650 },
    });
    expect(summary.net.amountMinor).toBe(summary.paid.total.amountMinor - summary.refunds.total.amountMinor);
    // Nothing is left to refund here, and the till says why.
    const refused = await harness.h['payments.refund']({
      referenceId,
      reason: 'again',
      supervisorPin: TEST_SUPERVISOR_PIN,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: 'refund.exceeds-refundable',
      message: expect.stringContaining('outside this till'),
    });
    expect(
      (await harness.h['payments.get']({ referenceId: kept.payment.referenceId })).payment.refundedElsewhere
        ?.amountMinor,
    ).toBe(0);
  });
});
