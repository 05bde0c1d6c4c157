import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../../shared/notices.ts';
import { InStoreClient, partnerFromSettings, type InStoreClientConfig } from './client.ts';
import { resolveProfile } from './profiles.ts';
import { closedPort, startScriptedServer, type ScriptedServer } from '../http/scripted-server.test-helper.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { isUuidV4 } from '../http/idempotency-key.ts';
import { buildSignedHeaders } from './transport.ts';
import { caught } from '../../testing/helpers.ts';

// The client's own behaviour on the wire, against a scripted HTTP server on a real socket: exact bytes and
// headers, retry decisions, timeouts, dropped connections, reply validation, the audit callback. The
// provider's behaviour (auth, state machine, idempotent replay) is tested against the sandbox in
// client.sandbox.test.ts.

const SECRET = 'unit-test-secret';
const T0 = Date.parse('2025-03-04T05:06:07.089Z');
const REF = 'ref-0001-abcdef';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.script({ status: 200, body: {} });
});

interface Harness {
  client: InStoreClient;
  exchanges: HttpExchange[];
  sleeps: number[];
}

function harness(overrides: Partial<InStoreClientConfig> = {}, baseUrl = `${server.origin}/posi-sandbox`): Harness {
  const exchanges: HttpExchange[] = [];
  const sleeps: number[] = [];
  let tick = 0;
  const client = new InStoreClient({
    profile: resolveProfile({ environment: 'embedded-sandbox', embeddedBaseUrl: baseUrl }),
    credentials: { accessKeyId: 'AK_UNIT', accessKeySecret: SECRET },
    posId: 'POS-UNIT-1',
    country: 'SG',
    // Each reading of the clock moves 5 ms: deterministic Date headers and durations.
    now: () => T0 + 5 * tick++,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000 },
    onExchange: (exchange) => exchanges.push(exchange),
    ...overrides,
  });
  return { client, exchanges, sleeps };
}

const createReply = { referenceId: REF, qrType: 'payload', qrCode: 'sbpay://qr/abc', traceId: 't-1' };
const statusReply = {
  referenceId: REF,
  status: 'CAPTURED',
  orderAmount: 1234,
  currency: 'SGD',
  createdAt: '2025-03-04T05:06:07.000Z',
  updatedAt: '2025-03-04T05:06:09.000Z',
  traceId: 't-2',
  shopbackOrderId: null,
  refundAmount: null,
};

describe('headers and bytes', () => {
  it('signs and sends exactly the canonical body, with every required header', async () => {
    server.script({ status: 200, body: createReply });
    const { client } = harness();
    await client.createOrder({
      referenceId: REF,
      amount: { amountMinor: 1234, currency: 'SGD' },
      qrType: 'payload',
      orderMetadata: { terminalReference: 'TILL-01' },
      partner: { merchantTradingName: 'Demo', merchantId: 'M1' },
    });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/posi-sandbox/v1/instore/order/create');
    // Keys sorted at every depth, compact, undefined fields absent.
    expect(sent.body).toBe(
      '{"amount":1234,"country":"SG","currency":"SGD","orderMetadata":{"terminalReference":"TILL-01"},"partner":{"merchantId":"M1","merchantTradingName":"Demo"},"posId":"POS-UNIT-1","qrType":"payload","referenceId":"ref-0001-abcdef"}',
    );
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers.date).toBe('2025-03-04T05:06:07.089Z');
    expect(isUuidV4(String(sent.headers['x-service-idempotent-id']))).toBe(true);
    // Recompute the signature by hand from what arrived.
    const digest = createHash('sha256').update(sent.body).digest('hex');
    const toSign = ['POST', 'application/json', sent.headers.date, `${server.origin}${sent.url}`, digest].join('\n');
    const expected = createHmac('sha256', SECRET).update(toSign).digest('hex');
    expect(sent.headers.authorization).toBe(`SB1-HMAC-SHA256 AK_UNIT:${expected}`);
  });

  it('sends Content-Type but no body and no idempotency key on GET', async () => {
    server.script({ status: 200, body: statusReply });
    const order = await harness().client.getOrder(REF);
    expect(order).toMatchObject({ status: 'CAPTURED', orderAmount: 1234, currency: 'SGD' });
    // Provider nulls become absent.
    expect(order.shopbackOrderId).toBeUndefined();
    expect(order.refundAmount).toBeUndefined();
    const sent = server.requests[0]!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe(`/posi-sandbox/v1/instore/order/${REF}`);
    expect(sent.body).toBe('');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-service-idempotent-id']).toBeUndefined();
    const toSign = ['GET', 'application/json', sent.headers.date, `${server.origin}${sent.url}`, ''].join('\n');
    expect(sent.headers.authorization).toBe(
      `SB1-HMAC-SHA256 AK_UNIT:${createHmac('sha256', SECRET).update(toSign).digest('hex')}`,
    );
  });

  it('uses the X-ShopBack- prefix for provider profiles', () => {
    const headers = buildSignedHeaders({
      profile: resolveProfile({ environment: 'provider-sandbox' }),
      accessKeyId: 'AK',
      accessKeySecret: 'S',
      method: 'POST',
      url: 'https://integrations-sandbox.shopback.com/posi-sandbox/v1/instore/order/create',
      date: '2022-08-22T02:29:33.123Z',
      canonical: '{"a":1}',
      idempotencyKey: '3b241101-e2bb-4255-8caf-4136c566a962',
    });
    expect(Object.keys(headers).sort()).toEqual(['Authorization', 'Content-Type', 'Date', 'X-ShopBack-Idempotent-Id']);
    expect(headers.Authorization).toMatch(/^SB1-HMAC-SHA256 AK:[0-9a-f]{64}$/);
  });

  it("sends an empty body for a cancel without reason, and the caller's idempotency key", async () => {
    server.script({ status: 200, body: { referenceId: REF, traceId: 't' } });
    const key = '3b241101-e2bb-4255-8caf-4136c566a962';
    await harness().client.cancelOrder({ referenceId: REF, reason: '  ' }, { idempotencyKey: key });
    expect(server.requests[0]!.body).toBe('');
    expect(server.requests[0]!.url).toBe(`/posi-sandbox/v1/instore/order/${REF}/cancel`);
    expect(server.requests[0]!.headers['x-service-idempotent-id']).toBe(key);
  });

  it('sends posId and referenceId in the refund body', async () => {
    server.script({
      status: 200,
      body: { referenceId: REF, shopbackOrderId: '250304-0001-ABCD', posId: 'POS-UNIT-1' },
    });
    const reply = await harness().client.refundOrder({
      referenceId: REF,
      amount: { amountMinor: 500, currency: 'SGD' },
      reason: 'Wrong item',
      terminalReference: 'TILL-01',
    });
    expect(reply.shopbackOrderId).toBe('250304-0001-ABCD');
    expect(server.requests[0]!.body).toBe(
      '{"amount":500,"posId":"POS-UNIT-1","reason":"Wrong item","referenceId":"ref-0001-abcdef","refundMetadata":{"terminalReference":"TILL-01"}}',
    );
  });
});

describe('checked before sending', () => {
  it('refuses a currency that does not belong to the country', async () => {
    const error = await caught(
      harness().client.createOrder({
        referenceId: REF,
        amount: { amountMinor: 100, currency: 'HKD' },
        qrType: 'payload',
      }),
    );
    expect(error.code).toBe('currency.unsupported');
    expect(error.details?.outcomeUnknown).toBe(false);
    const refund = await caught(
      harness().client.refundOrder({ referenceId: REF, amount: { amountMinor: 100, currency: 'AUD' } }),
    );
    expect(refund.code).toBe('currency.unsupported');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses bad amounts, references, metadata and missing credentials without sending', async () => {
    const { client } = harness();
    expect(
      (
        await caught(
          client.createOrder({ referenceId: REF, amount: { amountMinor: 0, currency: 'SGD' }, qrType: 'payload' }),
        )
      ).code,
    ).toBe('amount.invalid');
    expect(
      (
        await caught(
          client.createOrder({ referenceId: REF, amount: { amountMinor: 1.5, currency: 'SGD' }, qrType: 'payload' }),
        )
      ).code,
    ).toBe('amount.invalid');
    expect((await caught(client.getOrder('../../etc'))).code).toBe('request.invalid');
    const metadata = await caught(
      client.createOrder({
        referenceId: REF,
        amount: { amountMinor: 1, currency: 'SGD' },
        qrType: 'payload',
        orderMetadata: { terminalReference: 'T1' },
      }),
    );
    expect(metadata.code).toBe('request.invalid');
    expect(metadata.details).toMatchObject({
      field: 'orderMetadata.terminalReference',
      attempts: 0,
      outcomeUnknown: false,
    });
    const webhook = await caught(
      client.scanOrder({
        referenceId: REF,
        amount: { amountMinor: 1, currency: 'SGD' },
        consumerQrPayload: 'x',
        webhookUrl: 'http://example.com/hook',
      }),
    );
    expect(webhook.details?.field).toBe('webhookUrl');
    const noSecret = harness({ credentials: { accessKeyId: 'AK', accessKeySecret: '' } });
    expect((await caught(noSecret.client.getOrder(REF))).code).toBe('auth.missing');
    expect((await caught(client.cancelOrder({ referenceId: REF }, { idempotencyKey: 'not-a-uuid' }))).code).toBe(
      'internal',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('retries', () => {
  it('never retries a 4xx: exactly one request', async () => {
    server.script({
      status: 409,
      body: { statusCode: 409, message: 'Order is not in captured state.', traceId: 'tr-9' },
    });
    const { client, sleeps, exchanges } = harness();
    const error = await caught(client.refundOrder({ referenceId: REF, amount: { amountMinor: 100, currency: 'SGD' } }));
    expect(error.code).toBe('order.not-captured');
    expect(error.details).toMatchObject({
      outcomeUnknown: false,
      attempts: 1,
      httpStatus: 409,
      traceId: 'tr-9',
      operation: 'refund',
    });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(exchanges).toHaveLength(1);
  });

  it('retries a 5xx with the same key and the same bytes, a fresh Date, backing off, then succeeds', async () => {
    server.script(
      { status: 502, body: 'Bad Gateway' },
      { status: 503, body: { statusCode: 503, message: 'busy' } },
      { status: 200, body: createReply },
    );
    const { client, sleeps, exchanges } = harness();
    const reply = await client.createOrder({
      referenceId: REF,
      amount: { amountMinor: 1234, currency: 'SGD' },
      qrType: 'payload',
    });
    expect(reply.qrCode).toBe('sbpay://qr/abc');
    expect(server.requests).toHaveLength(3);
    const keys = new Set(server.requests.map((r) => r.headers['x-service-idempotent-id']));
    expect(keys.size).toBe(1);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(server.requests.map((r) => r.headers.date)).size).toBe(3);
    // random 0.5 → 3/4 of the cap: 100 → 75, 200 → 150.
    expect(sleeps).toEqual([75, 150]);
    expect(exchanges.map((e) => [e.attempt, e.status])).toEqual([
      [1, 502],
      [2, 503],
      [3, 200],
    ]);
    expect(exchanges[0]!.error?.code).toBe('provider.unavailable');
    expect(exchanges[2]!.error).toBeNull();
  });

  it('gives up after maxAttempts on 5xx with the outcome unknown', async () => {
    server.script({ status: 500, body: { statusCode: 500, message: 'Internal Server Error' } });
    const { client, sleeps } = harness({ retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 15 } });
    const error = await caught(
      client.scanOrder({
        referenceId: REF,
        amount: { amountMinor: 100, currency: 'SGD' },
        consumerQrPayload: 'CODE-1',
      }),
    );
    expect(error.code).toBe('provider.unavailable');
    expect(error.retryable).toBe(true);
    expect(error.details).toMatchObject({ outcomeUnknown: true, attempts: 4, httpStatus: 500 });
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(15);
  });

  it('a 409 after a 5xx is reported with the outcome unknown (the first attempt may have created the order)', async () => {
    server.script(
      { status: 500, body: '' },
      {
        status: 409,
        body: {
          statusCode: 409,
          message: 'Invalid ReferenceId. ReferenceId provided is already assigned to an existing resource.',
        },
      },
    );
    const error = await caught(
      harness().client.createOrder({
        referenceId: REF,
        amount: { amountMinor: 100, currency: 'SGD' },
        qrType: 'payload',
      }),
    );
    expect(error.code).toBe('order.duplicate-reference');
    expect(error.details).toMatchObject({ outcomeUnknown: true, attempts: 2 });
  });

  it('honours Retry-After within maxDelayMs', async () => {
    server.script({ status: 503, body: '', headers: { 'Retry-After': '0.3' } }, { status: 200, body: statusReply });
    const { client, sleeps } = harness();
    await client.getOrder(REF);
    expect(sleeps).toEqual([300]);
  });
});

describe('no answer', () => {
  it('connection refused: unreachable, retried, and proven not sent', async () => {
    const port = await closedPort();
    const { client, exchanges } = harness({}, `http://127.0.0.1:${port}/posi-sandbox`);
    const error = await caught(
      client.createOrder({ referenceId: REF, amount: { amountMinor: 100, currency: 'SGD' }, qrType: 'payload' }),
    );
    expect(error.code).toBe('network.unreachable');
    expect(error.details).toMatchObject({
      outcomeUnknown: false,
      attempts: 3,
      networkCode: 'ECONNREFUSED',
      httpStatus: null,
    });
    expect(exchanges).toHaveLength(3);
    expect(new Set(exchanges.map((e) => e.idempotencyKey)).size).toBe(1);
  });

  it('connection dropped after the request was read: unknown outcome, retried with the same key', async () => {
    server.script({ drop: true }, { status: 200, body: createReply });
    const { client } = harness();
    await client.createOrder({ referenceId: REF, amount: { amountMinor: 100, currency: 'SGD' }, qrType: 'payload' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers['x-service-idempotent-id']).toBe(
      server.requests[1]!.headers['x-service-idempotent-id'],
    );
  });

  it('connection dropped on every attempt: network.unreachable with outcomeUnknown', async () => {
    server.script({ drop: true });
    const error = await caught(
      harness({ retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } }).client.cancelOrder({ referenceId: REF }),
    );
    expect(error.code).toBe('network.unreachable');
    expect(error.details?.outcomeUnknown).toBe(true);
    expect(error.message).toContain('being checked');
  });

  it('times out waiting for headers (connect + read budget) with the outcome unknown', async () => {
    server.script({ status: 200, body: createReply, delayMs: 600 });
    const { client } = harness({ timeouts: { connectMs: 100, readMs: 150 }, retry: { maxAttempts: 1 } });
    const started = Date.now();
    const error = await caught(
      client.createOrder({ referenceId: REF, amount: { amountMinor: 100, currency: 'SGD' }, qrType: 'payload' }),
    );
    expect(error.code).toBe('network.timeout');
    expect(error.details).toMatchObject({ outcomeUnknown: true, timeoutPhase: 'headers', timeoutMs: 250, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(550);
  });

  it('times out waiting for the body (read budget)', async () => {
    server.script({ stallBody: true, status: 200 });
    const error = await caught(
      harness({ timeouts: { connectMs: 1000, readMs: 150 }, retry: { maxAttempts: 1 } }).client.getOrder(REF),
    );
    expect(error.code).toBe('network.timeout');
    expect(error.details).toMatchObject({ timeoutPhase: 'body', timeoutMs: 150 });
  });
});

describe('reply validation', () => {
  it('a malformed success reply is provider.bad-response, never a crash', async () => {
    const { client } = harness();
    for (const body of [
      'not json',
      { referenceId: REF, status: 'PAID', orderAmount: 1, currency: 'SGD', createdAt: 'x', updatedAt: 'y' },
      { ...statusReply, orderAmount: 12.34 },
      null,
      [],
    ]) {
      server.script({ status: 200, body: body === null ? 'null' : body });
      const error = await caught(client.getOrder(REF));
      expect(error.code).toBe('provider.bad-response');
      expect(error.details).toMatchObject({ outcomeUnknown: true, httpStatus: 200 });
    }
  });

  it('reads "once it applies" fields that are absent, null or "" as "not yet", and ignores unknown fields', async () => {
    // Shaped like the provider's published status example: every field present, the not-yet ones empty.
    const published = {
      traceId: 'a2c0bd58-0f0d-4d8f-9a2f-35b6d6b0a0a1',
      referenceId: REF,
      status: 'CREATED',
      orderAmount: 1234,
      currency: 'SGD',
      createdAt: '2025-03-04T05:06:07.000Z',
      updatedAt: '2025-03-04T05:06:07.000Z',
      shopbackOrderId: '',
      refundAmount: '',
      failureReason: '',
      paymentType: '',
      partner: '',
      orderMetadata: null,
      somethingAddedLater: { nested: true },
    };
    const { client } = harness();
    server.script({ status: 200, body: published });
    const created = await client.getOrder(REF);
    expect(created).toMatchObject({ status: 'CREATED', orderAmount: 1234 });
    for (const field of [
      'shopbackOrderId',
      'refundAmount',
      'failureReason',
      'paymentType',
      'partner',
      'orderMetadata',
      'somethingAddedLater',
    ]) {
      expect((created as Record<string, unknown>)[field], field).toBeUndefined();
    }
    const { shopbackOrderId: _id, refundAmount: _refund, paymentType: _type, ...absent } = published;
    server.script({ status: 200, body: absent });
    expect(await client.getOrder(REF)).toMatchObject({ status: 'CREATED' });
    server.script({
      status: 200,
      body: {
        ...published,
        status: 'CAPTURED',
        shopbackOrderId: '220801-0679-YVUY',
        refundAmount: 0,
        paymentType: 'PAY',
      },
    });
    expect(await client.getOrder(REF)).toMatchObject({
      status: 'CAPTURED',
      shopbackOrderId: '220801-0679-YVUY',
      refundAmount: 0,
      paymentType: 'PAY',
    });
  });

  it('a reply about another referenceId is refused', async () => {
    server.script({ status: 200, body: { ...createReply, referenceId: 'someone-else' } });
    const error = await caught(
      harness().client.createOrder({
        referenceId: REF,
        amount: { amountMinor: 100, currency: 'SGD' },
        qrType: 'payload',
      }),
    );
    expect(error.code).toBe('provider.bad-response');
    expect(String(error.details?.problem)).toContain('someone-else');
  });

  it('a redirect is not followed', async () => {
    server.script({ status: 302, body: '', headers: { Location: 'https://elsewhere.example.com/' } });
    const error = await caught(harness().client.getOrder(REF));
    expect(error.code).toBe('provider.bad-response');
    expect(error.notice).toEqual({ key: 'provider.redirected' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('audit and clock', () => {
  it('records each attempt without the secret or the signature', async () => {
    server.script({ status: 200, body: createReply, headers: { Date: new Date(T0 - 30_000).toUTCString() } });
    const { client, exchanges } = harness();
    await client.createOrder({ referenceId: REF, amount: { amountMinor: 1234, currency: 'SGD' }, qrType: 'payload' });
    expect(exchanges).toHaveLength(1);
    const exchange = exchanges[0]!;
    expect(exchange).toMatchObject({
      operation: 'create',
      method: 'POST',
      url: `${server.origin}/posi-sandbox/v1/instore/order/create`,
      date: '2025-03-04T05:06:07.089Z',
      status: 200,
      attempt: 1,
      error: null,
      durationMs: 5,
    });
    expect(exchange.requestBody).toBe(server.requests[0]!.body);
    expect(JSON.parse(exchange.responseBody!)).toEqual(createReply);
    const serialised = JSON.stringify(exchange);
    expect(serialised).not.toContain(SECRET);
    expect(serialised).not.toContain(String(server.requests[0]!.headers.authorization).split(':')[1]);
    // The reply's Date was ~30 s behind our clock.
    expect(client.lastClockSkewMs).toBeGreaterThan(29_000);
    expect(client.lastClockSkewMs).toBeLessThan(31_000);
  });

  it('a throwing audit sink does not change the result', async () => {
    server.script({ status: 200, body: statusReply });
    const { client } = harness({
      onExchange: () => {
        throw new Error('disk full');
      },
    });
    await expect(client.getOrder(REF)).resolves.toMatchObject({ status: 'CAPTURED' });
  });
});

describe('testConnection', () => {
  it('reports signature accepted on 404 "Invalid referenceId"', async () => {
    server.script({
      status: 404,
      body: {
        statusCode: 404,
        message: 'Invalid referenceId. Unable to find an existing payment record with the referenceId provided.',
      },
      headers: { Date: new Date(T0).toUTCString() },
    });
    const result = await harness().client.testConnection();
    expect(result).toMatchObject({ reachable: true, signatureAccepted: true });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(noticeInEnglish(result.notice)).toMatch(/signature accepted, clock in sync/);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toMatch(/^\/posi-sandbox\/v1\/instore\/order\/probe-[0-9a-f]{24}$/);
  });

  it('reports a rejected signature and an unreachable provider', async () => {
    server.script({
      status: 401,
      body: { statusCode: 401, message: 'Invalid signature. Failed to match HMAC signatures.' },
    });
    const rejected = await harness().client.testConnection();
    expect(rejected).toMatchObject({ reachable: true, signatureAccepted: false });
    expect(noticeInEnglish(rejected.notice)).toContain('access key secret');
    const port = await closedPort();
    const unreachable = await harness({}, `http://127.0.0.1:${port}/posi-sandbox`).client.testConnection();
    expect(unreachable).toMatchObject({ reachable: false, signatureAccepted: false, latencyMs: null });
    expect(unreachable.notice).toMatchObject({ key: 'connection.not-answered' });
    expect(noticeInEnglish(unreachable.notice)).toContain('cannot be reached');
  });

  it('warns about a clock drifting towards the limit even when accepted', async () => {
    server.script({
      status: 404,
      body: {
        statusCode: 404,
        message: 'Invalid referenceId. Unable to find an existing payment record with the referenceId provided.',
      },
      headers: { Date: new Date(T0 + 45_000).toUTCString() },
    });
    const result = await harness().client.testConnection();
    expect(result.signatureAccepted).toBe(true);
    expect(result.clockSkewMs).toBeLessThan(-44_000);
    expect(result.notice.key).toBe('connection.accepted-clock-behind');
    expect(noticeInEnglish(result.notice)).toContain('behind the provider');
  });
});

describe('partnerFromSettings', () => {
  it('drops the block without a merchantId and unset fields otherwise', () => {
    expect(
      partnerFromSettings({
        merchantId: ' ',
        merchantCategoryCode: 5411,
        merchantTradingName: 'X',
        merchantEntityId: '',
      }),
    ).toBeUndefined();
    expect(
      partnerFromSettings({
        merchantId: 'M1',
        merchantCategoryCode: null,
        merchantTradingName: '',
        merchantEntityId: ' E1 ',
      }),
    ).toEqual({ merchantId: 'M1', merchantEntityId: 'E1' });
    expect(
      partnerFromSettings({
        merchantId: 'M1',
        merchantCategoryCode: 0,
        merchantTradingName: 'Shop',
        merchantEntityId: '',
      }),
    ).toEqual({ merchantId: 'M1', merchantCategoryCode: 0, merchantTradingName: 'Shop' });
  });
});
