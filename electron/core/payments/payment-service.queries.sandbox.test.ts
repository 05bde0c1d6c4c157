import { describe, expect, it } from 'vitest';
import { isSettled, mintCode, openHarness, waitForDetail } from './payment-service.test-helper.ts';
import { caught } from '../../testing/helpers.ts';

// What the payment service answers from its journal, end to end against the embedded sandbox: history, day
// summary, CSV, the unresolved list, check now, and a payment neither here nor at the provider.

describe('queries', () => {
  it('history, day summary, CSV, unresolved list and check now', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    const paid = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1500,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, paid.referenceId, isSettled);
    const open = await harness.h['payments.chargeMerchantQr']({ amountMinor: 400, currency: 'SGD' });

    const page = await harness.h['payments.history']({ limit: 10 });
    expect(page.items.map((v) => v.referenceId)).toEqual([open.referenceId, paid.referenceId]);
    const day = paid.createdAt.slice(0, 10);
    const today = (await harness.h['payments.history']({ search: paid.referenceId })).items;
    expect(today).toHaveLength(1);

    const summary = await harness.h['payments.summary']({ day });
    expect(summary.currency).toBe('SGD');
    expect(summary.paid).toEqual({ count: 1, total: { amountMinor: 1500, currency: 'SGD' } });

    const csv = await harness.h['payments.exportCsv']({ day });
    expect(csv.csv).toContain(paid.referenceId);

    expect(await harness.h['payments.unresolved']({})).toEqual([]);
    const checked = await harness.h['payments.checkNow']({ referenceId: open.referenceId });
    expect(checked).toMatchObject({ referenceId: open.referenceId, displayStatus: 'waiting' });
    expect(harness.module.counts()).toEqual({ pendingCount: 1, unresolvedCount: 0 });
    // Neither here nor at the provider (any terminal's payment would be looked up there).
    const missing = await caught(harness.h['payments.get']({ referenceId: 'TILL-01-20990101-XXXXXXXX' }));
    expect(missing.code).toBe('order.not-found');
  });
});
