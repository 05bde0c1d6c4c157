import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../core/tokenized/wire.ts';
import type { RunningSandbox, SandboxOptions } from '../server.ts';
import { controlCall, startTestSandbox, waitFor } from '../sandbox.test-helper.ts';
import { SECOND_TOKENIZED_MERCHANT } from './merchants.ts';
import {
  demoLogin,
  linkCustomer,
  startWebhookSink,
  tokenizedCall,
  type LinkedCustomer,
  type WebhookSink,
} from './tokenized.test-helper.ts';

// Pre-auths, captures, voids, immediate charges, order-outcome webhooks, idempotency and faults, over real
// sockets (confirmDelayMs 40 ms in tests).

let sandbox: RunningSandbox;
let sink: WebhookSink | null = null;
afterEach(async () => {
  await sandbox?.close();
  await sink?.close();
  sink = null;
});

async function setup(options: SandboxOptions = {}): Promise<{ token: string; customer: LinkedCustomer }> {
  sandbox = await startTestSandbox({ webhookRetryBaseMs: 20, ...options });
  const token = await demoLogin(sandbox);
  return { token, customer: await linkCustomer(sandbox, token) };
}

function holdBody(customer: LinkedCustomer, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paymentToken: customer.paymentToken,
    merchantUserId: customer.merchantUserId,
    amount: 12.5,
    currency: 'SGD',
    merchantRef: `ref-${randomUUID()}`,
    ...overrides,
  };
}

const key = (): string => randomUUID();

describe('POST /pre-auths', () => {
  it('201 AUTHORIZED with the documented record; GET confirms it', async () => {
    const { token, customer } = await setup();
    const body = holdBody(customer, { merchantMetadata: { till: 'TILL-01', note: 'deposit' } });
    const created = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, body, { token, idempotencyKey: key() });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      merchantRef: body.merchantRef,
      status: 'AUTHORIZED',
      amount: 12.5,
      currency: 'SGD',
      orderUuid: null,
      orderStatus: null,
      merchantMetadata: { till: 'TILL-01', note: 'deposit' },
      failureReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
    const got = await tokenizedCall(sandbox, 'GET', PATHS.preAuth(created.body.id as string), undefined, { token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
  });

  it('400 bad-request: no idempotency header, amount not above 0, too many decimals, currency mismatch, metadata limits', async () => {
    const { token, customer } = await setup();
    expect((await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), { token })).body).toMatchObject({
      statusCode: 400,
      error: 'bad-request',
    });
    const bad = [
      holdBody(customer, { amount: 0 }),
      holdBody(customer, { amount: -1 }),
      holdBody(customer, { amount: '12.50' }),
      holdBody(customer, { amount: 1.234 }),
      holdBody(customer, { currency: 'HKD' }),
      holdBody(customer, { currency: undefined }),
      holdBody(customer, { merchantRef: undefined }),
      holdBody(customer, { merchantMetadata: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 } }),
      holdBody(customer, { merchantMetadata: { a: 'x'.repeat(201) } }),
      holdBody(customer, { merchantMetadata: { a: { nested: true } } }),
      holdBody(customer, { merchantUserId: 'someone-else' }),
    ];
    for (const body of bad) {
      const result = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, body, { token, idempotencyKey: key() });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error).toBe('bad-request');
    }
    const limit = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.preAuths,
      holdBody(customer, { merchantMetadata: { a: 'x'.repeat(200), b: 1, c: true, d: null, e: 'e' } }),
      { token, idempotencyKey: key() },
    );
    expect(limit.status).toBe(201);
    expect((await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths).toHaveLength(1);
  });

  it('401 payment-token.invalid for an unknown, unlinked or foreign token', async () => {
    const { token, customer } = await setup();
    const unknown = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.preAuths,
      holdBody(customer, { paymentToken: 'ptk_unknown' }),
      { token, idempotencyKey: key() },
    );
    expect(unknown.body).toMatchObject({ statusCode: 401, error: 'payment-token.invalid' });
    const other = await demoLogin(sandbox, {
      merchantId: SECOND_TOKENIZED_MERCHANT.merchantId,
      secret: SECOND_TOKENIZED_MERCHANT.secret,
    });
    const foreign = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { currency: 'HKD' }), {
      token: other,
      idempotencyKey: key(),
    });
    expect(foreign.body.error).toBe('payment-token.invalid');
  });

  it('magic amounts: .51 DECLINED INSUFFICIENT_FUNDS, .52 RISK_REJECTED, .53 PENDING → AUTHORIZED, .55 PENDING → DECLINED', async () => {
    const { token, customer } = await setup();
    const create = (amount: number) =>
      tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount }), { token, idempotencyKey: key() });
    expect((await create(10.51)).body).toMatchObject({ status: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS' });
    expect((await create(10.52)).body).toMatchObject({ status: 'DECLINED', failureReason: 'RISK_REJECTED' });
    const slow = await create(10.53);
    const declining = await create(10.55);
    expect(slow.body.status).toBe('PENDING');
    expect(declining.body.status).toBe('PENDING');
    const settled = (id: unknown) =>
      waitFor(async () => {
        const got = await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id as string), undefined, { token });
        return got.body.status === 'PENDING' ? undefined : got.body;
      });
    expect(await settled(slow.body.id)).toMatchObject({ status: 'AUTHORIZED' });
    expect(await settled(declining.body.id)).toMatchObject({ status: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS' });
    // A PENDING hold cannot be captured yet.
    const pending = await create(20.53);
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.capture(pending.body.id as string), {}, { token })).body,
    ).toMatchObject({ statusCode: 409, error: 'pre-auth.pending' });
  });
});

describe('capture, void, expiry', () => {
  it('a capture confirmed on a slow scheduling clock still sends its webhook when the timer fires early, with no request to sweep it', async () => {
    // The scheduling clock runs at half speed: every timer fires before the clock reaches its time.
    const start = Date.now();
    const { token, customer } = await setup({ now: () => start + (Date.now() - start) / 2 });
    sink = await startWebhookSink();
    const hold = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    await tokenizedCall(sandbox, 'POST', PATHS.capture(hold.body.id as string), { callbackUrl: sink.url }, { token });
    await waitFor(() => (sink!.received.length > 0 ? true : undefined), 3_000, 'the SUCCESS webhook');
    expect(sink.received[0]!.body).toMatchObject({ order_status: 'SUCCESS' });
  });

  it('capture → 201 result record, CAPTURE_INITIATED, then CAPTURED and a SUCCESS webhook', async () => {
    const { token, customer } = await setup();
    sink = await startWebhookSink();
    const hold = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    const id = hold.body.id as string;
    const captured = await tokenizedCall(sandbox, 'POST', PATHS.capture(id), { callbackUrl: sink.url }, { token });
    expect(captured.status).toBe(201);
    expect(captured.body).toEqual({
      uuid: id,
      orderUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'APPROVED',
      orderType: 'ONLINE',
      merchantRef: hold.body.merchantRef,
      merchantOrderId: expect.stringMatching(/^TK\d{6}-\d{6}$/),
      consumerEmail: 'j***@example.com',
      failureReason: null,
      createdAt: expect.any(String),
    });
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body).toMatchObject({
      status: 'CAPTURE_INITIATED',
      orderUuid: captured.body.orderUuid,
    });
    await waitFor(() => (sink!.received.length > 0 ? true : undefined));
    expect(sink.received[0]!.body).toEqual({
      order_uuid: captured.body.orderUuid,
      order_status: 'SUCCESS',
      order_context_token: expect.any(String),
      cart_id: null,
      webhook_url: sink.url,
    });
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body).toMatchObject({
      status: 'CAPTURED',
      orderStatus: 'SUCCESS',
    });
    // Cashback was spent (5.00 by default, useCashback defaults to true).
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: customer.paymentToken }, { token })).body
        .cashbackBalance,
    ).toBe(0);
    // Terminal: neither capture nor void again.
    expect((await tokenizedCall(sandbox, 'POST', PATHS.capture(id), {}, { token })).body).toMatchObject({
      statusCode: 409,
      error: 'pre-auth.already-captured',
    });
    expect((await tokenizedCall(sandbox, 'POST', PATHS.void(id), {}, { token })).body).toMatchObject({
      statusCode: 409,
      error: 'pre-auth.already-captured',
    });
  });

  it("magic amount .56: authorised, but its capture is 201 REJECTED INSUFFICIENT_FUNDS; the pre-auth stays AUTHORIZED (no order on it, no cashback spent, voidable) and the attempt's order webhook is FAILED", async () => {
    const { token, customer } = await setup();
    sink = await startWebhookSink();
    const hold = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount: 10.56 }), {
      token,
      idempotencyKey: key(),
    });
    expect(hold.body).toMatchObject({ status: 'AUTHORIZED' });
    const id = hold.body.id as string;
    const rejected = await tokenizedCall(sandbox, 'POST', PATHS.capture(id), { callbackUrl: sink.url }, { token });
    expect(rejected.status).toBe(201);
    expect(rejected.body).toEqual({
      uuid: id,
      orderUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'REJECTED',
      orderType: 'ONLINE',
      merchantRef: hold.body.merchantRef,
      merchantOrderId: expect.stringMatching(/^TK\d{6}-\d{6}$/),
      consumerEmail: 'j***@example.com',
      failureReason: 'INSUFFICIENT_FUNDS',
      createdAt: expect.any(String),
    });
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body).toMatchObject({
      status: 'AUTHORIZED',
      orderUuid: null,
      orderStatus: null,
    });
    await waitFor(() => (sink!.received.length > 0 ? true : undefined));
    expect(sink.received[0]!.body).toMatchObject({
      order_uuid: rejected.body.orderUuid,
      order_status: 'FAILED',
      failure_code: 'INSUFFICIENT_FUNDS',
    });
    // Still AUTHORIZED after the processor settled the failed order; the 5.00 cashback was not spent.
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body).toMatchObject({
      status: 'AUTHORIZED',
      orderUuid: null,
    });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: customer.paymentToken }, { token })).body
        .cashbackBalance,
    ).toBe(5);
    // A retried capture is rejected again (deterministic), under a new order; the hold can still be released.
    const again = await tokenizedCall(sandbox, 'POST', PATHS.capture(id), {}, { token });
    expect(again.body).toMatchObject({ status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' });
    expect(again.body.orderUuid).not.toBe(rejected.body.orderUuid);
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.void(id), { reason: 'capture rejected' }, { token })).body,
    ).toMatchObject({ status: 'VOIDED' });
  });

  it('with the live order-webhook shape: SUCCESS with webhook_url and payment_type; ERROR with failure_code and no webhook_url', async () => {
    const { token, customer } = await setup({ orderWebhookShape: 'live' });
    sink = await startWebhookSink();
    const paid = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    const captured = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.capture(paid.body.id as string),
      { callbackUrl: sink.url },
      { token },
    );
    const refused = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount: 10.56 }), {
      token,
      idempotencyKey: key(),
    });
    const rejected = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.capture(refused.body.id as string),
      { callbackUrl: sink.url },
      { token },
    );
    await waitFor(() => (sink!.received.length >= 2 ? true : undefined));
    const byOrder = (orderUuid: unknown) => sink!.received.find((w) => w.body.order_uuid === orderUuid)!.body;
    expect(byOrder(captured.body.orderUuid)).toEqual({
      order_uuid: captured.body.orderUuid,
      order_status: 'SUCCESS',
      order_context_token: expect.any(String),
      cart_id: null,
      payment_type: 'PAY',
      webhook_url: sink.url,
    });
    const error = byOrder(rejected.body.orderUuid);
    expect(error).toMatchObject({ order_status: 'ERROR', failure_code: 'INSUFFICIENT_FUNDS', payment_type: 'PAY' });
    expect(error).not.toHaveProperty('webhook_url');
  });

  it('void → 200 whole record VOIDED, metadata replaced; then 409 already-voided on capture and void', async () => {
    const { token, customer } = await setup();
    const hold = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.preAuths,
      holdBody(customer, { merchantMetadata: { a: '1' } }),
      { token, idempotencyKey: key() },
    );
    const id = hold.body.id as string;
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.void(id), { reason: 'x'.repeat(501) }, { token })).body.error,
    ).toBe('bad-request');
    const voided = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.void(id),
      { reason: 'Customer left', merchantMetadata: { b: '2' } },
      { token },
    );
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id, status: 'VOIDED', merchantMetadata: { b: '2' }, amount: 12.5 });
    expect((await tokenizedCall(sandbox, 'POST', PATHS.capture(id), {}, { token })).body).toMatchObject({
      statusCode: 409,
      error: 'pre-auth.already-voided',
    });
    expect((await tokenizedCall(sandbox, 'POST', PATHS.void(id), {}, { token })).body.error).toBe(
      'pre-auth.already-voided',
    );
  });

  it('a declined hold answers 409 pre-auth.declined; an unknown or foreign id 404 pre-auth.not-found', async () => {
    const { token, customer } = await setup();
    const declined = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount: 3.51 }), {
      token,
      idempotencyKey: key(),
    });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.capture(declined.body.id as string), {}, { token })).body,
    ).toMatchObject({ statusCode: 409, error: 'pre-auth.declined' });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.void(declined.body.id as string), {}, { token })).body.error,
    ).toBe('pre-auth.declined');
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(randomUUID()), undefined, { token })).body).toMatchObject(
      { statusCode: 404, error: 'pre-auth.not-found' },
    );
    const other = await demoLogin(sandbox, {
      merchantId: SECOND_TOKENIZED_MERCHANT.merchantId,
      secret: SECOND_TOKENIZED_MERCHANT.secret,
    });
    expect(
      (await tokenizedCall(sandbox, 'GET', PATHS.preAuth(declined.body.id as string), undefined, { token: other }))
        .status,
    ).toBe(404);
  });

  it('the TTL is a setting: a short one makes an AUTHORIZED hold EXPIRED, then capture is 409 pre-auth.expired', async () => {
    const { token, customer } = await setup();
    const settings = await controlCall(sandbox, 'GET', '/settings');
    expect(settings.body.preAuthTtlMs).toBe(7 * 24 * 3600_000);
    expect((await controlCall(sandbox, 'POST', '/settings', { preAuthTtlMs: 80 })).status).toBe(200);
    const hold = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    const id = hold.body.id as string;
    expect(hold.body.status).toBe('AUTHORIZED');
    await waitFor(async () =>
      (await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body.status === 'EXPIRED'
        ? true
        : undefined,
    );
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth(id), undefined, { token })).body.failureReason).toBe(
      'PRE_AUTH_EXPIRED',
    );
    expect((await tokenizedCall(sandbox, 'POST', PATHS.capture(id), {}, { token })).body).toMatchObject({
      statusCode: 409,
      error: 'pre-auth.expired',
    });
    // Reset restores the default.
    await controlCall(sandbox, 'POST', '/reset');
    expect((await controlCall(sandbox, 'GET', '/settings')).body.preAuthTtlMs).toBe(7 * 24 * 3600_000);
  });

  it('unlink is blocked with 400 while the user has an AUTHORIZED hold, and allowed once it is voided', async () => {
    const { token, customer } = await setup();
    const hold = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    const blocked = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.unlink,
      { paymentToken: customer.paymentToken },
      { token },
    );
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toMatch(/AUTHORIZED pre-auth/);
    await tokenizedCall(sandbox, 'POST', PATHS.void(hold.body.id as string), {}, { token });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.unlink, { paymentToken: customer.paymentToken }, { token })).status,
    ).toBe(200);
  });
});

describe('POST /charge', () => {
  it('201 APPROVED with a SUCCESS webhook; an amount ending .51 is still 201 but REJECTED INSUFFICIENT_FUNDS with a FAILED webhook', async () => {
    const { token, customer } = await setup();
    sink = await startWebhookSink();
    const ok = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.charge,
      { ...holdBody(customer, { amount: 8 }), useCashback: false, callbackUrl: sink.url },
      { token, idempotencyKey: key() },
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'APPROVED', orderType: 'ONLINE', failureReason: null });
    const rejected = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.charge,
      { ...holdBody(customer, { amount: 8.51 }), callbackUrl: sink.url },
      { token, idempotencyKey: key() },
    );
    expect(rejected.status).toBe(201);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' });
    await waitFor(() => (sink!.received.length >= 2 ? true : undefined));
    const byOrder = new Map(sink.received.map((w) => [w.body.order_uuid, w.body]));
    expect(byOrder.get(ok.body.orderUuid)).toMatchObject({ order_status: 'SUCCESS', cart_id: null });
    expect(byOrder.get(rejected.body.orderUuid)).toMatchObject({
      order_status: 'FAILED',
      failure_code: 'INSUFFICIENT_FUNDS',
    });
    // useCashback: false kept the balance; the rejected one spent nothing either.
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: customer.paymentToken }, { token })).body
        .cashbackBalance,
    ).toBe(5);
    expect((await controlCall(sandbox, 'GET', `/tokenized/charges/${ok.body.uuid as string}`)).body).toMatchObject({
      amountMinor: 800,
      cashbackUsedMinor: 0,
    });
  });

  it('webhooks are retried on non-200 and duplicated under the webhookDuplicates fault', async () => {
    const { token, customer } = await setup();
    sink = await startWebhookSink();
    sink.answer = (index) => (index === 0 ? 500 : 200);
    await controlCall(sandbox, 'POST', '/faults', { webhookDuplicates: true });
    const charged = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.charge,
      { ...holdBody(customer), callbackUrl: sink.url },
      { token, idempotencyKey: key() },
    );
    await waitFor(() => (sink!.received.length >= 3 ? true : undefined));
    expect(sink.received.every((w) => w.body.order_uuid === charged.body.orderUuid)).toBe(true);
    const deliveries = (await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as {
      state: string;
      attempts: unknown[];
    }[];
    expect(deliveries).toHaveLength(2);
    await waitFor(
      async () =>
        ((await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as { state: string }[]).every(
          (d) => d.state === 'delivered',
        ) || undefined,
    );
  });
});

describe('idempotency and faults', () => {
  it('the same X-Service-Idempotent-Id returns the first answer, even for another operation (rule 4)', async () => {
    const { token, customer } = await setup();
    const k = key();
    const first = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: k,
    });
    const replay = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount: 99 }), {
      token,
      idempotencyKey: k,
    });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('x-sandbox-idempotent-replay')).toBe('true');
    const charge = await tokenizedCall(sandbox, 'POST', PATHS.charge, holdBody(customer), { token, idempotencyKey: k });
    expect(charge.body).toEqual(first.body);
    expect((await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths).toHaveLength(1);
    expect((await controlCall(sandbox, 'GET', '/tokenized/charges')).body.charges).toHaveLength(0);
    expect(
      (
        await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
          token,
          idempotencyKey: 'not-a-uuid',
        })
      ).body.error,
    ).toBe('bad-request');
  });

  it("with the live header names, a write's key is read only from X-ShopBack-Idempotent-Id", async () => {
    const { token, customer } = await setup({ headerPrefix: 'X-ShopBack-' });
    // The documents' header is not the key here: the write is refused for having none, naming the live one.
    const documents = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: key(),
    });
    expect(documents.status).toBe(400);
    expect(documents.body).toMatchObject({
      error: 'bad-request',
      message: expect.stringContaining('X-ShopBack-Idempotent-Id'),
    });

    const k = key();
    const first = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      headers: { 'X-ShopBack-Idempotent-Id': k },
    });
    expect(first.status).toBe(201);
    const replay = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer, { amount: 99 }), {
      token,
      headers: { 'X-ShopBack-Idempotent-Id': k },
    });
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('x-sandbox-idempotent-replay')).toBe('true');
    expect((await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths).toHaveLength(1);
  });

  it('a duplicate merchantRef under a new key returns the first pre-auth / charge', async () => {
    const { token, customer } = await setup();
    const body = holdBody(customer);
    const first = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, body, { token, idempotencyKey: key() });
    const again = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.preAuths,
      { ...body, amount: 1 },
      { token, idempotencyKey: key() },
    );
    expect(again.body.id).toBe(first.body.id);
    const chargeBody = holdBody(customer);
    const c1 = await tokenizedCall(sandbox, 'POST', PATHS.charge, chargeBody, { token, idempotencyKey: key() });
    const c2 = await tokenizedCall(sandbox, 'POST', PATHS.charge, chargeBody, { token, idempotencyKey: key() });
    expect(c2.body.uuid).toBe(c1.body.uuid);
    expect((await controlCall(sandbox, 'GET', '/tokenized/charges')).body.charges).toHaveLength(1);
  });

  it('request faults apply to the tokenized API: 503 without acting, drop after acting (a retry with the key replays)', async () => {
    const { token, customer } = await setup();
    await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 1 });
    const k = key();
    const failed = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, holdBody(customer), {
      token,
      idempotencyKey: k,
    });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('date')).toBeTruthy();
    expect((await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths).toHaveLength(0);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1 });
    const body = holdBody(customer);
    await expect(tokenizedCall(sandbox, 'POST', PATHS.preAuths, body, { token, idempotencyKey: k })).rejects.toThrow();
    const retried = await tokenizedCall(sandbox, 'POST', PATHS.preAuths, body, { token, idempotencyKey: k });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('x-sandbox-idempotent-replay')).toBe('true');
    expect((await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths).toHaveLength(1);
  });

  it("unknown routes and methods answer in the document's error shape", async () => {
    const { token } = await setup();
    expect(
      (await tokenizedCall(sandbox, 'GET', '/tokenized-payment/v1/nothing', undefined, { token })).body,
    ).toMatchObject({ statusCode: 404, error: 'not-found' });
    const wrongMethod = await tokenizedCall(sandbox, 'GET', PATHS.charge, undefined, { token });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});
