import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../../shared/notices.ts';
import type { OrderStatus } from '../../../shared/payments.ts';
import { DEMO_CREDENTIALS, startSandbox, type SandboxMerchant } from '../../sandbox/server.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { createInStoreClient, type InStoreClient, type InStoreClientConfig } from './client.ts';
import { isOutcomeUnknown } from '../http/failures.ts';
import { caught } from '../../testing/helpers.ts';
import { demoSandboxClient } from './sandbox-client.test-helper.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';

// The client against the embedded sandbox over real sockets: every endpoint, every documented error, the
// idempotent retry after "acted but the connection dropped", and the retry policy as the sandbox sees it.

const OTHER_MERCHANT: SandboxMerchant = {
  name: 'Other Shop',
  accessKeyId: 'AK_OTHER',
  accessKeySecret: 'SK_OTHER',
  country: 'SG',
  posIds: ['POS-OTHER-1'],
};

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 7,
    confirmDelayMs: 30,
    merchants: [
      {
        name: 'Demo Coffee Bar',
        accessKeyId: DEMO_CREDENTIALS.accessKeyId,
        accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
        country: 'SG',
        posIds: [DEMO_CREDENTIALS.posId],
      },
      OTHER_MERCHANT,
    ],
  });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await control('DELETE', '/faults');
});

async function control(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.origin}/_sandbox${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

interface Truth {
  status: OrderStatus;
  refundAmount: number;
  refunds: { amount: number }[];
  orderAmount: number;
  qrPayload: string | null;
}
const truth = async (referenceId: string) => (await control('GET', `/orders/${referenceId}`)) as unknown as Truth;

function makeClient(overrides: Partial<InStoreClientConfig> = {}): {
  client: InStoreClient;
  exchanges: HttpExchange[];
} {
  return demoSandboxClient(sandbox.instoreBaseUrl, overrides);
}

let sequence = 0;
const newReference = (label: string) => `it-${label}-${Date.now().toString(36)}-${sequence++}`;
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

async function waitForStatus(client: InStoreClient, referenceId: string, wanted: OrderStatus): Promise<void> {
  let status: OrderStatus | undefined;
  await waitFor(
    async () => {
      status = (await client.getOrder(referenceId)).status;
      return status === wanted ? status : undefined;
    },
    5_000,
    () => `order ${referenceId} to be ${wanted}; it stayed ${status}`,
  );
}

/** A captured merchant-presented QR order, paid through the sandbox's consumer side. */
async function capturedOrder(client: InStoreClient, amountMinor = 1_000): Promise<string> {
  const referenceId = newReference('paid');
  const created = await client.createOrder({ referenceId, amount: sgd(amountMinor), qrType: 'payload' });
  await control('POST', '/consumer/scan', { qrPayload: created.qrCode });
  await control('POST', '/consumer/confirm', { referenceId });
  await waitForStatus(client, referenceId, 'CAPTURED');
  return referenceId;
}

describe('every endpoint', () => {
  it('merchant-presented QR: create → consumer scans and confirms → CAPTURED → partial then full refund', async () => {
    const { client } = makeClient();
    const referenceId = newReference('mqr');
    const created = await client.createOrder({
      referenceId,
      amount: sgd(1_234),
      qrType: 'payload',
      partner: { merchantId: 'M00001', merchantCategoryCode: 5411, merchantTradingName: 'Demo Coffee Bar' },
      orderMetadata: { terminalReference: 'TILL-01', merchantOrderReference: 'ORDER-00001' },
    });
    expect(created.referenceId).toBe(referenceId);
    expect(created.qrType).toBe('payload');
    expect(created.qrCode.length).toBeGreaterThan(10);

    expect((await client.getOrder(referenceId)).status).toBe('CREATED');
    await control('POST', '/consumer/scan', { qrPayload: created.qrCode });
    expect((await client.getOrder(referenceId)).status).toBe('PENDING');
    await control('POST', '/consumer/confirm', { referenceId });
    await waitForStatus(client, referenceId, 'CAPTURED');
    const paid = await client.getOrder(referenceId);
    expect(paid).toMatchObject({
      referenceId,
      status: 'CAPTURED',
      orderAmount: 1_234,
      currency: 'SGD',
      paymentType: 'PAY',
    });
    expect(paid.shopbackOrderId).toMatch(/^\d{6}-\d{4}-[A-Z]{4}$/);

    const partial = await client.refundOrder({
      referenceId,
      amount: sgd(234),
      reason: 'Wrong item',
      terminalReference: 'TILL-01',
    });
    expect(partial).toMatchObject({ referenceId, shopbackOrderId: paid.shopbackOrderId });
    expect(await client.getOrder(referenceId)).toMatchObject({ status: 'CAPTURED', refundAmount: 234 });
    await client.refundOrder({ referenceId, amount: sgd(1_000) });
    expect(await client.getOrder(referenceId)).toMatchObject({ status: 'REFUNDED', refundAmount: 1_234 });
    expect((await truth(referenceId)).refunds.map((r) => r.amount)).toEqual([234, 1_000]);
  });

  it('create with qrType base64 and url_payload', async () => {
    const { client } = makeClient();
    const image = await client.createOrder({ referenceId: newReference('b64'), amount: sgd(500), qrType: 'base64' });
    expect(image.qrCode).toMatch(/^data:image\/png;base64,/);
    const redirect = await client.createOrder({
      referenceId: newReference('url'),
      amount: sgd(500),
      qrType: 'url_payload',
    });
    expect(() => new URL(redirect.qrCode)).not.toThrow();
  });

  it('customer-presented QR: scan a consumer code → CAPTURED', async () => {
    const { client } = makeClient();
    const { codes } = (await control('POST', '/consumer-codes', { count: 1, behaviour: 'approve' })) as {
      codes: string[];
    };
    const referenceId = newReference('cqr');
    const scanned = await client.scanOrder({
      referenceId,
      amount: sgd(880),
      consumerQrPayload: codes[0]!,
      orderMetadata: { terminalReference: 'TILL-01' },
    });
    expect(scanned.referenceId).toBe(referenceId);
    await waitForStatus(client, referenceId, 'CAPTURED');
    const reused = await caught(
      client.scanOrder({ referenceId: newReference('cqr2'), amount: sgd(880), consumerQrPayload: codes[0]! }),
    );
    expect(reused.code).toBe('consumer-code.already-used');
    const unknown = await caught(
      client.scanOrder({ referenceId: newReference('cqr3'), amount: sgd(880), consumerQrPayload: 'NOT-A-WALLET-CODE' }),
    );
    expect(unknown.code).toBe('consumer-code.invalid');
  });

  it('cancel before the customer confirms → CANCELLED', async () => {
    const { client } = makeClient();
    const referenceId = newReference('cancel');
    await client.createOrder({ referenceId, amount: sgd(300), qrType: 'payload' });
    const cancelled = await client.cancelOrder({ referenceId, reason: 'Customer changed their mind' });
    expect(cancelled.referenceId).toBe(referenceId);
    expect((await client.getOrder(referenceId)).status).toBe('CANCELLED');
  });

  it('a declined payment reads FAILED with the reason', async () => {
    const { client } = makeClient();
    const referenceId = newReference('decl');
    await client.createOrder({ referenceId, amount: sgd(300), qrType: 'payload' });
    await control('POST', '/consumer/decline', { referenceId, reason: 'CONSUMER_DECLINED' });
    expect(await client.getOrder(referenceId)).toMatchObject({ status: 'FAILED', failureReason: 'CONSUMER_DECLINED' });
  });
});

describe('every documented error', () => {
  it.each([
    [
      'wrong secret',
      'auth.signature',
      { credentials: { accessKeyId: DEMO_CREDENTIALS.accessKeyId, accessKeySecret: 'SK_WRONG' } },
    ],
    ['unknown key', 'auth.unknown-key', { credentials: { accessKeyId: 'AK_NOBODY', accessKeySecret: 'whatever' } }],
    ['unknown posId', 'pos.unknown', { posId: 'POS-NOBODY' }],
    ["another merchant's posId", 'terminal.denied', { posId: OTHER_MERCHANT.posIds[0]! }],
  ] as const)('%s → %s, one request, outcome known', async (_label, code, overrides) => {
    const { client, exchanges } = makeClient(overrides);
    const referenceId = newReference('err');
    const error = await caught(client.createOrder({ referenceId, amount: sgd(100), qrType: 'payload' }));
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ outcomeUnknown: false, attempts: 1 });
    expect(exchanges).toHaveLength(1);
    await expect(truth(referenceId)).rejects.toThrow(/404/);
  });

  it("clock skew (the sandbox's clock 5 min ahead) → auth.clock-skew with the measured skew", async () => {
    await control('POST', '/faults', { clockOffsetMs: 300_000 });
    const { client } = makeClient();
    const error = await caught(client.getOrder(newReference('skew')));
    expect(error.code).toBe('auth.clock-skew');
    const skew = Number(error.details?.skewMs);
    // Our clock minus theirs: we are 5 minutes behind (HTTP-date second precision + latency).
    expect(skew).toBeGreaterThan(-301_500);
    expect(skew).toBeLessThan(-298_500);
    expect(error.message).toMatch(/^This till's clock is 5 min( \d+ s)? behind the provider's/);
    expect(client.lastClockSkewMs).toBe(skew);
  });

  it('a small skew is accepted and still measured for the status bar', async () => {
    await control('POST', '/faults', { clockOffsetMs: -20_000 });
    const { client } = makeClient();
    expect(client.lastClockSkewMs).toBeNull();
    await caught(client.getOrder(newReference('small-skew')));
    expect(client.lastClockSkewMs).toBeGreaterThan(18_500);
    expect(client.lastClockSkewMs).toBeLessThan(21_500);
  });

  it('reused referenceId → order.duplicate-reference', async () => {
    const { client } = makeClient();
    const referenceId = newReference('dup');
    await client.createOrder({ referenceId, amount: sgd(100), qrType: 'payload' });
    const error = await caught(client.createOrder({ referenceId, amount: sgd(100), qrType: 'payload' }));
    expect(error.code).toBe('order.duplicate-reference');
    expect(error.details?.outcomeUnknown).toBe(false);
  });

  it('unknown referenceId → order.not-found', async () => {
    const error = await caught(makeClient().client.getOrder(newReference('missing')));
    expect(error.code).toBe('order.not-found');
  });

  it('refund of an order that is not captured → order.not-captured', async () => {
    const { client } = makeClient();
    const referenceId = newReference('nc');
    await client.createOrder({ referenceId, amount: sgd(100), qrType: 'payload' });
    const error = await caught(client.refundOrder({ referenceId, amount: sgd(100) }));
    expect(error.code).toBe('order.not-captured');
    expect((await truth(referenceId)).refunds).toHaveLength(0);
  });

  it('over-refund → refund.exceeds-refundable', async () => {
    const { client } = makeClient();
    const referenceId = await capturedOrder(client, 1_000);
    await client.refundOrder({ referenceId, amount: sgd(600) });
    const error = await caught(client.refundOrder({ referenceId, amount: sgd(401) }));
    expect(error.code).toBe('refund.exceeds-refundable');
    expect(error.details?.outcomeUnknown).toBe(false);
    expect(await truth(referenceId)).toMatchObject({ refundAmount: 600, status: 'CAPTURED' });
  });

  it('cancel after the customer confirmed → order.not-cancellable', async () => {
    const { client } = makeClient();
    const referenceId = await capturedOrder(client);
    const error = await caught(client.cancelOrder({ referenceId }));
    expect(error.code).toBe('order.not-cancellable');
    expect((await truth(referenceId)).status).toBe('CAPTURED');
  });
});

describe('idempotent retries', () => {
  it('create: acted, connection dropped → retried with the same key → exactly one order', async () => {
    await control('POST', '/faults', { dropAfterActNext: 1, path: '/order/create' });
    const { client, exchanges } = makeClient();
    const referenceId = newReference('drop-create');
    const created = await client.createOrder({ referenceId, amount: sgd(700), qrType: 'payload' });
    expect(created.referenceId).toBe(referenceId);
    expect(exchanges.map((e) => [e.attempt, e.status, e.error?.code ?? null])).toEqual([
      [1, null, 'network.unreachable'],
      [2, 200, null],
    ]);
    expect(exchanges[0]!.idempotencyKey).toBe(exchanges[1]!.idempotencyKey);
    // The second answer is the stored first one: the same QR.
    expect((await truth(referenceId)).qrPayload).toBe(created.qrCode);
    const all = (await control('GET', '/orders')) as { orders: { referenceId: string }[] };
    expect(all.orders.filter((o) => o.referenceId === referenceId)).toHaveLength(1);
  });

  it('refund: acted, connection dropped → retried → exactly one refund', async () => {
    const { client, exchanges } = makeClient();
    const referenceId = await capturedOrder(client, 1_000);
    exchanges.length = 0;
    await control('POST', '/faults', { dropAfterActNext: 1, path: '/refund' });
    await client.refundOrder({ referenceId, amount: sgd(300), reason: 'Damaged' });
    expect(exchanges).toHaveLength(2);
    expect(await truth(referenceId)).toMatchObject({
      refundAmount: 300,
      refunds: [expect.objectContaining({ amount: 300 })],
    });
  });

  it('connection reset before acting → retried → one order', async () => {
    await control('POST', '/faults', { resetNext: 1, path: '/order/create' });
    const { client, exchanges } = makeClient();
    const referenceId = newReference('reset');
    await client.createOrder({ referenceId, amount: sgd(200), qrType: 'payload' });
    expect(exchanges).toHaveLength(2);
    expect((await truth(referenceId)).status).toBe('CREATED');
  });

  it('a timeout after the provider acted leaves the outcome unknown; resending with the journalled key replays it', async () => {
    await control('POST', '/faults', { delayAfterActMs: 600, path: '/order/create' });
    const slow = makeClient({ timeouts: { connectMs: 100, readMs: 150 }, retry: { maxAttempts: 1 } });
    const referenceId = newReference('timeout');
    const key = crypto.randomUUID();
    const error = await caught(
      slow.client.createOrder({ referenceId, amount: sgd(250), qrType: 'payload' }, { idempotencyKey: key }),
    );
    expect(error.code).toBe('network.timeout');
    expect(isOutcomeUnknown(error)).toBe(true);
    await control('DELETE', '/faults');
    // The provider did act: status lookup finds it, and a resend under the same key is a replay, not a 409.
    const { client } = makeClient();
    expect((await client.getOrder(referenceId)).status).toBe('CREATED');
    const replayed = await client.createOrder(
      { referenceId, amount: sgd(250), qrType: 'payload' },
      { idempotencyKey: key },
    );
    expect(replayed.referenceId).toBe(referenceId);
    // A new key is a new request: the reference is taken.
    expect((await caught(client.createOrder({ referenceId, amount: sgd(250), qrType: 'payload' }))).code).toBe(
      'order.duplicate-reference',
    );
  });
});

describe('retry policy as the sandbox sees it', () => {
  it('4xx: exactly one request', async () => {
    const { client, exchanges } = makeClient();
    await caught(client.refundOrder({ referenceId: newReference('4xx'), amount: sgd(100) }));
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.status).toBe(404);
  });

  it('5xx twice, then success on the third attempt with the same key: one order', async () => {
    await control('POST', '/faults', { fail5xxNext: 2, path: '/order/create' });
    const { client, exchanges } = makeClient();
    const referenceId = newReference('5xx-ok');
    await client.createOrder({ referenceId, amount: sgd(150), qrType: 'payload' });
    expect(exchanges.map((e) => e.status)).toEqual([503, 503, 200]);
    expect(new Set(exchanges.map((e) => e.idempotencyKey)).size).toBe(1);
    expect((await truth(referenceId)).status).toBe('CREATED');
  });

  it('5xx on every attempt: bounded, provider.unavailable with the outcome unknown', async () => {
    await control('POST', '/faults', { fail5xxNext: 10, path: '/order/create' });
    const { client, exchanges } = makeClient();
    const referenceId = newReference('5xx-fail');
    const error = await caught(client.createOrder({ referenceId, amount: sgd(150), qrType: 'payload' }));
    expect(error.code).toBe('provider.unavailable');
    expect(error.details).toMatchObject({ outcomeUnknown: true, attempts: 3, httpStatus: 503 });
    expect(exchanges).toHaveLength(3);
    const faults = await control('GET', '/faults');
    expect(faults.fail5xxNext).toBe(7);
    // The sandbox's 503 did not act: the status lookup the payment service would do says so.
    await control('DELETE', '/faults');
    expect((await caught(client.getOrder(referenceId))).code).toBe('order.not-found');
  });
});

describe('testConnection against the sandbox', () => {
  it('accepted with the demo credentials', async () => {
    const result = await makeClient().client.testConnection();
    expect(result).toMatchObject({ reachable: true, signatureAccepted: true });
    expect(Math.abs(result.clockSkewMs ?? Infinity)).toBeLessThan(1_500);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(noticeInEnglish(result.notice)).toContain('signature accepted');
  });

  it('a client built from saved Settings reaches the sandbox with its X-Service- profile', async () => {
    const client = createInStoreClient({
      settings: { ...DEFAULT_SETTINGS, accessKeyId: DEMO_CREDENTIALS.accessKeyId, posId: DEMO_CREDENTIALS.posId },
      accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
      embeddedBaseUrl: sandbox.instoreBaseUrl,
    });
    expect(client.profile).toMatchObject({
      id: 'embedded-sandbox',
      headerPrefix: 'X-Service-',
      baseUrl: sandbox.instoreBaseUrl,
    });
    expect((await client.testConnection()).signatureAccepted).toBe(true);
    const noSecret = createInStoreClient({
      settings: DEFAULT_SETTINGS,
      accessKeySecret: '',
      embeddedBaseUrl: sandbox.instoreBaseUrl,
    });
    const result = await noSecret.testConnection();
    expect(result).toMatchObject({ reachable: false, signatureAccepted: false });
    expect(result.notice).toMatchObject({
      key: 'connection.not-answered',
      params: { error: { code: 'auth.missing' } },
    });
    expect(noticeInEnglish(result.notice)).toContain('No credentials');
  });

  it('names the problem: wrong secret, unknown key, clock', async () => {
    const wrong = await makeClient({
      credentials: { accessKeyId: DEMO_CREDENTIALS.accessKeyId, accessKeySecret: 'nope' },
    }).client.testConnection();
    expect(wrong).toMatchObject({ reachable: true, signatureAccepted: false });
    expect(noticeInEnglish(wrong.notice)).toContain('secret');
    const unknown = await makeClient({
      credentials: { accessKeyId: 'AK_NOPE', accessKeySecret: 'nope' },
    }).client.testConnection();
    expect(noticeInEnglish(unknown.notice)).toContain('does not know this access key');
    await control('POST', '/faults', { clockOffsetMs: -120_000 });
    const skewed = await makeClient().client.testConnection();
    expect(skewed).toMatchObject({ reachable: true, signatureAccepted: false });
    expect(skewed.clockSkewMs).toBeGreaterThan(118_000);
    expect(skewed.notice).toMatchObject({
      key: 'connection.answered-but',
      params: { error: { code: 'auth.clock-skew', notice: { key: 'provider.clock-ahead' } } },
    });
    expect(noticeInEnglish(skewed.notice)).toContain('2 min');
    expect(noticeInEnglish(skewed.notice)).toContain('ahead of');
  });
});
