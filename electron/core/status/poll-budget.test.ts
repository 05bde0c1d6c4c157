import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { controlCall } from '../../sandbox/sandbox.test-helper.ts';
import { createCustomerModule } from '../customers/customer-module.ts';
import { EVERY_REQUEST_APPROVED, linked } from '../customers/customer-service.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { mintCode, openHarness, waitForDetail, type Harness } from '../payments/payment-service.test-helper.ts';
import { TEST_SUPERVISOR_PIN } from '../payments/payment-test-context.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// The request budget and its lanes, counted where it matters: at the sandbox, from its request log (when each
// status request arrived). However many orders a till watches, its status requests stay within the
// configured rate over every sliding second; a lookup a person waits for goes ahead of every background poll
// queued before it; the payment on screen is looked at ahead of the others; no order is starved; and a
// supervisor refunding back to back makes one lookup a refund, with the open orders' polls out of their way.

const STATUS_GET = /^GET \/posi-sandbox\/v1\/instore\/order\/([A-Za-z0-9-]+) → .*\((\d+) ms\)$/;

interface Arrival {
  readonly at: number;
  readonly referenceId: string;
}

/** Every order wants a lookup every 20 ms: far more than any budget, so the queue is always full. */
const GREEDY = { firstDelayMs: 10, steps: [[0, 20]] as [number, number][] };

async function openCounting(
  statusRequestsPerSecond: number | undefined,
): Promise<{ harness: Harness; gets: Arrival[] }> {
  const gets: Arrival[] = [];
  const harness = await openHarness(
    { statusRequestsPerSecond, schedule: GREEDY, webhooks: false },
    {
      log: (line) => {
        const match = STATUS_GET.exec(line);
        // Logged when answered: it arrived that many ms earlier.
        if (match) gets.push({ at: Date.now() - Number(match[2]), referenceId: match[1]! });
      },
    },
  );
  return { harness, gets };
}

async function openOrders(harness: Harness, count: number): Promise<string[]> {
  const referenceIds: string[] = [];
  for (let i = 0; i < count; i += 1)
    referenceIds.push(
      (await harness.h['payments.chargeMerchantQr']({ amountMinor: 100 + i, currency: 'SGD' })).referenceId,
    );
  return referenceIds;
}

/** The most arrivals in any window of one second, or of `windowMs` (sliding: one starting at each arrival). */
function busiestSecond(arrivals: readonly Arrival[], windowMs = 1_000): number {
  const stamps = arrivals.map((a) => a.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < stamps.length; i += 1) {
    while (j < stamps.length && stamps[j]! < stamps[i]! + windowMs) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('status polling budget per terminal', () => {
  it('8 open orders that each want 50 polls a second share the 3 requests a second set in Settings: never more in any second, and all of them are polled', async () => {
    // No budget given to the service: it reads the terminal's setting, as in the app.
    const { harness, gets } = await openCounting(undefined);
    // Set after the service started: the budget follows the setting without a restart.
    await harness.test.context.settings.save({ settings: { statusRequestsPerSecond: 3 } });
    const referenceIds = await openOrders(harness, 8);
    const windowStart = Date.now();
    await sleep(6_000);
    const seen = gets.filter((g) => g.at >= windowStart);

    expect(busiestSecond(seen)).toBeLessThanOrEqual(3);
    // Not starved either: one slot in three is kept for people, the other two are used, and every order has its turn.
    expect(seen.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seen.map((g) => g.referenceId))).toEqual(new Set(referenceIds));
  });

  it('"Check now" goes ahead of every background poll queued before it', async () => {
    const { harness, gets } = await openCounting(2);
    const referenceIds = await openOrders(harness, 12);
    await sleep(1_500);
    // The order polled last is the one a first-come queue would serve last.
    const lastPolled = [...gets].reverse().find((g) => referenceIds.includes(g.referenceId))!.referenceId;
    const askedAt = gets.length;
    await harness.h['payments.checkNow']({ referenceId: lastPolled });
    const after = gets.slice(askedAt);
    const own = after.findIndex((g) => g.referenceId === lastPolled);
    expect(own).toBeGreaterThanOrEqual(0);
    // At most one other request was already on its way when the cashier asked.
    expect(own).toBeLessThanOrEqual(1);
    expect(busiestSecond(gets)).toBeLessThanOrEqual(2);
  });

  it('the payment on the payment screen is looked at ahead of the other open orders, and they still get their turn', async () => {
    const { harness, gets } = await openCounting(5);
    const referenceIds = await openOrders(harness, 12);
    const shown = referenceIds[0]!;
    await harness.h['payments.onScreen']({ surface: 'payment', referenceId: shown, shown: true });
    const from = gets.length;
    for (let i = 0; i < 6; i += 1) {
      await sleep(500);
      // The screen repeats its signal while it shows the payment.
      await harness.h['payments.onScreen']({ surface: 'payment', referenceId: shown, shown: true });
    }
    const during = gets.slice(from);
    const forShown = during.filter((g) => g.referenceId === shown).length;
    // Twelve orders sharing fairly would give it one request in twelve; on screen it gets the screen lane's share.
    expect(forShown * 3).toBeGreaterThanOrEqual(during.length);
    expect(during.some((g) => g.referenceId !== shown)).toBe(true);
    expect(busiestSecond(gets)).toBeLessThanOrEqual(5);

    // Off the screen again: back in the queue with the others.
    await harness.h['payments.onScreen']({ surface: 'payment', referenceId: shown, shown: false });
    const offFrom = gets.length;
    await sleep(5_000);
    const off = gets.slice(offFrom);
    expect(off.filter((g) => g.referenceId === shown).length * 3).toBeLessThan(off.length);
  });
});

describe('one status budget for the whole till', () => {
  it('the linked-customer lookups order webhooks cause share the setting with the in-store polls: together never more in any second', async () => {
    // No rate given to the service: it takes the till's budget, as in the app; holds stay CAPTURE_INITIATED.
    const { harness } = await openCounting(undefined);
    await controlCall(harness.sandbox, 'POST', '/settings', { confirmDelayMs: 60_000 });
    await harness.test.context.settings.save({ settings: { statusRequestsPerSecond: 3 } });
    const customers = await createCustomerModule({
      vault: new DevelopmentFileVault(join(harness.dataDir, 'vault.development.json')),
      hintIntervalMs: 50,
    })(harness.test.context, EVERY_REQUEST_APPROVED);
    onTestFinished(() => customers.close());
    const user = await linked(customers.handlers, customers);
    const orders: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const hold = await customers.handlers['customers.placeHold']({
        merchantUserId: user,
        amountMinor: 1000 + i,
        currency: 'SGD',
      });
      orders.push((await customers.handlers['customers.capture']({ merchantRef: hold.merchantRef })).orderUuid!);
    }
    await openOrders(harness, 8);

    // Hints for every hold, far more often than the budget allows, while 8 in-store orders poll greedily.
    const webhookUrl = customers.orderWebhookUrl()!;
    const windowStart = Date.now();
    while (Date.now() - windowStart < 5_000) {
      await Promise.all(orders.map((order) => forgeOrderWebhook(webhookUrl, order)));
      await sleep(60);
    }
    await sleep(1_000);
    const { requests } = (await controlCall(harness.sandbox, 'GET', `/requests?since=${windowStart}`)).body as {
      requests: { at: number; method: string; path: string }[];
    };
    const lookups = requests.filter((r) => r.method === 'GET' && /\/(instore\/order|pre-auths)\/[^/]+$/.test(r.path));
    const holdLookups = lookups.filter((r) => r.path.includes('/pre-auths/')).length;
    expect(holdLookups).toBeGreaterThan(0);
    expect(lookups.length - holdLookups).toBeGreaterThan(0);
    expect(busiestSecond(lookups.map((r) => ({ at: r.at, referenceId: r.path })))).toBeLessThanOrEqual(3);
  });
});

/** An order webhook as anyone could post it to the till's receiver (it is not signed). */
async function forgeOrderWebhook(url: string, orderUuid: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      order_uuid: orderUuid,
      order_status: 'SUCCESS',
      order_context_token: 'x',
      webhook_url: url,
    }),
  });
  await response.arrayBuffer();
}

describe('a supervisor at the refund counter', () => {
  it('refunding back to back with orders open: one lookup a refund, within the budget, and no background poll between theirs', async () => {
    const { harness, gets } = await openCounting(5);
    const paid: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const consumerCode = await mintCode(harness.sandbox, 'approve');
      const view = await harness.h['payments.chargeCustomerQr']({
        amountMinor: 1_000 + i,
        currency: 'SGD',
        consumerCode,
      });
      await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
      paid.push(view.referenceId);
    }
    const open = await openOrders(harness, 10);
    await sleep(1_500); // the open orders' polls fill the background lane
    const from = gets.length;
    const checked = new Set<string>();
    for (const [i, referenceId] of paid.entries()) {
      const before = gets.length;
      await harness.h['payments.refund']({ referenceId, reason: 'returned', supervisorPin: TEST_SUPERVISOR_PIN });
      // The provider's total read before it was sent; the confirmed answer needs no second look.
      expect(gets.slice(before).filter((g) => g.referenceId === referenceId)).toHaveLength(1);
      const target = open[i * 3]!;
      checked.add(target);
      await harness.h['payments.checkNow']({ referenceId: target });
    }
    const during = gets.slice(from);
    expect(busiestSecond(gets)).toBeLessThanOrEqual(5);
    // Answered in the order they left (no injected latency): once the supervisor's second lookup has gone, every
    // lookup is theirs until the end of the run. (A poll already out when they started may come back first.)
    const theirs = (g: Arrival): boolean => paid.includes(g.referenceId) || checked.has(g.referenceId);
    const second = during.filter(theirs)[1]!;
    expect(during.slice(during.indexOf(second)).every(theirs)).toBe(true);
    // Paced, not five at once and then a wait for the window to slide: about one in each fifth of a second.
    expect(busiestSecond(during.filter(theirs), 500)).toBeLessThanOrEqual(3);
  });
});

describe('a supervisor refunding one payment part by part', () => {
  it('five parts with Check now between: one lookup each, within the budget, paced like a queue of payments', async () => {
    const { harness, gets } = await openCounting(5);
    const consumerCode = await mintCode(harness.sandbox, 'approve');
    const { referenceId } = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1_000,
      currency: 'SGD',
      consumerCode,
    });
    await waitForDetail(harness.h, referenceId, (d) => d.payment.displayStatus === 'paid');
    await openOrders(harness, 10);
    await sleep(1_500); // the open orders' polls fill the background lane
    const from = gets.length;
    for (let part = 0; part < 5; part += 1) {
      const before = gets.length;
      await harness.h['payments.refund']({
        referenceId,
        amountMinor: 100,
        reason: 'returned in part',
        supervisorPin: TEST_SUPERVISOR_PIN,
      });
      // The provider's total read before the part was sent, once.
      expect(gets.slice(before).filter((g) => g.referenceId === referenceId)).toHaveLength(1);
      const beforeCheck = gets.length;
      await harness.h['payments.checkNow']({ referenceId });
      expect(gets.slice(beforeCheck).filter((g) => g.referenceId === referenceId)).toHaveLength(1);
    }
    const detail = await harness.h['payments.get']({ referenceId });
    expect(detail.payment.refunded.amountMinor).toBe(500);
    const theirs = gets.slice(from).filter((g) => g.referenceId === referenceId);
    expect(theirs).toHaveLength(10);
    expect(busiestSecond(gets)).toBeLessThanOrEqual(5);
    // Never five at once and then a wait for the window to slide: about one in each fifth of a second, as when
    // the supervisor refunds a queue of different payments (the same order again is a new question once the
    // till has refunded part of it).
    expect(busiestSecond(theirs, 500)).toBeLessThanOrEqual(3);
  });
});
