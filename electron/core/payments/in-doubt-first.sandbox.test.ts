import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { money } from '../../../shared/money.ts';
import { DEMO_CREDENTIALS, startSandbox } from '../../sandbox/server.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { journalFileIn, openJournal } from './journal/index.ts';
import { createPaymentModule, type PaymentServiceOptions } from './payment-service.ts';
import { control, FAST, waitForDetail } from './payment-service.test-helper.ts';
import { openTestContext } from './payment-test-context.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// After a crash storm the journal holds many open orders and a few payments in doubt. The payments in doubt are
// looked up first (the screen lane), then the open orders by their QR's expiry, the longest expired first; the
// orders still payable come last. Seen at the sandbox: the order of each reference's first status lookup.

const STATUS_GET = /\/instore\/order\/([A-Za-z0-9-]+)$/;

/** A sandbox, a data folder and the till's context on them, all gone when the test ends. */
async function openTill(seed: number) {
  const sandbox = await startSandbox({ confirmDelayMs: 100, seed });
  const dataDir = tempFolder('payments-in-doubt-');
  const test = await openTestContext({ dataDir, sandbox });
  onTestFinished(async () => {
    await test.close();
    await sandbox.close();
    removeFolder(dataDir);
  });
  /** The service on that journal, closed when the test ends. */
  const start = async (options: PaymentServiceOptions) => {
    const module = await createPaymentModule(options)(test.context);
    onTestFinished(() => module.close());
    return module;
  };
  /** A first life of the till that leaves `count` open orders at the provider. */
  const openOrders = async (count: number): Promise<string[]> => {
    const first = await createPaymentModule(FAST)(test.context);
    const open: string[] = [];
    for (let i = 0; i < count; i += 1)
      open.push(
        (await first.handlers['payments.chargeMerchantQr']({ amountMinor: 1_005 + i, currency: 'SGD' })).referenceId,
      );
    await first.close();
    return open;
  };
  /** A create the dead process wrote just before sending it (at `writtenAt`, default now). */
  const inDoubt = (writtenAt = Date.now()): string => {
    const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC', now: () => writtenAt });
    const referenceId = journal.newReferenceId('TILL-01');
    journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: money(900, 'SGD'),
      posId: DEMO_CREDENTIALS.posId,
      idempotencyKey: randomUUID(),
    });
    journal.close();
    return referenceId;
  };
  /** The references of the status lookups the sandbox received since `since`, in order. */
  const lookups = async (since: number): Promise<(string | null)[]> => {
    const { requests } = (await control(sandbox, 'GET', `/requests?since=${since}`)) as {
      requests: { method: string; path: string }[];
    };
    return requests.map((request) => (request.method === 'GET' ? (STATUS_GET.exec(request.path)?.[1] ?? null) : null));
  };
  return { dataDir, start, openOrders, inDoubt, lookups };
}

describe('recovery after a restart: payments in doubt first, then open orders by expiry', () => {
  it('looks up the payments in doubt before any open order, and expired orders before payable ones', async () => {
    const till = await openTill(5);
    const open = await till.openOrders(6);
    // What the storm left: three of them long expired (in another order than they were made), three payable,
    // and, written last, three creates the till died sending.
    const journal = openJournal({ filePath: journalFileIn(till.dataDir), timeZone: 'UTC' });
    const now = Date.now();
    const expiries = [now - 60_000, now + 240_000, now - 180_000, now + 120_000, now - 120_000, now + 200_000];
    open.forEach((referenceId, i) => journal.updateAttempt(referenceId, { expiresAt: expiries[i]! }));
    journal.close();
    const inDoubt = [till.inDoubt(), till.inDoubt(), till.inDoubt()];

    // A slow budget, so the order of the lookups is the order they were asked in.
    const restartedAt = Date.now();
    await till.start({ ...FAST, statusRequestsPerSecond: 3 });
    const firstLookups = await waitFor(async () => {
      const seen: string[] = [];
      for (const referenceId of await till.lookups(restartedAt))
        if (referenceId && !seen.includes(referenceId)) seen.push(referenceId);
      return seen.length >= 9 ? seen : undefined;
    }, 20_000);

    expect(new Set(firstLookups.slice(0, 3))).toEqual(new Set(inDoubt));
    // Longest expired first (180 s, 120 s, 60 s ago), then the payable ones by when they expire.
    expect(firstLookups.slice(3)).toEqual([open[2], open[4], open[0], open[3], open[5], open[1]]);
  });

  it('a create written before the dead process could have stopped sending it is settled by its first "not found"', async () => {
    const till = await openTill(6);
    // Left by a crash two minutes ago (the storm's first kill), and by the crash just now.
    const longAgo = till.inDoubt(Date.now() - 120_000);
    const justNow = till.inDoubt();
    // A long settle time (as the app's 35 s), and the client's attempts in FAST: 2 × (200 + 300) ms + 40 ms.
    const module = await till.start({ ...FAST, settleMs: 30_000 });
    const settled = await waitForDetail(
      module.handlers,
      longAgo,
      (detail) => !['sending', 'checking'].includes(detail.payment.state),
      5_000,
    );
    expect(settled.payment.state).toBe('not-sent');
    // The one written just now may still be on its way: not settled before the settle time, whatever lookups say.
    const pending = await module.handlers['payments.get']({ referenceId: justNow });
    expect(['sending', 'checking']).toContain(pending.payment.state);
  });

  it('the lookup that decides a payment in doubt goes ahead of the open orders waiting for theirs', async () => {
    const till = await openTill(7);
    const open = await till.openOrders(30);
    const inDoubt = till.inDoubt();
    // Its first lookup says "not found", which proves nothing for the settle time (1.5 s); the one after it does.
    const restartedAt = Date.now();
    const second = await till.start({ ...FAST, statusRequestsPerSecond: 3 });
    await waitForDetail(second.handlers, inDoubt, (detail) => detail.payment.state === 'not-sent', 20_000);
    const lookedUp = await till.lookups(restartedAt);
    const decided = lookedUp.lastIndexOf(inDoubt);
    const openBefore = new Set(lookedUp.slice(0, decided).filter((reference) => reference && open.includes(reference)));
    // Not behind the 30 open orders' first lookups (the budget serves them 2 a second).
    expect(openBefore.size).toBeLessThan(15);
  });
});
