import { describe, expect, it } from 'vitest';
import { openHarness } from './payment-service.test-helper.ts';

// The request budget: however many orders a till watches (or recovers after a crash), its status requests
// to the provider stay within the configured rate for that terminal, and every order still gets its turn.
// Counted where it matters: at the sandbox, from its request log.

const STATUS_GET = /^GET \/posi-sandbox\/v1\/instore\/order\/([A-Za-z0-9-]+) → /;

describe('status polling budget per terminal', () => {
  it('8 open orders that each want 50 polls a second share the 3 requests a second set in Settings, and all of them are polled', async () => {
    const gets: Array<{ at: number; referenceId: string }> = [];
    const harness = await openHarness(
      // No budget given to the service: it reads the terminal's setting, as in the app.
      { statusRequestsPerSecond: undefined, schedule: { firstDelayMs: 10, steps: [[0, 20]] }, webhooks: false },
      {
        log: (line) => {
          const match = STATUS_GET.exec(line);
          if (match) gets.push({ at: Date.now(), referenceId: match[1]! });
        },
      },
    );
    // Set after the service started: the budget follows the setting without a restart.
    await harness.test.context.settings.save({ settings: { statusRequestsPerSecond: 3 } });
    const referenceIds: string[] = [];
    for (let i = 0; i < 8; i += 1) referenceIds.push((await harness.h['payments.chargeMerchantQr']({ amountMinor: 100 + i, currency: 'SGD' })).referenceId);
    const windowStart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const seen = gets.filter((g) => g.at >= windowStart);

    // Token bucket (3/s, burst 3): any 1 s window holds at most burst + rate requests.
    for (const first of seen) {
      const inWindow = seen.filter((g) => g.at >= first.at && g.at < first.at + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(6);
    }
    expect(seen.length).toBeLessThanOrEqual(3 * 3 + 3 + 1);
    // Not starved either: the budget is used, and served in turn (every order polled).
    expect(seen.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seen.map((g) => g.referenceId))).toEqual(new Set(referenceIds));
  });
});
