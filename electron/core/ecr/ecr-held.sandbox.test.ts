import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS } from './register-module.ts';
import { LONG_POLLS_PER_KEY, STREAMS_PER_KEY } from './held-requests.ts';
import type { RegisterClient } from './register-client.test-helper.ts';
import { openRegisterTill, startSale, waitFor, type RegisterTill } from './register-till.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// What a register may hold open, and for how long: event streams and long polls are capped per key (429
// beyond), end when their key is revoked or the connection is turned off, the listener takes a bounded number
// of connections, and a request whose body never finishes arriving is cut off (a long poll, whose request is
// complete, waits its full time).

const ENDED = 'ended';

/** Resolves `ENDED` once the response (stream or answer) is over, or `still open` after `ms`. */
function endsWithin(ended: Promise<unknown>, ms: number): Promise<string> {
  return Promise.race([
    ended.then(
      () => ENDED,
      () => ENDED,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

async function openStream(register: RegisterClient, signal: AbortSignal): Promise<Response> {
  return fetch(`${register.baseUrl}/events`, { headers: { Authorization: `Bearer ${register.key}` }, signal });
}

/** A raw connection to the till, and the moment the till closes it. */
function rawConnection(till: RegisterTill): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(till.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
  });
}

describe('what a register may hold open', () => {
  it('revoking a key ends its long polls (401) and its streams; turning the connection off ends the rest', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register', 'Back office'] });
    const [front, back] = till.registers;
    const sale = await startSale(front!, { amountMinor: 1100, currency: 'SGD', method: 'merchant-qr' });
    const held = front!.get(`/payments/${sale.referenceId}?waitSeconds=30`);
    const stop = new AbortController();
    const backStream = (await openStream(back!, stop.signal)).body!.getReader();
    await sleep(200);

    const revokedAt = Date.now();
    await till.core.handlers['ecr.revokeKey']({ name: 'Front register' });
    expect(await held).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
    expect(Date.now() - revokedAt).toBeLessThan(2_000);
    // Another key's stream goes on: its heartbeats (every 200 ms here) keep coming.
    for (let beat = 0; beat < 3; beat += 1) expect((await backStream.read()).done).toBe(false);

    // Turned off: whatever is still held ends at once.
    const { key } = await till.core.handlers['ecr.createKey']({ name: 'Late register' });
    const late = fetch(`${front!.baseUrl}/payments/${sale.referenceId}?waitSeconds=30`, {
      headers: { Authorization: `Bearer ${key}` },
    }).then(async (response) => response.text());
    await sleep(200);
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: false, port: till.port, network: 'this-computer', refundsAllowed: true } },
    });
    expect(await endsWithin(late, 2_000)).toBe(ENDED);
    const drained = (async () => {
      while (!(await backStream.read()).done);
    })();
    expect(await endsWithin(drained, 2_000)).toBe(ENDED);
    stop.abort();
  });

  it(`one key holds at most ${STREAMS_PER_KEY} event streams and ${LONG_POLLS_PER_KEY} long polls (429); others are not held back`, async () => {
    const till = await openRegisterTill({ keyNames: ['Front register', 'Back office'] });
    const [front, back] = till.registers;
    const stop = new AbortController();
    try {
      const streams = await Promise.all(Array.from({ length: STREAMS_PER_KEY }, () => openStream(front!, stop.signal)));
      expect(streams.map((s) => s.status)).toEqual(Array(STREAMS_PER_KEY).fill(200));
      const refused = await front!.get('/events');
      expect(refused).toMatchObject({ status: 429, body: { code: 'ecr.too-many-connections' } });
      expect((await openStream(back!, stop.signal)).status).toBe(200);

      const sale = await startSale(front!, { amountMinor: 1300, currency: 'SGD', method: 'merchant-qr' });
      const polls = Array.from({ length: LONG_POLLS_PER_KEY }, () =>
        front!.get(`/payments/${sale.referenceId}?waitSeconds=2`),
      );
      await sleep(300);
      const tooMany = await front!.get(`/payments/${sale.referenceId}?waitSeconds=2`);
      expect(tooMany).toMatchObject({ status: 429, body: { code: 'ecr.too-many-connections' } });
      // A plain read is not held, so it is never refused.
      expect((await front!.get(`/payments/${sale.referenceId}`)).status).toBe(200);
      expect((await Promise.all(polls)).map((p) => p.status)).toEqual(Array(LONG_POLLS_PER_KEY).fill(200));
      // Once they answered, the key may wait again.
      expect((await front!.get(`/payments/${sale.referenceId}?waitSeconds=1`)).status).toBe(200);
    } finally {
      stop.abort();
    }
  });

  it('cuts off a request whose body never finishes, while a long poll waits its whole time', async () => {
    const till = await openRegisterTill({ core: { registerRequestTimeoutMs: 1_000 } });
    const [register] = till.registers;
    const sale = await startSale(register!, { amountMinor: 1400, currency: 'SGD', method: 'merchant-qr' });
    const started = Date.now();
    const poll = register!.get(`/payments/${sale.referenceId}?waitSeconds=3`);

    const slow = await rawConnection(till);
    slow.socket.write(
      [
        'POST /ecr/v1/payments HTTP/1.1',
        `Host: 127.0.0.1:${till.port}`,
        `Authorization: Bearer ${register!.key}`,
        'Idempotency-Key: never-finished',
        'Content-Type: application/json',
        'Content-Length: 200',
        '',
        '{"amountMinor":',
      ].join('\r\n'),
    );
    expect(await endsWithin(slow.closed, 4_000)).toBe(ENDED);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    // In the connection's own words, like every other error: problem+json with the till's code.
    const [head, body] = slow.received().split('\r\n\r\n');
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/i);
    expect(JSON.parse(body!)).toMatchObject({
      status: 408,
      code: 'ecr.request-timeout',
      type: expect.stringContaining('ecr.request-timeout'),
    });

    const answer = await poll;
    expect(answer).toMatchObject({ status: 200, body: { status: 'waiting' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 1 });
  });

  it(`takes at most ${MAX_CONNECTIONS} connections at once`, async () => {
    const till = await openRegisterTill();
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS; i += 1) sockets.push((await rawConnection(till)).socket);
      const extra = await rawConnection(till);
      sockets.push(extra.socket);
      expect(await endsWithin(extra.closed, 2_000)).toBe(ENDED);
      expect(sockets[0]!.destroyed).toBe(false);
      // Once some go, a register gets in again.
      for (const socket of sockets.splice(0, 8)) socket.destroy();
      const again = () => till.registers[0]!.get('/openapi.json').catch(() => null);
      await waitFor(async () => ((await again())?.status === 200 ? true : undefined));
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
