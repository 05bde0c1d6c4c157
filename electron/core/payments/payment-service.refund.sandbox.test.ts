import { describe, expect, it } from 'vitest';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import { DEMO_MERCHANT } from '../../sandbox/server.ts';
import { journalFileIn, openJournal } from './journal/index.ts';
import {
  control,
  expectJournalMatchesSandbox,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  setFaults,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';
import { caught } from '../../testing/helpers.ts';

// The cashier's refunds end to end against the embedded sandbox (real sockets, real journal file), and the
// refunds and cancels that could not leave this till (other credentials, another terminal).

/** The status lookups of one payment that reached the sandbox since `since` (its request log). */
async function lookupsOf(harness: Harness, referenceId: string, since: number): Promise<number> {
  const { requests } = (await control(harness.sandbox, 'GET', `/requests?since=${since}`)) as {
    requests: { method: string; path: string }[];
  };
  return requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/instore/order/${referenceId}`)).length;
}

describe('refund', () => {
  async function paidPayment(amountMinor = 1000, options: Parameters<typeof openHarness>[0] = {}) {
    const harness = await openHarness(options);
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({ amountMinor, currency: 'SGD', consumerCode: code });
    await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
    return { harness, referenceId: view.referenceId };
  }

  it('needs the supervisor PIN', async () => {
    const { harness, referenceId } = await paidPayment();
    const wrong = await caught(
      harness.h['payments.refund']({ referenceId, reason: 'wrong item', supervisorPin: '0000' }),
    );
    expect(wrong.code).toBe('supervisor.pin-wrong');
    expect((await harness.h['payments.get']({ referenceId })).refunds).toHaveLength(0);
  });

  it('needs a reason: one of only spaces is refused with what to do, nothing recorded or sent', async () => {
    const { harness, referenceId } = await paidPayment();
    for (const reason of ['   ', ' \t\n ']) {
      const error = await caught(
        harness.h['payments.refund']({ referenceId, reason, supervisorPin: TEST_SUPERVISOR_PIN }),
      );
      expect(error.code).toBe('request.invalid');
      expect(error.message).toBe('Enter a reason for the refund.');
    }
    expect((await harness.h['payments.get']({ referenceId })).refunds).toHaveLength(0);
    expect((await sandboxOrders(harness.sandbox))[0]!.refunds).toHaveLength(0);
    // Kept without the spaces around it.
    const done = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 100,
      reason: '  damaged  ',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(done.refunds.map((r) => r.reason)).toEqual(['damaged']);
  });

  it('partial then the rest (the default amount): REFUNDED, totals match the provider', async () => {
    const { harness, referenceId } = await paidPayment(1000);
    const partial = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 300,
      reason: 'one item returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(partial.payment).toMatchObject({
      displayStatus: 'paid',
      refunded: { amountMinor: 300 },
      refundable: { amountMinor: 700 },
    });
    expect(partial.refunds).toMatchObject([
      { state: 'succeeded', amount: { amountMinor: 300 }, reason: 'one item returned' },
    ]);

    const over = await caught(
      harness.h['payments.refund']({
        referenceId,
        amountMinor: 701,
        reason: 'too much',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    expect(over.code).toBe('refund.exceeds-refundable');
    expect(over.details).toMatchObject({ refundableMinor: 700 });

    const rest = await harness.h['payments.refund']({
      referenceId,
      reason: 'whole order',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(rest.payment).toMatchObject({
      displayStatus: 'refunded',
      providerStatus: 'REFUNDED',
      refunded: { amountMinor: 1000 },
      canRefund: false,
    });
    expect(rest.refunds.map((r) => r.amount.amountMinor)).toEqual([300, 700]);
    await expectJournalMatchesSandbox(harness, referenceId);
    expect(harness.test.refunds.filter((r) => r.state === 'succeeded').map((r) => r.amount.amountMinor)).toEqual([
      300, 700,
    ]);

    const nothing = await caught(
      harness.h['payments.refund']({ referenceId, reason: 'again', supervisorPin: TEST_SUPERVISOR_PIN }),
    );
    expect(nothing.code).toBe('refund.exceeds-refundable');
  });

  it("reads the provider's total once, before it is sent: the confirmed answer settles it without reading the order back", async () => {
    // No notifications: their lookups (the provider's refund webhook wakes one) are not the refund's.
    const { harness, referenceId } = await paidPayment(1000, { webhooks: false });
    const since = Date.now();
    const partial = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 400,
      reason: 'one item returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    // The person waited for one lookup (the baseline), not a second one after the answer.
    expect(await lookupsOf(harness, referenceId, since)).toBe(1);
    expect(partial.payment).toMatchObject({ displayStatus: 'paid', refunded: { amountMinor: 400 } });
    const rest = await harness.h['payments.refund']({
      referenceId,
      reason: 'the rest',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(await lookupsOf(harness, referenceId, since)).toBe(2);
    // REFUNDED from the answer alone (written with the refund that reached the amount), as the provider says.
    expect(rest.payment).toMatchObject({ displayStatus: 'refunded', providerStatus: 'REFUNDED', canRefund: false });
    await expectJournalMatchesSandbox(harness, referenceId);
  });

  it('refuses a second refund while one is still being confirmed, then the first settles once', async () => {
    const { harness, referenceId } = await paidPayment(1000);
    // Both tries of the first refund are cut off before the provider acts: its outcome is unknown.
    await setFaults(harness.sandbox, { resetNext: 2, path: '/refund' });
    const first = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 400,
      reason: 'first',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(first.refunds.map((r) => r.state)).toEqual(['checking']);
    expect(harness.module.counts().unresolvedCount).toBe(1);
    const second = await caught(
      harness.h['payments.refund']({
        referenceId,
        amountMinor: 100,
        reason: 'second',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    expect(second.code).toBe('order.not-refundable');
    expect(second.message).toBe(
      'A refund of S$4.00 on this payment is still being confirmed with the provider. Wait until it is done, then refund again if needed.',
    );
    const done = await waitForDetail(harness.h, referenceId, isSettled);
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 400]]);
    const order = await expectJournalMatchesSandbox(harness, referenceId);
    expect(order.refunds).toHaveLength(1);
  });

  it('refuses a refund of an unpaid order', async () => {
    const harness = await openHarness();
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    const error = await caught(
      harness.h['payments.refund']({ referenceId: view.referenceId, reason: 'x', supervisorPin: TEST_SUPERVISOR_PIN }),
    );
    expect(error.code).toBe('order.not-captured');
  });
});

describe('refund and cancel that could not leave this till are refused before anything is recorded', () => {
  const other = {
    name: 'Other Shop',
    accessKeyId: 'AK_OTHER',
    accessKeySecret: 'SK_OTHER',
    country: 'SG' as const,
    posIds: ['POS-OTHER-1'],
  };

  async function switchToOtherTerminal(harness: Harness): Promise<void> {
    await harness.test.context.settings.save({
      settings: {
        environment: 'custom',
        customBaseUrl: harness.sandbox.instoreBaseUrl,
        accessKeyId: other.accessKeyId,
        posId: 'POS-OTHER-1',
      },
      secrets: { accessKeySecret: other.accessKeySecret },
    });
  }

  it("a refund after the till moved to another merchant's credentials: the provider does not find the payment, nothing recorded", async () => {
    const harness = await openHarness({}, { merchants: [DEMO_MERCHANT, other] });
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 900,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, view.referenceId, isSettled);
    await switchToOtherTerminal(harness);

    const error = await caught(
      harness.h['payments.refund']({
        referenceId: view.referenceId,
        reason: 'returned',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    expect(error.code).toBe('order.not-refundable');
    expect(error.message).toMatch(/did not find this payment/);
    const detail = await harness.h['payments.get']({ referenceId: view.referenceId });
    expect(detail.refunds).toEqual([]);
    expect(detail.payment.refundable.amountMinor).toBe(900);
    expect(harness.module.counts().unresolvedCount).toBe(0);
  });

  it('a till whose posId changed refunds its old payments, sent with its current posId', async () => {
    const harness = await openHarness({}, { merchants: [{ ...DEMO_MERCHANT, posIds: ['POS-DEMO-1', 'POS-DEMO-2'] }] });
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 900,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, view.referenceId, isSettled);
    await harness.test.context.settings.save({
      settings: {
        environment: 'custom',
        customBaseUrl: harness.sandbox.instoreBaseUrl,
        accessKeyId: DEMO_MERCHANT.accessKeyId,
        posId: 'POS-DEMO-2',
      },
      secrets: { accessKeySecret: DEMO_MERCHANT.accessKeySecret },
    });

    const done = await harness.h['payments.refund']({
      referenceId: view.referenceId,
      amountMinor: 400,
      reason: 'returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 400]]);
    const order = await expectJournalMatchesSandbox(harness, view.referenceId);
    expect((order.refunds as unknown as { posId: string }[]).map((r) => r.posId)).toEqual(['POS-DEMO-2']);
    expect(done.payment).toMatchObject({ origin: 'taken-here', posId: 'POS-DEMO-1' });
  });

  it('a cancel of an open order taken while the till was another terminal: the reason, no cancel recorded', async () => {
    const harness = await openHarness({}, { merchants: [DEMO_MERCHANT, other] });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 900, currency: 'SGD' });
    await switchToOtherTerminal(harness);

    const error = await caught(harness.h['payments.cancel']({ referenceId: view.referenceId }));
    expect(error.code).toBe('terminal.denied');
    expect(error.message).toMatch(/taken on terminal POS-DEMO-1/);
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(view.referenceId)).toEqual([]);
    } finally {
      journal.close();
    }
    expect(harness.module.counts().unresolvedCount).toBe(0);
  });
});
