import { describe, expect, it } from 'vitest';
import type { Timers } from '../timers.ts';
import { control, openHarness, waitForDetail } from './payment-service.test-helper.ts';

// A verified in-store notification short-circuits the wait: in demo mode the service listens on loopback and
// passes that URL as webhookUrl, the sandbox pushes each status change, and the order's worker looks at once
// instead of at its next scheduled poll. Asserted by ordering (which came first: the paid status or the
// scheduled poll), not by a wall-clock threshold; the second test is the control that shows the measurement
// can fail.

interface TimerEntry {
  readonly ms: number;
  readonly dueAt: number;
  firedAt: number | null;
  cleared: boolean;
}

/** Real timers that remember every sleep the workers scheduled and whether it ran out or was cut short. */
function recordingTimers(): { timers: Timers; log: TimerEntry[] } {
  const log: TimerEntry[] = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const entry: TimerEntry = { ms, dueAt: Date.now() + ms, firedAt: null, cleared: false };
      log.push(entry);
      const handle = setTimeout(() => {
        entry.firedAt = Date.now();
        callback();
      }, ms);
      return { handle, entry };
    },
    clearTimeout(value) {
      const { handle, entry } = value as { handle: ReturnType<typeof setTimeout>; entry: TimerEntry };
      clearTimeout(handle);
      entry.cleared = true;
    },
  };
  return { timers, log };
}

async function payByConsumer(
  harness: Awaited<ReturnType<typeof openHarness>>,
): Promise<{ referenceId: string; paidAt: number }> {
  const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 2300, currency: 'SGD' });
  await control(harness.sandbox, 'POST', '/consumer/scan', { qrPayload: view.qrPayload });
  await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'scanned', 15_000);
  await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
  await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid', 15_000);
  const index = harness.test.payments.findIndex(
    (v) => v.referenceId === view.referenceId && v.displayStatus === 'paid',
  );
  return { referenceId: view.referenceId, paidAt: harness.test.paymentTimes[index]! };
}

describe('webhook short-circuit', () => {
  it('with the listener (demo), paid is seen before the next scheduled poll would have run', async () => {
    const { timers, log } = recordingTimers();
    // Polls 5 s apart: far longer than the consumer takes here.
    const harness = await openHarness({ timers, schedule: { firstDelayMs: 5_000, steps: [[0, 5_000]] } });
    const { referenceId, paidAt } = await payByConsumer(harness);

    const pollsDue = log.map((entry) => entry.dueAt);
    expect(pollsDue.length).toBeGreaterThan(0);
    // No scheduled poll ran before paid was seen: every sleep was cut short by a notification.
    expect(log.filter((entry) => entry.firedAt !== null && entry.firedAt <= paidAt)).toEqual([]);
    expect(paidAt).toBeLessThan(Math.min(...pollsDue));
    // Each step came from a notification, and the sandbox's deliveries to our listener were accepted.
    const events = (await harness.h['payments.get']({ referenceId })).events.map((e) => e.notice);
    expect(events).toContainEqual({ key: 'event.status', params: { status: 'PENDING', trigger: 'webhook' } });
    expect(events).toContainEqual({ key: 'event.status', params: { status: 'CAPTURED', trigger: 'webhook' } });
    const deliveries = (await control(harness.sandbox, 'GET', '/webhooks')).deliveries as Array<{
      label: string;
      state: string;
    }>;
    expect(deliveries.filter((d) => d.label.startsWith(referenceId)).map((d) => d.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('control: without the listener, paid is only seen once a scheduled poll has run', async () => {
    const { timers, log } = recordingTimers();
    const harness = await openHarness({ timers, webhooks: false, schedule: { firstDelayMs: 700, steps: [[0, 700]] } });
    const { referenceId, paidAt } = await payByConsumer(harness);
    expect(log.filter((entry) => entry.firedAt !== null && entry.firedAt <= paidAt).length).toBeGreaterThan(0);
    const events = (await harness.h['payments.get']({ referenceId })).events.map((e) => e.notice);
    expect(events).toContainEqual({ key: 'event.status', params: { status: 'CAPTURED', trigger: 'poll' } });
    const [order] = (await control(harness.sandbox, 'GET', '/orders')).orders as Array<{ webhookUrl: string | null }>;
    expect(order!.webhookUrl).toBeNull();
  });
});
