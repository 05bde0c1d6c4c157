import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { AttemptLoop, type AttemptRequest, type ProviderWire } from './attempt-loop.ts';
import type { HttpExchange } from './exchange.ts';
import { baseDetails } from './failures.ts';
import { closedPort, startScriptedServer, type ScriptedServer } from './scripted-server.test-helper.ts';

// The loop both provider transports share, over real sockets against a scripted loopback server: what it
// retries and with which bytes, what it reports, and which hooks it leaves to the provider.

const KEY = '3b241101-e2bb-4255-8caf-4136c566a962';

const WIRE: ProviderWire<string> = {
  refusalError: (status, text, operation, context) =>
    new PosError(status >= 500 ? 'provider.unavailable' : 'request.invalid', {
      details: {
        ...baseDetails(context, status, text, null),
        operation,
        outcomeUnknown: status >= 500 || context.earlierOutcomeUnknown,
      },
    }),
  auditBody: (text) => text.replace(/secret-\w+/g, '[redacted]'),
};

let server: ScriptedServer;
let exchanges: HttpExchange[];
let sleeps: number[];
let clock: number;

beforeEach(async () => {
  server = await startScriptedServer();
  exchanges = [];
  sleeps = [];
  clock = Date.parse('2025-01-01T00:00:00.000Z');
});

afterEach(async () => {
  await server.close();
});

function loop(overrides: Partial<ConstructorParameters<typeof AttemptLoop<string>>[0]> = {}): AttemptLoop<string> {
  return new AttemptLoop({
    wire: WIRE,
    now: () => (clock += 10),
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    timeouts: { connectMs: 200, readMs: 200 },
    onExchange: (exchange) => exchanges.push(exchange),
    ...overrides,
  });
}

function request(
  attempts: AttemptLoop<string>,
  overrides: Partial<AttemptRequest<string>> = {},
): AttemptRequest<string> {
  return {
    operation: 'create',
    method: 'POST',
    url: `${server.origin}/v1/thing`,
    body: '{"token":"secret-abc"}',
    idempotencyKey: KEY,
    policy: attempts.policyFor(undefined),
    headersAt: (startedAt) => ({
      'Content-Type': 'application/json',
      Date: new Date(startedAt).toISOString(),
      'Idempotency-Key': KEY,
    }),
    ...overrides,
  };
}

describe('attempt loop', () => {
  it('retries a 5xx with the same bytes and key, freshly dated headers, and a jittered backoff', async () => {
    server.script({ status: 503, body: { message: 'busy' } }, { status: 503 }, { status: 200, body: { ok: true } });
    const attempts = loop();
    const reply = await attempts.send(request(attempts));
    expect(reply).toMatchObject({
      status: 200,
      json: { ok: true },
      attempts: 3,
      context: { operation: 'create', attempts: 3, earlierOutcomeUnknown: true },
    });
    expect(server.requests.map((r) => r.body)).toEqual(Array(3).fill('{"token":"secret-abc"}'));
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([KEY]));
    expect(new Set(server.requests.map((r) => r.headers.date)).size).toBe(3);
    expect(sleeps).toEqual([300, 600]); // equal jitter at 0.5: 3/4 of the 400 ms, then of the 800 ms cap
  });

  it('reports every attempt for the audit log, bodies through the provider redaction', async () => {
    server.script({ status: 503, body: 'secret-xyz down' }, { status: 200, body: { ok: true } });
    const attempts = loop();
    await attempts.send(request(attempts));
    expect(exchanges.map((e) => [e.attempt, e.status, e.error?.code ?? null])).toEqual([
      [1, 503, 'provider.unavailable'],
      [2, 200, null],
    ]);
    expect(exchanges[0]).toMatchObject({
      operation: 'create',
      method: 'POST',
      idempotencyKey: KEY,
      requestBody: '{"token":"[redacted]"}',
      responseBody: '[redacted] down',
    });
    expect(exchanges[0]!.date).toMatch(/^2025-01-01T/);
  });

  it('never retries a 4xx, and the provider reads the refusal', async () => {
    server.script({ status: 409, body: 'taken' });
    const attempts = loop();
    const error = await attempts.send(request(attempts)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).details).toMatchObject({
      httpStatus: 409,
      providerMessage: 'taken',
      attempts: 1,
      outcomeUnknown: false,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a redirect, and says so with the one notice both providers share', async () => {
    server.script({ status: 302, headers: { Location: 'http://127.0.0.1:1/elsewhere' } });
    const attempts = loop();
    await expect(attempts.send(request(attempts))).rejects.toMatchObject({
      code: 'provider.bad-response',
      notice: { key: 'provider.redirected' },
      details: { httpStatus: 302, outcomeUnknown: false },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('classifies a refused connection as never sent, with its network code, and retries it', async () => {
    const attempts = loop();
    const url = `http://127.0.0.1:${await closedPort()}/v1/thing`;
    const error = await attempts
      .send(request(attempts, { url, policy: attempts.policyFor({ maxAttempts: 2 }) }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'network.unreachable',
      details: { outcomeUnknown: false, attempts: 2, networkCode: 'ECONNREFUSED' },
    });
    expect(exchanges.map((e) => e.error?.networkCode)).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
  });

  it('times out a stalled reply as outcome unknown', async () => {
    server.script({ stallBody: true, status: 200 });
    const attempts = loop();
    const error = await attempts
      .send(request(attempts, { policy: attempts.policyFor({ maxAttempts: 1 }) }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network.timeout', details: { outcomeUnknown: true, timeoutPhase: 'body' } });
  });

  it("measures the clock skew from every reply's Date header", async () => {
    server.script({ status: 200, body: {}, headers: { Date: 'Wed, 01 Jan 2025 00:00:30 GMT' } });
    const attempts = loop();
    expect(attempts.lastClockSkewMs).toBeNull();
    await attempts.send(request(attempts, { method: 'GET', body: '', idempotencyKey: null }));
    // Sent at +10 ms, received at +20 ms on our clock; the server said 30.5 s (HTTP-date truncation).
    expect(attempts.lastClockSkewMs).toBe(-30_485);
    expect(attempts.lastClockSkewAt).toBe(Date.parse('2025-01-01T00:00:00.020Z'));
    expect(server.requests[0]).toMatchObject({ method: 'GET', body: '' });
  });

  it("survives an audit sink that throws: the request's outcome stays known", async () => {
    const attempts = loop({
      onExchange: () => {
        throw new Error('disk full');
      },
    });
    await expect(attempts.send(request(attempts))).resolves.toMatchObject({ status: 200 });
  });

  it('refuses an impossible retry policy', () => {
    expect(() => loop().policyFor({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => loop({ timeouts: { connectMs: 0 } })).toThrow(RangeError);
  });
});
