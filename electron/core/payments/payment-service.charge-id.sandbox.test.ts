import { describe, expect, it } from 'vitest';
import { openHarness, sandboxOrders } from './payment-service.test-helper.ts';
import { caught } from '../../testing/helpers.ts';

// The charge id a screen chooses (issue 37) against the embedded sandbox: a retried call is answered with the
// first payment, a reused id with another amount is refused, and neither ever makes a second provider order.

const CHARGE_ID = '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('a charge id chosen by the screen', () => {
  it('answers a retried call with the payment it made, and sends one create', async () => {
    const { h, sandbox } = await openHarness();
    const first = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD', chargeId: CHARGE_ID });
    const again = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD', chargeId: CHARGE_ID });
    // The screen knows its payment by it, in the answer and in every event about it.
    expect(first.chargeId).toBe(CHARGE_ID);
    expect(again.referenceId).toBe(first.referenceId);
    expect(again.qrPayload).toBe(first.qrPayload);
    const orders = await sandboxOrders(sandbox);
    expect(orders.filter((order) => order.referenceId === first.referenceId)).toHaveLength(1);
    expect(orders).toHaveLength(1);
  });

  it('refuses the same id with another amount or the other method, without a second order', async () => {
    const { h, sandbox } = await openHarness();
    const first = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD', chargeId: CHARGE_ID });
    const otherAmount = await caught(
      h['payments.chargeMerchantQr']({ amountMinor: 990, currency: 'SGD', chargeId: CHARGE_ID }),
    );
    expect(otherAmount).toMatchObject({ code: 'charge.id-reused', details: { referenceId: first.referenceId } });
    const otherMethod = await caught(
      h['payments.chargeCustomerQr']({
        amountMinor: 1250,
        currency: 'SGD',
        consumerCode: '281012345678901234',
        chargeId: CHARGE_ID,
      }),
    );
    expect(otherMethod).toMatchObject({ code: 'charge.id-reused' });
    expect(await sandboxOrders(sandbox)).toHaveLength(1);
  });

  it('takes charges without an id as before', async () => {
    const { h, sandbox } = await openHarness();
    const view = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD' });
    expect('chargeId' in view).toBe(false);
    await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD' });
    expect(await sandboxOrders(sandbox)).toHaveLength(2);
  });
});
