import { describe, expect, it } from 'vitest';
import type { Timers } from '../timers.ts';
import { openHarness, sandboxOrders, setFaults, waitForDetail } from './payment-service.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// The provider stops answering (every call a 503) while a cashier waits on a sale. Two promises to the cashier:
// the till looks again at least once a second while they watch (so the sale moves on within ~2 s of the
// provider coming back, not after a 10 s backoff), and "Cancel this attempt" works while the outcome is still
// unknown — written ahead, sent to whatever the provider turns out to have.

/** The production backoff (doubling from 0.5 s to 10 s); the fault outlasts enough lookups to reach its top. */
const PRODUCTION_BACKOFF = { checkDelays: { baseMs: 500, maxMs: 10_000 } };

function recordingTimers(): { timers: Timers; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    timers: {
      setTimeout: (callback, ms) => {
        waits.push(ms);
        return setTimeout(callback, ms);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  };
}

describe('provider outage while the cashier watches', () => {
  it('looks again at least once a second during the outage, and shows the QR soon after the provider is back', async () => {
    const { timers, waits } = recordingTimers();
    const harness = await openHarness({ ...PRODUCTION_BACKOFF, timers });
    await setFaults(harness.sandbox, { fail5xxNext: 100_000 });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1700, currency: 'SGD' });
    expect(view.displayStatus).toBe('checking');
    // Long enough for the doubling backoff (0.5, 1, 2, 4 s…) to pass the cap several times over.
    await sleep(3_000);
    const during = [...waits];
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...during)).toBeLessThanOrEqual(1_000);

    await setFaults(harness.sandbox, { fail5xxNext: 0 });
    const active = await waitForDetail(harness.h, view.referenceId, (d) => d.payment.qrPayload !== null, 5_000);
    expect(active.payment.displayStatus).toBe('waiting');
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(1);
  });

  it('"Cancel this attempt" while checking: recorded at once, and nothing stays open at the provider', async () => {
    const harness = await openHarness(PRODUCTION_BACKOFF);
    await setFaults(harness.sandbox, { fail5xxNext: 100_000 });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1800, currency: 'SGD' });
    expect(view).toMatchObject({ displayStatus: 'checking', canCancel: true });

    const cancelling = await harness.h['payments.cancel']({ referenceId: view.referenceId });
    expect(cancelling).toMatchObject({ displayStatus: 'checking', canCancel: false, cancelRequested: true });
    // A second tap changes nothing.
    expect(await harness.h['payments.cancel']({ referenceId: view.referenceId })).toMatchObject({
      cancelRequested: true,
    });

    await setFaults(harness.sandbox, { fail5xxNext: 0 });
    const settled = await waitForDetail(
      harness.h,
      view.referenceId,
      (d) => d.payment.state === 'final' || d.payment.state === 'not-sent',
      10_000,
    );
    expect(['cancelled', 'not-sent']).toContain(settled.payment.displayStatus);
    const open = (await sandboxOrders(harness.sandbox)).filter(
      (order) => order.status === 'CREATED' || order.status === 'PENDING',
    );
    expect(open).toEqual([]);
  });
});
