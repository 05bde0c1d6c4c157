import { describe, expect, it } from 'vitest';
import {
  control,
  expectJournalMatchesSandbox,
  openHarness,
  sandboxOrders,
  waitForDetail,
} from './payment-service.test-helper.ts';

// A kiosk serves one customer at a time: the next customer's sale cancels an unpaid QR left open (the
// screen's own walk-away cancel skipped by a reload or a crash), so it can never be paid by someone else.

describe('kiosk: one open QR at a time', () => {
  it('cancels the previous unpaid QR, write-ahead, before the next one is created', async () => {
    const harness = await openHarness();
    const { h, test, sandbox } = harness;
    await test.context.settings.save({ settings: { mode: 'kiosk' } });
    const left = await h['payments.chargeMerchantQr']({ amountMinor: 1200, currency: 'SGD' });
    expect(left.displayStatus).toBe('waiting');

    const next = await h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    expect(next.displayStatus).toBe('waiting');
    const cancelled = await waitForDetail(h, left.referenceId, (d) => d.payment.state === 'final');
    expect(cancelled.payment).toMatchObject({ displayStatus: 'cancelled', providerStatus: 'CANCELLED' });
    const orders = await sandboxOrders(sandbox);
    expect(orders.find((o) => o.referenceId === left.referenceId)?.status).toBe('CANCELLED');
    expect(orders.find((o) => o.referenceId === next.referenceId)?.status).toBe('CREATED');
    await expectJournalMatchesSandbox(harness, left.referenceId);
  });

  it('leaves a QR the customer already paid alone, and a cashier till never cancels for the next sale', async () => {
    const harness = await openHarness();
    const { h, test, sandbox } = harness;
    const first = await h['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    await h['payments.chargeMerchantQr']({ amountMinor: 600, currency: 'SGD' });
    // Cashier mode: both stay open (a till can have a table waiting while the next customer pays).
    expect((await h['payments.get']({ referenceId: first.referenceId })).payment.displayStatus).toBe('waiting');

    await test.context.settings.save({ settings: { mode: 'kiosk' } });
    await control(sandbox, 'POST', '/consumer/scan', { qrPayload: first.qrPayload });
    await control(sandbox, 'POST', '/consumer/confirm', { referenceId: first.referenceId });
    await waitForDetail(h, first.referenceId, (d) => d.payment.displayStatus === 'paid');
    await h['payments.chargeMerchantQr']({ amountMinor: 700, currency: 'SGD' });
    expect((await h['payments.get']({ referenceId: first.referenceId })).payment.displayStatus).toBe('paid');
  });
});
