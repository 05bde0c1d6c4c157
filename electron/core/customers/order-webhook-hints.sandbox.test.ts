import { afterEach, describe, expect, it } from 'vitest';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { dataDir, linked, sandbox, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// The order-outcome webhook is not signed, so anyone who can reach the receiver can forge one. Each attack a
// security review made is reproduced here over real sockets (a forged delivery posted to the till's own
// receiver, next to the embedded sandbox's real ones) and must change nothing the provider did not say:
// a webhook is only a hint to look the order up.

setUpCustomerServiceTests();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

async function forge(url: string, orderUuid: string, orderStatus: string): Promise<number> {
  const body = JSON.stringify({
    order_uuid: orderUuid,
    order_status: orderStatus,
    order_context_token: 'forged',
    cart_id: null,
    webhook_url: url,
  });
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  await response.arrayBuffer();
  return response.status;
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

function journalRow(merchantRef: string) {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
  try {
    return journal.getAttempt(merchantRef);
  } finally {
    journal.close();
  }
}

describe('order webhooks are hints, never outcomes', () => {
  it('a forged FAILED for an approved charge is not recorded, and the real SUCCESS after it is not ignored', async () => {
    // The processor confirms after 400 ms: the forgery lands first, as an attacker racing the provider would.
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 400 });
    const { h, module } = await start({ hintIntervalMs: 50 });
    const user = await linked(h, module);
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 1299,
      currency: 'SGD',
      useCashback: false,
    });
    expect(charge.displayStatus).toBe('approved');

    expect(await forge(module.orderWebhookUrl()!, charge.orderUuid!, 'FAILED')).toBe(200);
    await waitFor(() =>
      webhookNotes(charge.merchantRef).some((s) => s.startsWith('order webhook FAILED')) ? true : undefined,
    );
    // The sandbox's real SUCCESS arrives after it and is noted too (not dropped as "later").
    await waitFor(() =>
      webhookNotes(charge.merchantRef).some((s) => s.startsWith('order webhook SUCCESS')) ? true : undefined,
    );

    const after = (await h['customers.find']({ merchantUserId: user })).charges[0]!;
    expect(after).toMatchObject({ displayStatus: 'approved', orderOutcome: null });
    expect(webhookNotes(charge.merchantRef)).toEqual([
      "order webhook FAILED (a hint, not an outcome): the charge's outcome is its answer (APPROVED), which stands",
      "order webhook SUCCESS (a hint, not an outcome): the charge's outcome is its answer (APPROVED), which stands",
    ]);
  });

  it('a forged SUCCESS does not move a hold to CAPTURED while the provider says CAPTURE_INITIATED; the real one is confirmed by GET /pre-auths', async () => {
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 3_000 });
    const { h, module } = await start({ hintIntervalMs: 50 });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(captured.providerStatus).toBe('CAPTURE_INITIATED');

    expect(await forge(module.orderWebhookUrl()!, captured.orderUuid!, 'SUCCESS')).toBe(200);
    await waitFor(() => (webhookNotes(hold.merchantRef).length > 0 ? true : undefined));
    expect(webhookNotes(hold.merchantRef)).toEqual([
      'order webhook SUCCESS (a hint, not an outcome): the provider says the hold is CAPTURE_INITIATED',
    ]);
    expect((await truth('pre-auths'))[0]).toMatchObject({ status: 'CAPTURE_INITIATED' });
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]).toMatchObject({
      providerStatus: 'CAPTURE_INITIATED',
    });
    expect(journalRow(hold.merchantRef)).toMatchObject({ providerStatus: 'CAPTURE_INITIATED', orderOutcome: null });

    // The processor confirms; its webhook has the till ask, and the provider's record moves the hold. (Only the
    // journal is watched meanwhile: opening the customer would refresh the hold by itself.)
    await waitFor(() => (webhookNotes(hold.merchantRef).length === 2 ? true : undefined), 10_000);
    expect(webhookNotes(hold.merchantRef)[1]).toBe(
      'order webhook SUCCESS (a hint, not an outcome): the provider says the hold is CAPTURED',
    );
    // The order outcome kept is the provider record's own (orderStatus), not the webhook's word.
    expect(journalRow(hold.merchantRef)).toMatchObject({ providerStatus: 'CAPTURED', orderOutcome: 'SUCCESS' });
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]).toMatchObject({
      providerStatus: 'CAPTURED',
    });
  });

  it('a flood of 300 hints for one order costs one lookup per interval, not one per hint', async () => {
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 60_000 });
    // Every GET /pre-auths/{id} the till sends, counted at its own fetch (read when the core starts).
    let lookups = 0;
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if ((init?.method ?? 'GET') === 'GET' && /\/pre-auths\/[^/]+$/.test(new URL(url).pathname)) lookups += 1;
      return realFetch(input, init);
    };
    const { h, module } = await start({ hintIntervalMs: 1_000 });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    lookups = 0;

    const url = module.orderWebhookUrl()!;
    const floodStarted = Date.now();
    const statuses = await Promise.all(Array.from({ length: 300 }, () => forge(url, captured.orderUuid!, 'SUCCESS')));
    const floodMs = Date.now() - floodStarted;
    expect(statuses.every((s) => s === 200)).toBe(true);
    await sleep(2_200);
    // One lookup at the first hint, then at most one per interval the flood lasted (a loaded machine may take
    // more than a second to deliver 300 requests), and the trailing one: never one per hint.
    const allowed = 2 + Math.floor(floodMs / 1_000);
    expect(lookups).toBeGreaterThanOrEqual(1);
    expect(lookups).toBeLessThanOrEqual(allowed);
    expect(webhookNotes(hold.merchantRef).length).toBe(lookups);
    expect((await truth('pre-auths'))[0]).toMatchObject({ status: 'CAPTURE_INITIATED' });
  });
});

describe("the live online API's webhook shape (SUCCESS | ERROR, webhook_url only on success, payment_type)", () => {
  it("a SUCCESS hint has the capture confirmed; an ERROR hint for a rejected capture is known as that hold's and changes nothing", async () => {
    await controlCall(sandbox, 'POST', '/settings', { orderWebhookShape: 'live', confirmDelayMs: 300 });
    const { h, module } = await start({ hintIntervalMs: 50 });
    const user = await linked(h, module);

    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    await h['customers.capture']({ merchantRef: hold.merchantRef });
    await waitFor(() => (webhookNotes(hold.merchantRef).length > 0 ? true : undefined), 10_000);
    expect(webhookNotes(hold.merchantRef)[0]).toBe(
      'order webhook SUCCESS (a hint, not an outcome): the provider says the hold is CAPTURED',
    );
    expect(journalRow(hold.merchantRef)).toMatchObject({ providerStatus: 'CAPTURED', orderOutcome: 'SUCCESS' });

    // Magic amount .56: authorised, but the capture is answered REJECTED and the order's webhook is ERROR.
    const refused = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1056, currency: 'SGD' });
    await h['customers.capture']({ merchantRef: refused.merchantRef }).catch(() => undefined);
    await waitFor(() => (webhookNotes(refused.merchantRef).length > 0 ? true : undefined), 10_000);
    expect(webhookNotes(refused.merchantRef)[0]).toMatch(/^order webhook ERROR/);
    expect(journalRow(refused.merchantRef)).toMatchObject({ providerStatus: 'AUTHORIZED' });
    const deliveries = (await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as { body: string }[];
    expect(deliveries.map((d) => JSON.parse(d.body) as Record<string, unknown>)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_status: 'ERROR', failure_code: 'INSUFFICIENT_FUNDS', payment_type: 'PAY' }),
      ]),
    );
  });
});
