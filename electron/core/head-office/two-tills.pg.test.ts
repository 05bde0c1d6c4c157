import { createServer, Socket, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadOfficeStatus } from '../../../shared/head-office.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { opened, closeOpenedCores, paidPayment } from '../core.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { caught, sleep, tempFolder } from '../../testing/helpers.ts';
import { usePostgres } from '../../testing/postgres.ts';

// Issue 34's "Done when", the till's side: two tills of one shop (two cores on two data folders, the embedded
// sandbox) and one real PostgreSQL. Between the tills and PostgreSQL a plain TCP relay on real sockets stands for
// the network: stopping it is the head office going down for the tills (every connection cut, new ones refused).

const postgres = usePostgres();
afterEach(closeOpenedCores);

const SHOP = 'shop-1';

interface Relay {
  readonly url: string;
  up(): Promise<void>;
  down(): Promise<void>;
}

async function relayTo(targetUrl: string): Promise<Relay> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const up = async (): Promise<void> => {
    server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  await up();
  const url = new URL(targetUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    up,
    down: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

async function openTill(): Promise<Core> {
  const dir = tempFolder('till-');
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    headOffice: { heartbeatMs: 200, retry: { firstMs: 50, maxMs: 200 } },
  });
  opened.push({ core, dir });
  return core;
}

async function connect(core: Core, url: string): Promise<void> {
  await core.handlers['settings.save']({
    settings: { headOffice: { enabled: true, shopId: SHOP } },
    secrets: { headOfficeUrl: url },
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const status = (core: Core): Promise<HeadOfficeStatus> => core.handlers['headOffice.status']({});
const allSent = async (core: Core): Promise<boolean> => {
  const now = await status(core);
  return now.state === 'connected' && now.pendingEvents === 0;
};
const tillIdOf = async (core: Core): Promise<string> => (await core.handlers['headOffice.identity']({})).tillId;

/** The events the head office holds for a till: their seqs, in order. */
async function seqsOf(tillId: string): Promise<number[]> {
  const rows = await postgres.server.query(
    `select seq from wallet_pos.events where till_id = '${tillId}' order by seq`,
    new URL(postgres.url).pathname.slice(1),
  );
  return rows.map((row) => Number(row['seq']));
}

async function paymentsOf(tillId: string): Promise<string[]> {
  const rows = await postgres.server.query(
    `select reference_id from wallet_pos.payments where till_id = '${tillId}' and status = 'CAPTURED' order by 1`,
    new URL(postgres.url).pathname.slice(1),
  );
  return rows.map((row) => String(row['reference_id']));
}

const oneToN = (seqs: readonly number[]): number[] => seqs.map((_, index) => index + 1);

describe('two tills of one shop and one PostgreSQL (issue 34)', () => {
  it('sales on both arrive exactly once, and shop.day adds up to the tills’ own day summaries', async () => {
    const relay = await relayTo(postgres.url);
    const [a, b] = [await openTill(), await openTill()];
    await connect(a, relay.url);
    await connect(b, relay.url);
    const sold = { a: [await paidPayment(a), await paidPayment(a)], b: [await paidPayment(b)] };
    await until('both tills sent everything', async () => (await allSent(a)) && (await allSent(b)));

    const [idA, idB] = [await tillIdOf(a), await tillIdOf(b)];
    expect(idA).not.toBe(idB);
    expect(await paymentsOf(idA)).toEqual([...sold.a].sort());
    expect(await paymentsOf(idB)).toEqual(sold.b);
    for (const id of [idA, idB]) {
      const seqs = await seqsOf(id);
      expect(seqs).toEqual(oneToN(seqs));
    }

    const day = (await a.handlers['payments.summary']({ day: todayOf() })).day;
    const own = [await a.handlers['payments.summary']({ day }), await b.handlers['payments.summary']({ day })];
    const shop = await a.handlers['shop.day']({ day });
    expect(shop.tills.map((till) => till.reported)).toEqual([true, true]);
    expect(shop.totals.netMinor).toBe(own[0]!.net.amountMinor + own[1]!.net.amountMinor);
    expect(shop.totals.payments).toBe(own[0]!.paid.count + own[1]!.paid.count);
    expect(shop.tills.find((till) => till.tillId === idB)?.netMinor).toBe(own[1]!.net.amountMinor);
    await relay.down();
  }, 120_000);

  it('down at start, down in the middle of the day, back again: no row lost or doubled, no sale waits', async () => {
    const relay = await relayTo(postgres.url);
    await relay.down();
    const a = await openTill();
    await connect(a, relay.url);
    const sold: string[] = [];
    // Down from the start: the sale is paid all the same, and waits in the outbox.
    sold.push(await paidPayment(a));
    await until('the till to see the head office down', async () => (await status(a)).state === 'failing');
    expect((await status(a)).problem).toBe('unreachable');
    expect((await status(a)).pendingEvents).toBeGreaterThan(0);

    await relay.up();
    await until('the till to catch up', () => allSent(a));
    const id = await tillIdOf(a);
    expect(await paymentsOf(id)).toEqual(sold);

    // Down in the middle of the day, with a connection the till already had.
    await relay.down();
    sold.push(await paidPayment(a), await paidPayment(a));
    await until('the till to see the head office down', async () => (await status(a)).state === 'failing');
    const waiting = (await status(a)).pendingEvents;
    expect(waiting).toBeGreaterThan(0);
    expect(await paymentsOf(id)).toHaveLength(1);

    await relay.up();
    await until('the till to catch up', () => allSent(a));
    expect(await paymentsOf(id)).toEqual([...sold].sort());
    const seqs = await seqsOf(id);
    expect(seqs).toEqual(oneToN(seqs));
    await relay.down();
  }, 120_000);

  it('a person saved at one till signs in at the other within 10 s (the shop roster, wired in the core)', async () => {
    const [a, b] = [await openTill(), await openTill()];
    await connect(a, postgres.url);
    await connect(b, postgres.url);
    // Staff protect nothing until an admin PIN is set; then the admin's window opens for the save.
    await a.handlers['settings.save']({ secrets: { adminPin: '8642' } });
    await a.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' });
    const { id } = await a.handlers['staff.save']({ name: 'Ann Lee', role: 'cashier', pin: '2468' });
    const saved = Date.now();
    // Asked by listing, not by PIN: wrong PINs in a row would lock the till's sign-in.
    await until(
      'the person to reach the other till',
      async () => (await b.handlers['staff.list']({})).staff.some((person) => person.id === id),
      10_000,
    );
    expect((await b.handlers['session.signIn']({ pin: '2468' })).staff.id).toBe(id);
    expect(Date.now() - saved).toBeLessThan(10_000);
  }, 120_000);

  it('the heartbeat tells the head office the head of the till’s audit chain', async () => {
    const a = await openTill();
    await connect(a, postgres.url);
    await paidPayment(a);
    const { head } = await a.handlers['auditChain.info']({});
    expect(head.entries).toBeGreaterThan(0);
    const id = await tillIdOf(a);
    await until('the head office to hold the head', async () => {
      const rows = await postgres.server.query(
        `select hash from wallet_pos.chain_heads where till_id = '${id}' and entries = ${head.entries}`,
        new URL(postgres.url).pathname.slice(1),
      );
      return rows.length === 1 && rows[0]!['hash'] === head.hash;
    });
  }, 120_000);

  it('payments.find at one till finds the other till’s payment by order id and by who took it, not refundable here', async () => {
    const [a, b] = [await openTill(), await openTill()];
    await connect(a, postgres.url);
    await connect(b, postgres.url);
    await b.handlers['settings.save']({ settings: { terminalReference: 'TILL-02' } });
    await a.handlers['settings.save']({ secrets: { adminPin: '8642' } });
    await a.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' });
    const { id } = await a.handlers['staff.save']({ name: 'Ann Lee', role: 'cashier', pin: '2468' });
    await until('the person to reach the other till', async () =>
      (await b.handlers['staff.list']({})).staff.some((person) => person.id === id),
    );
    await b.handlers['session.signIn']({ pin: '2468' });
    const referenceId = await paidPayment(b);
    const { payment } = await b.handlers['payments.get']({ referenceId });
    await until('the other till to send its payment', () => allSent(b));

    const seen = {
      tillId: await tillIdOf(b),
      terminalReference: 'TILL-02',
    };
    const byOrder = await a.handlers['payments.find']({ providerOrderId: payment.providerOrderId!.toLowerCase() });
    expect(byOrder.items.map((item) => [item.referenceId, item.atOtherTill, item.posId, item.canRefund])).toEqual([
      [referenceId, seen, 'TILL-02', false],
    ]);
    expect(byOrder.items[0]!.amount).toEqual(payment.amount);
    const byPerson = await a.handlers['payments.find']({ takenBy: id, day: todayOf() });
    expect(byPerson.items.map((item) => [item.referenceId, item.takenBy?.name])).toEqual([[referenceId, 'Ann Lee']]);
    // B's own find is its journal's, without a copy of itself from the head office.
    const atB = await b.handlers['payments.find']({ providerOrderId: payment.providerOrderId! });
    expect(atB.items.map((item) => [item.referenceId, item.atOtherTill])).toEqual([[referenceId, undefined]]);

    // The attack: the reference read off A's list, refunded at A through the contract as "another terminal's
    // payment" (no receipt, no approver). The core refuses it as the screen does, and the provider keeps it whole.
    const refused = await caught(a.handlers['payments.refund']({ referenceId, reason: 'customer asked' }));
    expect([refused.code, refused.details?.['till']]).toEqual(['order.not-refundable', 'TILL-02']);
    expect((await b.handlers['payments.get']({ referenceId })).payment.refunded.amountMinor).toBe(0);
  }, 120_000);

  it('a stopped till shows offline to the others', async () => {
    const [a, b] = [await openTill(), await openTill()];
    await connect(a, postgres.url);
    await connect(b, postgres.url);
    await until('both tills heard', async () => (await a.handlers['shop.tills']({})).tills.length === 2);
    const idB = await tillIdOf(b);
    const closing = opened.splice(
      opened.findIndex((entry) => entry.core === b),
      1,
    );
    await b.close();
    // The head office counts a till online for 90 s after it last heard from it: that time passes here.
    await postgres.server.query(
      `update wallet_pos.tills set last_seen_at = now() - interval '91 seconds' where till_id = '${idB}'`,
      new URL(postgres.url).pathname.slice(1),
    );
    await sleep(500); // a few of A's heartbeats: A stays online, B does not come back
    const tills = (await a.handlers['shop.tills']({})).tills;
    expect(tills.find((till) => till.tillId === idB)?.online).toBe(false);
    expect(tills.find((till) => till.tillId !== idB)?.online).toBe(true);
    opened.push(...closing);
  }, 120_000);
});

function todayOf(): string {
  return new Date().toLocaleDateString('en-CA');
}
