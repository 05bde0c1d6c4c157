import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterSale } from '../../../shared/register.ts';
import type { Core, CoreEvent } from '../core-api.ts';
import { createCore } from '../core.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule, type PaymentServiceOptions } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { CERTIFICATE_FOLDER } from './certificate.ts';
import { RegisterClient, serverSentEvents } from './register-client.test-helper.ts';
import { freePort } from '../../sandbox/testing.ts';
import { waitFor } from './register-till.test-helper.ts';

// The register connection end to end under plain Node: the composed core on the embedded sandbox, a register
// written with fetch only over real sockets, and every answer it gets checked against the till's own OpenAPI
// document (which is itself checked with an OpenAPI 3.1 validator).

interface Till {
  readonly core: Core;
  readonly dir: string;
  readonly events: CoreEvent[];
  readonly register: RegisterClient;
  readonly control: string;
  readonly port: number;
}

type Payment = Record<string, unknown> & { referenceId: string; status: string };

const opened: Till[] = [];

afterEach(async () => {
  for (const till of opened.splice(0)) {
    await till.core.close();
    rmSync(till.dir, { recursive: true, force: true });
  }
});

async function openTill(
  ecr: { refundsAllowed?: boolean; network?: 'this-computer' | 'shop-network' } = {},
  options: { payments?: PaymentServiceOptions; again?: Till } = {},
) {
  // `again`: the same till started anew on its data folder (its settings, journal and keys), after a close.
  const dir = options.again?.dir ?? mkdtempSync(join(tmpdir(), 'ecr-'));
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    payments: createPaymentModule({ ...FAST, ...options.payments }),
    registerHeartbeatMs: 200,
  });
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  const port = options.again?.port ?? (await freePort());
  if (!options.again) {
    await core.handlers['settings.save']({
      settings: {
        ecr: {
          enabled: true,
          port,
          network: ecr.network ?? 'this-computer',
          refundsAllowed: ecr.refundsAllowed ?? true,
        },
      },
      // Register refunds and keys need an admin PIN (settings/admin-pin-first.ts); saving it opens the admin's window.
      secrets: { adminPin: '8642' },
    });
  }
  const status = await waitFor(async () => {
    const now = await core.handlers['ecr.status']({});
    return now.baseUrl === null ? undefined : now;
  });
  const key = options.again?.register.key ?? (await core.handlers['ecr.createKey']({ name: 'Front register' })).key;
  const info = await core.handlers['app.info']({});
  const till: Till = {
    core,
    dir,
    events,
    register: new RegisterClient(status.baseUrl!.replace('0.0.0.0', '127.0.0.1'), key),
    control: `${info.sandboxBaseUrl}/_sandbox`,
    port,
  };
  opened.push(till);
  return till;
}

async function consumer(till: Till, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${till.control}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

let keySequence = 0;
const newKey = (): string => `register-${process.pid}-${++keySequence}-${Date.now()}`;

async function startSale(till: Till, body: Record<string, unknown>): Promise<Payment> {
  const answer = await till.register.post<Payment>('/payments', body, newKey());
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The register's long poll, asked again until the payment reaches `status` (each answer: a change, or the wait). */
async function longPollUntil(till: Till, referenceId: string, status: string, rounds = 8): Promise<Payment[]> {
  const seen: Payment[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const answer = await till.register.get<Payment>(`/payments/${referenceId}?waitSeconds=5`);
    expect(answer.status).toBe(200);
    seen.push(answer.body);
    if (answer.body.status === status) return seen;
  }
  throw new Error(`${referenceId} never reached ${status}: ${seen.map((p) => p.status).join(' → ')}`);
}

describe('the register connection', () => {
  it('serves an OpenAPI 3.1 document that a real validator accepts, generated from the server’s schemas', async () => {
    const till = await openTill();
    const document = await till.register.document();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document['openapi']).toBe('3.1.0');
    const schemas = (document['components'] as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas['CreatePayment']!.required).toEqual(['amountMinor', 'currency', 'method']);
    expect(schemas['Payment']!.required).toEqual(
      expect.arrayContaining(['referenceId', 'status', 'amount', 'qrPayload', 'orderReference', 'refundable']),
    );
  });

  it('a merchant-QR sale: shown on the till at once, paid by the customer, and the long poll answers paid', async () => {
    const till = await openTill();
    const created = await startSale(till, {
      amountMinor: 1234,
      currency: 'SGD',
      method: 'merchant-qr',
      orderReference: 'POS-ORDER-42',
      note: 'table 7',
    });
    expect(created).toMatchObject({
      status: 'waiting',
      amount: { amountMinor: 1234, currency: 'SGD' },
      orderReference: 'POS-ORDER-42',
      note: 'table 7',
      method: 'merchant-qr',
    });
    expect(created.qrPayload).toMatch(/^sandbox-wallet:\/\/pay\//);
    // The cashier's screen heard of it at once: the sale with its origin, and the payment.
    const shown = till.events.find((e) => e.event === 'ecr.sale')?.payload as RegisterSale;
    expect(shown).toMatchObject({ referenceId: created.referenceId, keyName: 'Front register', state: 'started' });
    const detail = await till.core.handlers['payments.get']({ referenceId: created.referenceId });
    expect(detail.payment.fromRegister).toEqual({
      keyId: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      keyName: 'Front register',
      orderReference: 'POS-ORDER-42',
    });
    // The provider got the register's order reference.
    const truth = (await (await fetch(`${till.control}/orders/${created.referenceId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(truth['orderMetadata']).toMatchObject({ merchantOrderReference: 'POS-ORDER-42' });

    await consumer(till, '/consumer/scan', { qrPayload: created.qrPayload });
    await consumer(till, '/consumer/confirm', { referenceId: created.referenceId });
    const seen = await longPollUntil(till, created.referenceId, 'paid');
    expect(seen.at(-1)).toMatchObject({
      status: 'paid',
      providerStatus: 'CAPTURED',
      refundable: { amountMinor: 1234 },
    });
  });

  it('a long poll holds its answer until the status changes, and answers after waitSeconds when nothing does', async () => {
    const till = await openTill();
    const created = await startSale(till, { amountMinor: 500, currency: 'SGD', method: 'merchant-qr' });
    const started = Date.now();
    const unchanged = await till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=1`);
    expect(unchanged.body.status).toBe('waiting');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const held = till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=30`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await consumer(till, '/consumer/scan', { qrPayload: created.qrPayload });
    const changed = Date.now();
    expect((await held).body.status).toBe('scanned');
    expect(Date.now() - changed).toBeLessThan(5_000);
    const tooLong = await till.register.get(`/payments/${created.referenceId}?waitSeconds=61`);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
  });

  it('a customer-QR sale waits for the scan at the till, which pays it through the scan path', async () => {
    const till = await openTill();
    const created = await startSale(till, {
      amountMinor: 880,
      currency: 'SGD',
      method: 'customer-qr',
      orderReference: 'POS-ORDER-43',
    });
    expect(created).toMatchObject({ status: 'waiting', method: 'customer-qr', providerStatus: null, qrPayload: null });
    const waiting = till.events.find((e) => e.event === 'ecr.sale')?.payload as RegisterSale;
    expect(waiting).toMatchObject({ referenceId: created.referenceId, state: 'waiting', payment: null });
    expect(await till.core.handlers['ecr.openSale']({})).toMatchObject({ referenceId: created.referenceId });

    // The cashier's USB scanner reads the customer's code: the scan screen charges it for this sale.
    const minted = await consumer(till, '/consumer-codes', { behaviour: 'approve' });
    const view = await till.core.handlers['payments.chargeCustomerQr']({
      amountMinor: 880,
      currency: 'SGD',
      consumerCode: minted['code'] as string,
      registerSale: created.referenceId,
    });
    expect(view.referenceId).toBe(created.referenceId);
    expect(view.fromRegister).toEqual({
      keyId: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      keyName: 'Front register',
      orderReference: 'POS-ORDER-43',
    });
    const seen = await longPollUntil(till, created.referenceId, 'paid');
    expect(seen.at(-1)).toMatchObject({ status: 'paid', method: 'customer-qr' });
    // The sale is closed: another scan for it is refused, and the till is free again.
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 880,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: created.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'order.duplicate-reference' });
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
  });

  it('cancels over the connection: a merchant-QR payment at the provider, a customer-QR sale before its scan', async () => {
    const till = await openTill();
    const qr = await startSale(till, { amountMinor: 700, currency: 'SGD', method: 'merchant-qr' });
    const cancelled = await till.register.post<Payment>(`/payments/${qr.referenceId}/cancel`, {}, newKey());
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', providerStatus: 'CANCELLED', canCancel: false });

    const scan = await startSale(till, { amountMinor: 710, currency: 'SGD', method: 'customer-qr' });
    const called = await till.register.request<Payment>('POST', `/payments/${scan.referenceId}/cancel`, {
      idempotencyKey: newKey(),
    });
    expect(called).toMatchObject({ status: 200, body: { status: 'cancelled', providerStatus: null } });
    // Nothing ever reached the provider for it.
    expect((await fetch(`${till.control}/orders/${scan.referenceId}`)).status).toBe(404);
    // A scan that comes too late is refused with the reason.
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 710,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: scan.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'ecr.sale-cancelled' });
  });

  it('refunds over the connection when allowed, through the refund path (write-ahead, no supervisor PIN)', async () => {
    const till = await openTill({ refundsAllowed: true });
    const paid = await startSale(till, { amountMinor: 2000, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(till, paid.referenceId, 'paid');
    const refundKey = newKey();
    const refund = await till.register.post<Record<string, unknown>>(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: 'returned one item' },
      refundKey,
    );
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      referenceId: paid.referenceId,
      amount: { amountMinor: 500 },
      state: 'succeeded',
    });
    expect(refund.body['payment']).toMatchObject({ refunded: { amountMinor: 500 }, refundable: { amountMinor: 1500 } });
    // The same request again (a lost answer): the same refund, not a second one.
    const again = await till.register.post<Record<string, unknown>>(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: 'returned one item' },
      refundKey,
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body['refundId']).toBe(refund.body['refundId']);
    const truth = (await (await fetch(`${till.control}/orders/${paid.referenceId}`)).json()) as { refunds: unknown[] };
    expect(truth.refunds).toHaveLength(1);
    const detail = await till.core.handlers['payments.get']({ referenceId: paid.referenceId });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ reason: 'returned one item', state: 'succeeded' });
  });

  it('refuses refunds when Settings do not allow them over the connection: 403 ecr.refunds-disabled', async () => {
    const till = await openTill({ refundsAllowed: false });
    const paid = await startSale(till, { amountMinor: 2100, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(till, paid.referenceId, 'paid');
    const refused = await till.register.post(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 100, reason: 'no' },
      newKey(),
    );
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'ecr.refunds-disabled', type: 'urn:wallet-pos:problem:ecr.refunds-disabled', status: 403 },
    });
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const truth = (await (await fetch(`${till.control}/orders/${paid.referenceId}`)).json()) as { refunds: unknown[] };
    expect(truth.refunds).toHaveLength(0);
  });

  it('refuses a wrong key and a revoked key (401), and closes the revoked key’s event stream', async () => {
    const till = await openTill();
    const wrong = await till.register.request('GET', '/payments/TILL01-20260101-AAAAAAAA', { key: 'ecr_wrong' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const none = await till.register.request('GET', '/openapi.json', { key: null });
    expect(none).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });

    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    expect(stream.status).toBe(200);
    const events = serverSentEvents(stream);
    const ended = (async () => {
      for await (const _ of events) void _;
      return 'ended';
    })();
    await till.core.handlers['ecr.revokeKey']({ name: 'Front register' });
    expect(await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000))])).toBe(
      'ended',
    );
    const revoked = await till.register.post(
      '/payments',
      { amountMinor: 100, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(revoked).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
    expect(await till.core.handlers['ecr.keys']({})).toEqual([]);
  });

  it('every POST needs an Idempotency-Key (400); the same key replays its payment; with another body: 409', async () => {
    const till = await openTill();
    const body = { amountMinor: 300, currency: 'SGD', method: 'merchant-qr' };
    const missing = await till.register.post('/payments', body, null);
    expect(missing).toMatchObject({ status: 400, body: { code: 'ecr.idempotency-key-missing' } });
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 0 });

    const key = newKey();
    const first = await till.register.post<Payment>('/payments', body, key);
    expect(first.status).toBe(201);
    const replay = await till.register.post<Payment>('/payments', { ...body }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.referenceId).toBe(first.body.referenceId);
    const other = await till.register.post('/payments', { ...body, amountMinor: 301 }, key);
    expect(other).toMatchObject({ status: 409, body: { code: 'ecr.idempotency-conflict' } });
    // One payment, one order.
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 1 });
    const orders = (await (await fetch(`${till.control}/orders`)).json()) as { orders: unknown[] };
    expect(orders.orders).toHaveLength(1);

    const invalid = await till.register.post('/payments', { amountMinor: 12.5, currency: 'SGD' }, newKey());
    expect(invalid).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    expect((invalid.body as { detail: string }).detail).toMatch(/amountMinor/);
    const badReference = await till.register.post('/payments', { ...body, orderReference: 'no spaces!' }, newKey());
    expect(badReference).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
  });

  it('two requests with one key at the same time make one payment', async () => {
    const till = await openTill();
    const key = newKey();
    const body = { amountMinor: 350, currency: 'SGD', method: 'merchant-qr' };
    const [a, b] = await Promise.all([
      till.register.post<Payment>('/payments', body, key),
      till.register.post<Payment>('/payments', body, key),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.referenceId).toBe(b.body.referenceId);
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 1 });
  });

  it('one sale at a time: a second register sale while one is open is refused 409 ecr.busy', async () => {
    const till = await openTill();
    const first = await startSale(till, { amountMinor: 400, currency: 'SGD', method: 'customer-qr' });
    const second = await till.register.post(
      '/payments',
      { amountMinor: 401, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(second).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    await till.register.post(`/payments/${first.referenceId}/cancel`, {}, newKey());
    const open = await startSale(till, { amountMinor: 402, currency: 'SGD', method: 'merchant-qr' });
    const third = await till.register.post(
      '/payments',
      { amountMinor: 403, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(third).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    // The cashier's own sale on the payment screen makes the till busy too (ecr-busy.sandbox.test.ts: the rest).
    await till.register.post(`/payments/${open.referenceId}/cancel`, {}, newKey());
    const cashiers = await till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 404, currency: 'SGD' });
    await till.core.handlers['payments.cashierSale']({
      window: 'cashier-window',
      sale: { surface: 'payment', referenceId: cashiers.referenceId },
    });
    const fourth = await till.register.post(
      '/payments',
      { amountMinor: 405, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(fourth).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
  });

  it('a customer-QR sale nobody scans expires like a QR: the register hears expired, the till is free, a late scan is refused', async () => {
    const lifetimeMs = 1_500;
    const till = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs } });
    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    const events = serverSentEvents(stream);
    const created = await startSale(till, { amountMinor: 920, currency: 'SGD', method: 'customer-qr' });
    expect(Date.parse(created['expiresAt'] as string) - Date.parse(created['createdAt'] as string)).toBe(lifetimeMs);
    const busy = await till.register.post(
      '/payments',
      { amountMinor: 921, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });

    // Its long poll answers expired when the wait runs out, with nobody touching the till or the register.
    const polled = await till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=10`);
    expect(polled.body).toMatchObject({ status: 'expired', canCancel: false, providerStatus: null });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(created['expiresAt'] as string));
    for await (const event of events) {
      const payment = JSON.parse(event.data) as Payment;
      await till.register.checkEvent(payment);
      if (payment.status === 'expired') break;
    }
    // The cashier's screen heard it (it leaves the scan prompt), and the till is free for the next sale.
    expect(till.events.filter((e) => e.event === 'ecr.sale').map((e) => (e.payload as RegisterSale).state)).toEqual([
      'waiting',
      'expired',
    ]);
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 920,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: created.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'ecr.sale-expired' });
    const late = await till.register.post(`/payments/${created.referenceId}/cancel`, {}, newKey());
    expect(late).toMatchObject({ status: 409, body: { code: 'ecr.sale-expired' } });
    // Nothing ever reached the provider for it.
    expect((await fetch(`${till.control}/orders/${created.referenceId}`)).status).toBe(404);
    const next = await startSale(till, { amountMinor: 930, currency: 'SGD', method: 'customer-qr' });
    expect(next.status).toBe('waiting');
  });

  it('a customer-QR sale that expired while the till was down is expired when it starts again', async () => {
    const lifetimeMs = 800;
    const first = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs } });
    const created = await startSale(first, { amountMinor: 940, currency: 'SGD', method: 'customer-qr' });
    await first.core.close();
    opened.splice(opened.indexOf(first), 1);
    await new Promise((resolve) => setTimeout(resolve, lifetimeMs + 200));

    const till = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs }, again: first });
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
    const now = await till.register.get<Payment>(`/payments/${created.referenceId}`);
    expect(now.body).toMatchObject({ status: 'expired', expiresAt: created['expiresAt'] });
    const next = await startSale(till, { amountMinor: 950, currency: 'SGD', method: 'customer-qr' });
    expect(next.status).toBe('waiting');
  });

  it('sends payment.updated events of its own key’s payments over SSE', async () => {
    const till = await openTill();
    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = serverSentEvents(stream);
    const created = await startSale(till, { amountMinor: 600, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: created.referenceId });
    const statuses: string[] = [];
    for await (const event of events) {
      expect(event.event).toBe('payment.updated');
      const payment = JSON.parse(event.data) as Payment;
      await till.register.checkEvent(payment);
      expect(payment.referenceId).toBe(created.referenceId);
      statuses.push(payment.status);
      if (payment.status === 'paid') break;
    }
    expect(statuses).toEqual(expect.arrayContaining(['sending', 'waiting', 'paid']));
  });

  it('answers only at the till’s own address and never to a browser page (DNS rebinding, cross-site)', async () => {
    const till = await openTill();
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: till.port,
            path: '/ecr/v1/openapi.json',
            headers: { Authorization: `Bearer ${till.register.key}`, ...headers },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    expect((await ask({})).status).toBe(200);
    const rebound = await ask({ Host: `evil.example:${till.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'ecr.forbidden' });
    expect((await ask({ Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('keys are admin-only once an admin PIN exists, shown once, and kept only as a hash', async () => {
    const till = await openTill();
    const { key } = await till.core.handlers['ecr.createKey']({ name: 'Back office' });
    expect(key).toMatch(/^ecr_[A-Za-z0-9_-]{43}$/);
    const file = readFileSync(join(till.dir, 'register-keys.json'), 'utf8');
    expect(file).not.toContain(key);
    expect(file).not.toContain(till.register.key);
    expect(statSync(join(till.dir, 'register-keys.json')).mode & 0o777).toBe(0o600);
    await expect(till.core.handlers['ecr.createKey']({ name: 'Back office' })).rejects.toMatchObject({
      code: 'ecr.key-name-taken',
    });
    await till.core.handlers['settings.save']({ secrets: { adminPin: '9753' } });
    // Saving the PIN opened the admin's window; once it lapses the keys are locked.
    await till.core.close();
    opened.splice(opened.indexOf(till), 1);
    const reopened = await createCore({
      dataDir: till.dir,
      vault: new DevelopmentFileVault(join(till.dir, 'vault.json')),
      transport: 'web',
      version: '9.9.9',
      statusIntervalMs: 60_000,
    });
    try {
      await expect(reopened.handlers['ecr.keys']({})).rejects.toMatchObject({ code: 'admin.pin-required' });
      await expect(reopened.handlers['ecr.newCertificate']({})).rejects.toMatchObject({ code: 'admin.pin-required' });
      await expect(reopened.handlers['ecr.createKey']({ name: 'Sneaky' })).rejects.toMatchObject({
        code: 'admin.pin-required',
      });
      await expect(reopened.handlers['ecr.revokeKey']({ name: 'Back office' })).rejects.toMatchObject({
        code: 'admin.pin-required',
      });
      expect(await reopened.handlers['settings.verifyPin']({ kind: 'admin', pin: '9753' })).toEqual({ valid: true });
      expect((await reopened.handlers['ecr.keys']({})).map((k) => k.name)).toEqual(['Front register', 'Back office']);
    } finally {
      await reopened.close();
      rmSync(till.dir, { recursive: true, force: true });
    }
  });

  it('on the shop network: HTTPS with the till’s own certificate, kept, whose fingerprint a register pins', async () => {
    const till = await openTill({ network: 'shop-network' });
    const status = await till.core.handlers['ecr.status']({});
    expect(status.baseUrl).toMatch(/^https:\/\//);
    expect(status.certificate?.sha256Fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(statSync(join(till.dir, CERTIFICATE_FOLDER, 'private-key.pem')).mode & 0o777).toBe(0o600);
    // A register that pins the fingerprint (and trusts nothing else) gets through; plain HTTP does not.
    const pinned = await new Promise<{ status: number; fingerprint: string }>((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: till.port,
          path: '/ecr/v1/openapi.json',
          headers: { Authorization: `Bearer ${till.register.key}` },
          rejectUnauthorized: false,
        },
        (response) => {
          const certificate = (response.socket as TLSSocket).getPeerCertificate();
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, fingerprint: certificate.fingerprint256 }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(pinned).toEqual({ status: 200, fingerprint: status.certificate!.sha256Fingerprint });
    await expect(fetch(`http://127.0.0.1:${till.port}/ecr/v1/openapi.json`)).rejects.toThrow();
    // Back to this computer and again to the shop network: the same certificate (a pinned register keeps working).
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: true, port: till.port, network: 'this-computer', refundsAllowed: true } },
    });
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: true, port: till.port, network: 'shop-network', refundsAllowed: true } },
    });
    const again = await waitFor(async () => (await till.core.handlers['ecr.status']({})).certificate ?? undefined);
    expect(again.sha256Fingerprint).toBe(status.certificate!.sha256Fingerprint);
  });

  it('stops listening when turned off in Settings', async () => {
    const till = await openTill();
    expect((await till.register.get('/openapi.json')).status).toBe(200);
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: false, port: till.port, network: 'this-computer', refundsAllowed: true } },
    });
    await waitFor(async () => ((await till.core.handlers['ecr.status']({})).baseUrl === null ? true : undefined));
    await expect(fetch(`${till.register.baseUrl}/openapi.json`)).rejects.toThrow();
  });
});
