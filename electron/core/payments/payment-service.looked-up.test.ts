import { describe, expect, it, onTestFinished } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import { DEMO_CREDENTIALS, DEMO_MERCHANT } from '../../sandbox/server.ts';
import {
  FAST,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';
import { createPaymentModule } from './payment-service.ts';
import { openTestContext, TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import { caught, removeFolder, tempFolder } from '../../testing/helpers.ts';

// One shop, several terminals: till A takes a payment; the refund counter B (same merchant, its own posId and
// journal) opens it by its reference, sees it as taken at another terminal, and refunds it. Each terminal's
// journal, day summary and CSV say what it took and what it refunded; the provider is the shared truth.

const SHOP = { ...DEMO_MERCHANT, posIds: ['POS-DEMO-1', 'POS-DEMO-2'] };
const OTHER_MERCHANT = {
  name: 'Other Shop',
  accessKeyId: 'AK_OTHER',
  accessKeySecret: 'SK_OTHER',
  country: 'SG' as const,
  posIds: ['POS-OTHER-1'],
};

/** The provider's published refusal of a posId of other credentials (wire-details §2.5). */
const PROVIDER_DENIAL = 'Terminal Access Denied. Insufficient permissions to act on this terminal.';

/** Another terminal on the same sandbox: its own data folder and journal, the merchant's credentials, its posId. */
async function openTerminal(
  harness: Harness,
  posId: string,
  credentials: { accessKeyId: string; accessKeySecret: string } = {
    accessKeyId: DEMO_CREDENTIALS.accessKeyId,
    accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
  },
) {
  const dataDir = tempFolder('payments-terminal-');
  const test = await openTestContext({ dataDir, sandbox: harness.sandbox });
  await test.context.settings.save({
    settings: {
      environment: 'custom',
      customBaseUrl: harness.sandbox.instoreBaseUrl,
      accessKeyId: credentials.accessKeyId,
      posId,
      terminalReference: 'COUNTER-1',
    },
    secrets: { accessKeySecret: credentials.accessKeySecret },
  });
  const module = await createPaymentModule(FAST)(test.context);
  onTestFinished(async () => {
    await module.close();
    await test.close();
    removeFolder(dataDir);
  });
  const h = {
    ...module.handlers,
    'payments.summary': ({ day }: { day: string }) => module.daySummary(day),
    'payments.exportCsv': ({ day }: { day: string }) => module.exportCsv(day),
  };
  return { module, h, test };
}

async function paidAtTillA(harness: Harness, amountMinor: number) {
  const code = await mintCode(harness.sandbox, 'approve');
  const view = await harness.h['payments.chargeCustomerQr']({ amountMinor, currency: 'SGD', consumerCode: code });
  return (await waitForDetail(harness.h, view.referenceId, isSettled)).payment;
}

describe('a payment taken at another terminal', () => {
  it('opens at the refund counter as taken elsewhere, refunds there in two steps, and each terminal counts what it did', async () => {
    const harness = await openHarness({}, { merchants: [SHOP] });
    const paid = await paidAtTillA(harness, 1400);
    const { referenceId } = paid;
    const day = paid.createdAt.slice(0, 10);
    const counter = await openTerminal(harness, 'POS-DEMO-2');

    // Opened by its reference: looked up at the provider, shown like one of ours, nothing recorded yet.
    const opened = await counter.h['payments.get']({ referenceId });
    expect(opened.payment).toMatchObject({
      referenceId,
      origin: 'looked-up',
      method: null,
      posId: null,
      displayStatus: 'paid',
      amount: { amountMinor: 1400, currency: 'SGD' },
      providerOrderId: paid.providerOrderId,
      paymentType: 'PAY',
      refunded: { amountMinor: 0 },
      refundable: { amountMinor: 1400 },
      canRefund: true,
    });
    // When it was taken, by the provider's clock.
    expect(Math.abs(Date.parse(opened.payment.createdAt) - Date.parse(paid.createdAt))).toBeLessThan(5_000);
    expect((await counter.h['payments.history']({})).total).toBe(0);

    // A part, with the supervisor PIN (a wrong one costs nothing), sent as the counter's terminal.
    expect(
      (
        await caught(
          counter.h['payments.refund']({ referenceId, amountMinor: 500, reason: 'one cup', supervisorPin: '0000' }),
        )
      ).code,
    ).toBe('supervisor.pin-wrong');
    const part = await counter.h['payments.refund']({
      referenceId,
      amountMinor: 500,
      reason: 'one cup',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(part.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 500]]);
    expect(part.payment).toMatchObject({
      origin: 'looked-up',
      refunded: { amountMinor: 500 },
      refundedElsewhere: { amountMinor: 0 },
      refundable: { amountMinor: 900 },
    });
    let truth = (await sandboxOrders(harness.sandbox)).find((o) => o.referenceId === referenceId)!;
    expect(
      (truth.refunds as unknown as { posId: string; amount: number; refundMetadata: unknown }[]).map((r) => [
        r.posId,
        r.amount,
        r.refundMetadata,
      ]),
    ).toEqual([['POS-DEMO-2', 500, { terminalReference: 'COUNTER-1' }]]);

    // The rest: the amount defaults to what is left.
    const rest = await counter.h['payments.refund']({
      referenceId,
      reason: 'the rest',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(rest.payment).toMatchObject({
      displayStatus: 'refunded',
      refunded: { amountMinor: 1400 },
      refundable: { amountMinor: 0 },
    });
    truth = (await sandboxOrders(harness.sandbox)).find((o) => o.referenceId === referenceId)!;
    expect([truth.status, truth.refundAmount]).toEqual(['REFUNDED', 1400]);

    // Till A learns it on "check now": refunded elsewhere, in full.
    await harness.h['payments.checkNow']({ referenceId });
    const atA = await waitForDetail(harness.h, referenceId, (d) => d.payment.providerStatus === 'REFUNDED');
    expect(atA.payment).toMatchObject({
      origin: 'taken-here',
      refunded: { amountMinor: 1400 },
      refundedElsewhere: { amountMinor: 1400 },
    });

    // Each terminal's day: A took 1400 and refunded nothing; the counter took nothing and refunded 1400.
    expect(await harness.h['payments.summary']({ day })).toMatchObject({
      paid: { count: 1, total: { amountMinor: 1400 } },
      refunds: { count: 0 },
      refundsOfOtherTerminals: { count: 0 },
      refundedElsewhere: { count: 1, total: { amountMinor: 1400 } },
      net: { amountMinor: 1400 },
    });
    const counterDay = await counter.h['payments.summary']({ day });
    expect(counterDay).toMatchObject({
      byStatus: {},
      paid: { count: 0, total: { amountMinor: 0 } },
      refunds: { count: 0 },
      refundsOfOtherTerminals: { count: 2, total: { amountMinor: 1400 } },
      refundedElsewhere: { count: 0 },
      net: { amountMinor: -1400 },
    });
    const csv = (await counter.h['payments.exportCsv']({ day })).csv.split('\r\n').filter((line) => line !== '');
    const header = csv[0]!.replace('\uFEFF', '').split(',');
    const [posId, origin] = [header.indexOf('POS ID'), header.indexOf('Origin')];
    expect(origin).toBe(posId + 1);
    expect(csv.slice(1).map((line) => [line.split(',')[0], line.split(',')[posId], line.split(',')[origin]])).toEqual([
      ['payment', '', 'looked up'],
      ['refund', 'POS-DEMO-2', 'looked up'],
      ['refund', 'POS-DEMO-2', 'looked up'],
    ]);
    // The payment list's filter.
    expect((await counter.h['payments.history']({ origin: 'looked-up' })).items.map((p) => p.referenceId)).toEqual([
      referenceId,
    ]);
    expect((await counter.h['payments.history']({ origin: 'taken-here' })).total).toBe(0);
    expect((await harness.h['payments.history']({ origin: 'taken-here' })).items.map((p) => p.referenceId)).toEqual([
      referenceId,
    ]);
  });

  it('a reference the provider does not know: order.not-found with its text, nothing recorded', async () => {
    const harness = await openHarness({}, { merchants: [SHOP] });
    const counter = await openTerminal(harness, 'POS-DEMO-2');
    const error = await caught(counter.h['payments.get']({ referenceId: 'TILL01-20261121-NOSUCHID' }));
    expect([error.code, error.message]).toEqual([
      'order.not-found',
      'The provider has no payment with this reference.',
    ]);
    const refund = await caught(
      counter.h['payments.refund']({
        referenceId: 'TILL01-20261121-NOSUCHID',
        reason: 'x',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    expect(refund.code).toBe('order.not-found');
    expect((await counter.h['payments.history']({})).total).toBe(0);
  });

  it('an open order of another terminal is shown, not refundable, and nothing is recorded', async () => {
    const harness = await openHarness({}, { merchants: [SHOP] });
    const open = await harness.h['payments.chargeMerchantQr']({ amountMinor: 700, currency: 'SGD' });
    const counter = await openTerminal(harness, 'POS-DEMO-2');
    const seen = await counter.h['payments.get']({ referenceId: open.referenceId });
    expect(seen.payment).toMatchObject({
      origin: 'looked-up',
      displayStatus: 'waiting',
      canRefund: false,
      canCancel: false,
      qrPayload: null,
    });
    const refused = await caught(
      counter.h['payments.refund']({ referenceId: open.referenceId, reason: 'x', supervisorPin: TEST_SUPERVISOR_PIN }),
    );
    expect(refused.code).toBe('order.not-captured');
    expect((await counter.h['payments.history']({})).total).toBe(0);
  });

  it("a terminal whose posId belongs to another merchant: the refund is refused with the provider's reason, and recorded as failed", async () => {
    const harness = await openHarness({}, { merchants: [SHOP, OTHER_MERCHANT] });
    const paid = await paidAtTillA(harness, 600);
    const stranger = await openTerminal(harness, 'POS-OTHER-1');
    const error = await caught(
      stranger.h['payments.refund']({ referenceId: paid.referenceId, reason: 'x', supervisorPin: TEST_SUPERVISOR_PIN }),
    );
    expect(error.code).toBe('terminal.denied');
    // The provider's own sentence travels with the error, for the screen to quote as it came.
    expect(error.details).toMatchObject({ httpStatus: 401, providerMessage: PROVIDER_DENIAL });
    const detail = await stranger.h['payments.get']({ referenceId: paid.referenceId });
    expect(detail.refunds.map((r) => r.state)).toEqual(['failed']);
    // The failed refund keeps it too, after our explanation (the journal's English, the CSV's failure reason).
    expect(detail.refunds[0]!.failureNotice).toEqual(
      notice('payments.provider-said', {
        reason: notice('payments.error', { error: { code: 'terminal.denied' } }),
        providerText: PROVIDER_DENIAL,
      }),
    );
    expect(detail.refunds[0]!.failureReason).toBe(
      `This terminal (posId) belongs to other credentials. Check the posId in Settings. The provider said: “${PROVIDER_DENIAL}”`,
    );
    const truth = (await sandboxOrders(harness.sandbox)).find((o) => o.referenceId === paid.referenceId)!;
    expect([truth.status, truth.refundAmount]).toEqual(['CAPTURED', 0]);
    // And a terminal of another merchant's credentials does not see the shop's payments at all.
    const outsider = await openTerminal(harness, 'POS-OTHER-1', {
      accessKeyId: OTHER_MERCHANT.accessKeyId,
      accessKeySecret: OTHER_MERCHANT.accessKeySecret,
    });
    expect((await caught(outsider.h['payments.get']({ referenceId: paid.referenceId }))).code).toBe('order.not-found');
  });
});
