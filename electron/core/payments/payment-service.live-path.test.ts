import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import {
  control,
  expectJournalMatchesSandbox,
  isSettled,
  openHarness,
  sandboxOrders,
  setFaults,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';

// The code path a real till takes: a real-environment profile (custom address → the live header names
// `X-ShopBack-…`), no webhook, polling only, against a sandbox that answers to exactly those names and ignores
// the documents' `X-Service-` ones. A client that sent the wrong idempotency header would see its lost
// create resent as a new request (409 "already assigned") instead of the first answer replayed.

async function openLiveHarness(): Promise<Harness> {
  const harness = await openHarness({}, { headerPrefix: 'X-ShopBack-' });
  await harness.test.context.settings.save({
    settings: {
      environment: 'custom',
      customBaseUrl: harness.sandbox.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId: DEMO_CREDENTIALS.posId,
      country: 'SG',
      currency: 'SGD',
      webhookUrl: '',
    },
    secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
  });
  return harness;
}

describe('live header names, polling only (custom environment → sandbox with --header-prefix X-ShopBack-)', () => {
  it('create, pay, partial refund, refund the rest; cancel another; the journal matches the provider', async () => {
    const harness = await openLiveHarness();
    const sale = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1500, currency: 'SGD' });
    const [order] = await sandboxOrders(harness.sandbox);
    expect(order!.webhookUrl).toBeNull();
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: sale.referenceId });
    await waitForDetail(harness.h, sale.referenceId, (d) => d.payment.displayStatus === 'paid');
    await harness.h['payments.refund']({
      referenceId: sale.referenceId,
      amountMinor: 500,
      reason: 'Wrong size',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    await harness.h['payments.refund']({
      referenceId: sale.referenceId,
      reason: 'Returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    const refunded = await waitForDetail(
      harness.h,
      sale.referenceId,
      (d) => isSettled(d) && d.payment.providerStatus === 'REFUNDED',
    );
    expect(refunded.payment.refunded.amountMinor).toBe(1500);
    await expectJournalMatchesSandbox(harness, sale.referenceId);

    const mistaken = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    await harness.h['payments.cancel']({ referenceId: mistaken.referenceId });
    const cancelled = await waitForDetail(harness.h, mistaken.referenceId, isSettled);
    expect(cancelled.payment.providerStatus).toBe('CANCELLED');
  });

  it('a create whose answer was lost is resolved with the live idempotency header: one order, its QR replayed', async () => {
    const harness = await openLiveHarness();
    await setFaults(harness.sandbox, { dropAfterActNext: 3, path: '/order/create' });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1200, currency: 'SGD' });
    const active = await waitForDetail(
      harness.h,
      view.referenceId,
      (d) => d.payment.state === 'active' && d.payment.qrPayload !== null,
    );
    const orders = await sandboxOrders(harness.sandbox);
    expect(orders).toHaveLength(1);
    expect(active.payment.qrPayload).toBe(orders[0]!.qrPayload);
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    await waitForDetail(harness.h, view.referenceId, isSettled);
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });
});
