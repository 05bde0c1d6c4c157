import { describe, expect, it } from 'vitest';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { dataDir, linked, sandbox, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// The linked-customer lookups in the terminal's one status budget (status-slots.ts), counted by the budget's
// own accounting and at the sandbox's request log, never by timing: a lookup holds a slot only while its request
// is out (not while it waits behind a charge for the customer's lock, not when it sends nothing), and the
// resolver's lookups count with the rest, so the till's total stays within the setting.

setUpCustomerServiceTests();

/** An order webhook as anyone could post it to the till's receiver (it is not signed). */
async function forgeHint(url: string, orderUuid: string): Promise<void> {
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
  expect(response.status).toBe(200);
}

function webhookNotes(merchantRef: string): string[] {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
  try {
    return journal
      .eventsOf(merchantRef)
      .filter((e) => e.kind === 'webhook')
      .map((e) => e.summary);
  } finally {
    journal.close();
  }
}

interface Arrival {
  readonly at: number;
  readonly method: string;
  readonly path: string;
}

async function arrivalsSince(since: number): Promise<Arrival[]> {
  return ((await controlCall(sandbox, 'GET', `/requests?since=${since}`)).body as { requests: Arrival[] }).requests;
}

/** The most arrivals in any window of one second (sliding: one window starting at each arrival). */
function busiestSecond(arrivals: readonly Arrival[]): number {
  const stamps = arrivals.map((a) => a.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < stamps.length; i += 1) {
    while (j < stamps.length && stamps[j]! < stamps[i]! + 1_000) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('a linked-customer lookup holds a status slot only while its request is out', () => {
  it('a hint arriving while a charge holds its customer holds no slot: the screen lane gets the only one at once, and the hint is looked up after the charge', async () => {
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 60_000 });
    const { h, module, context } = await start({ hintIntervalMs: 50 });
    // One slot a second, none kept for any lane: a slot held by the hint is the slot the payment on screen needs.
    await context.settings.save({ settings: { statusRequestsPerSecond: 1 } });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(captured.providerStatus).toBe('CAPTURE_INITIATED');

    // The charge's request is slow at the provider: it holds the customer's lock meanwhile.
    await controlCall(sandbox, 'POST', '/faults', { latencyMs: 2_000, path: '/charge' });
    const since = Date.now();
    const charging = h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    await waitFor(async () =>
      (await arrivalsSince(since)).some((a) => a.method === 'POST' && a.path.endsWith('/charge')) ? true : undefined,
    );
    await forgeHint(module.orderWebhookUrl()!, captured.orderUuid!);

    expect(context.statusBudget.slotsInUse()).toBe(0);
    const screen = context.statusBudget.take('screen');
    const first = await Promise.race([
      screen.granted.then((release) => {
        release();
        return 'screen slot';
      }),
      charging.then(() => 'charge answered'),
    ]);
    expect(first).toBe('screen slot');

    expect((await charging).displayStatus).toBe('approved');
    await waitFor(() => (webhookNotes(hold.merchantRef).length > 0 ? true : undefined), 10_000);
    expect(webhookNotes(hold.merchantRef)).toEqual([
      'order webhook SUCCESS (a hint, not an outcome): the provider says the hold is CAPTURE_INITIATED',
    ]);
    // Its lookup left only once the charge was done with the customer.
    const lookups = (await arrivalsSince(since)).filter((a) => a.method === 'GET' && a.path.includes('/pre-auths/'));
    expect(lookups).toHaveLength(1);
  });

  it('a hint with nothing to look up (a charge answered, a hold already captured) takes no slot', async () => {
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 200 });
    const { h, module, context } = await start({ hintIntervalMs: 50 });
    const user = await linked(h, module);
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 1299,
      currency: 'SGD',
      useCashback: false,
    });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    // The sandbox's own webhooks: the charge's is only noted, the capture's has the hold looked up (CAPTURED).
    await waitFor(() =>
      webhookNotes(hold.merchantRef).some((s) => s.endsWith('the hold is CAPTURED')) ? true : undefined,
    );
    await waitFor(() => (webhookNotes(charge.merchantRef).length > 0 ? true : undefined));
    // That lookup's slot comes free a second after its answer.
    await waitFor(() => (context.statusBudget.slotsInUse() === 0 ? true : undefined));

    const url = module.orderWebhookUrl()!;
    await forgeHint(url, charge.orderUuid!);
    await waitFor(() => (webhookNotes(charge.merchantRef).length === 2 ? true : undefined));
    expect(webhookNotes(charge.merchantRef)[1]).toBe(
      "order webhook SUCCESS (a hint, not an outcome): the charge's outcome is its answer (APPROVED), which stands",
    );
    expect(context.statusBudget.slotsInUse()).toBe(0);

    await forgeHint(url, captured.orderUuid!);
    await waitFor(() => (webhookNotes(hold.merchantRef).at(-1)?.endsWith('nothing to look up') ? true : undefined));
    expect(context.statusBudget.slotsInUse()).toBe(0);
  });
});

describe('a lookup that keeps a person waiting for the customer goes in the person lane', () => {
  it('a hint waiting for a background slot inside the lock is moved up when the cashier charges that customer, so the charge does not wait for the background', async () => {
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 60_000 });
    const { h, module, context } = await start({ hintIntervalMs: 50 });
    // Three a second, one kept for a person: two requests of other orders that never answer fill the background.
    await context.settings.save({ settings: { statusRequestsPerSecond: 3 } });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    const held = [await context.statusBudget.acquire('background'), await context.statusBudget.acquire('background')];
    try {
      await forgeHint(module.orderWebhookUrl()!, captured.orderUuid!);
      const charging = h['customers.charge']({
        merchantUserId: user,
        amountMinor: 700,
        currency: 'SGD',
        useCashback: false,
      });
      // Without the move the charge would wait until the background had a slot again (here: never).
      const first = await Promise.race([charging.then(() => 'charged'), sleep(10_000).then(() => 'still waiting')]);
      expect(first).toBe('charged');
      expect(webhookNotes(hold.merchantRef)).toEqual([
        'order webhook SUCCESS (a hint, not an outcome): the provider says the hold is CAPTURE_INITIATED',
      ]);
      expect((await charging).displayStatus).toBe('approved');
    } finally {
      for (const release of held) release();
    }
  });
});

describe("the resolver's lookups count in the budget", () => {
  it('PENDING holds checked by GET /pre-auths, lost charges re-sent, hints and greedy in-store polls: together never more than the setting in any second', async () => {
    // Holds stay PENDING and captures CAPTURE_INITIATED; every charge answers 503, so its outcome stays unknown.
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 60_000 });
    // The resolver looks again 20 ms after each answer: without the budget, dozens of requests a second.
    const { h, module, context } = await start({
      hintIntervalMs: 50,
      resolveDelaysMs: [20],
      client: { retry: { maxAttempts: 1 } },
    });
    await context.settings.save({ settings: { statusRequestsPerSecond: 5 } });
    const payments = await createPaymentModule({
      schedule: { firstDelayMs: 10, steps: [[0, 20]] },
      webhooks: false,
      closeGraceMs: 500,
    })(context);
    try {
      const [a, b, c] = [await linked(h, module), await linked(h, module), await linked(h, module)];
      const hinted = await h['customers.placeHold']({ merchantUserId: a, amountMinor: 5000, currency: 'SGD' });
      const hintedOrder = (await h['customers.capture']({ merchantRef: hinted.merchantRef })).orderUuid!;
      // Magic amount .53: the hold answers PENDING, and the resolver asks GET /pre-auths/{id} until it settles.
      const pending = [
        await h['customers.placeHold']({ merchantUserId: a, amountMinor: 1053, currency: 'SGD' }),
        await h['customers.placeHold']({ merchantUserId: b, amountMinor: 2053, currency: 'SGD' }),
      ];
      expect(pending.map((p) => p.providerStatus)).toEqual(['PENDING', 'PENDING']);
      await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 100_000, path: '/charge' });
      for (const user of [b, c]) {
        const lost = await h['customers.charge']({
          merchantUserId: user,
          amountMinor: 700,
          currency: 'SGD',
          useCashback: false,
        });
        expect(lost.displayStatus).toBe('checking');
      }
      // Four orders that each want 50 lookups a second: the background queue is never empty.
      for (let i = 0; i < 4; i += 1)
        await payments.handlers['payments.chargeMerchantQr']({ amountMinor: 100 + i, currency: 'SGD' });

      const windowStart = Date.now();
      const hintUrl = module.orderWebhookUrl()!;
      while (Date.now() - windowStart < 6_000) {
        await forgeHint(hintUrl, hintedOrder);
        await sleep(60);
      }
      await sleep(1_000);
      const requests = await arrivalsSince(windowStart);
      const lookups = requests.filter(
        (r) =>
          (r.method === 'GET' && /\/(instore\/order|pre-auths)\/[^/]+$/.test(r.path)) ||
          (r.method === 'POST' && r.path.endsWith('/charge')),
      );
      const preAuthId = new Map((await truth('pre-auths')).map((p) => [p.merchantRef as string, p.id as string]));
      const count = (test: (r: Arrival) => boolean) => lookups.filter(test).length;
      const isLookupOf = (r: Arrival, merchantRef: string) =>
        r.path.endsWith(`/pre-auths/${preAuthId.get(merchantRef)}`);
      expect(count((r) => r.path.includes('/instore/order/'))).toBeGreaterThan(0);
      expect(count((r) => isLookupOf(r, hinted.merchantRef))).toBeGreaterThan(0);
      expect(count((r) => pending.some((p) => isLookupOf(r, p.merchantRef)))).toBeGreaterThan(0);
      expect(count((r) => r.path.endsWith('/charge'))).toBeGreaterThan(0);
      expect(busiestSecond(lookups)).toBeLessThanOrEqual(5);
    } finally {
      await payments.close();
    }
  });
});
