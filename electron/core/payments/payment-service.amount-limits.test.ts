import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../sandbox/server.ts';
import { caught } from '../../testing/helpers.ts';
import { openHarness, sandboxOrders } from './payment-service.test-helper.ts';

// The provider's per-merchant amount limits (published texts, wire-details §2.5), seen from the till.

describe('provider amount limits', () => {
  it("a refusal names the limit in the cashier's words; an amount it rules out is refused at once, unsent and unrecorded", async () => {
    const harness = await openHarness(
      {},
      { merchants: [{ ...DEMO_MERCHANT, minAmountMinor: 100, maxAmountMinor: 50_000 }] },
    );
    const charge = (amountMinor: number) => harness.h['payments.chargeMerchantQr']({ amountMinor, currency: 'SGD' });

    const above = await caught(charge(60_000));
    expect(above.code).toBe('amount.above-provider-maximum');
    expect(above.details).toMatchObject({
      providerMessage: 'Amount has exceeded maximum amount.',
      outcomeUnknown: false,
    });
    const below = await caught(charge(50));
    expect(below.code).toBe('amount.below-provider-minimum');
    const recorded = (await harness.h['payments.history']({})).items.length;
    expect(recorded).toBe(2);

    // Ruled out by those refusals: no request, no journal record.
    expect((await caught(charge(70_000))).details).toMatchObject({ refusedMinor: 60_000, attempts: 0 });
    expect((await caught(charge(40))).code).toBe('amount.below-provider-minimum');
    expect((await harness.h['payments.history']({})).items).toHaveLength(recorded);

    // Inside them, charging goes on as usual.
    const sale = await charge(40_000);
    expect(sale.state).toBe('active');
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(1);
  });
});
