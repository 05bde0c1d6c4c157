import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../server.ts';
import { controlCall, createOrder, signedCall, startTestSandbox, waitFor } from '../sandbox.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// Payment notifications (wire-details §2.6) received by a tiny real HTTP receiver in the test.

interface Received {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly raw: string;
  readonly body: Record<string, unknown>;
  /** performance.now() when the request arrived (monotonic, as the sandbox's timers are). */
  readonly at: number;
}

interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Status to answer with, per request index (default 200). */
  answer: (index: number) => number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver = { received, answer: (_index: number) => 200 } as {
    received: Received[];
    answer: (index: number) => number;
  };
  const server: Server = createServer((req, res) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      const status = receiver.answer(received.length);
      received.push({ headers: req.headers, raw, body, at: arrivedAt });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ referenceId: body.referenceId }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/instore?till=1`;
  return Object.assign(receiver, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** Independent of signer.ts: the recipe written out by hand (wire-details §2.2). */
function expectedSignature(secret: string, date: string, url: string, raw: string): string {
  const digest = createHash('sha256').update(raw).digest('hex');
  return createHmac('sha256', secret).update(['POST', 'application/json', date, url, digest].join('\n')).digest('hex');
}

let sandbox: RunningSandbox;
let receiver: Receiver;
afterEach(async () => {
  await sandbox?.close();
  await receiver?.close();
});

const statuses = (r: Receiver): string[] => r.received.map((x) => x.body.status as string);

describe('payment notification webhook', () => {
  it('posts every status change with the documented body, signed over the receiver URL', async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url, amount: 1500 });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitFor(() => (receiver.received.length >= 3 ? true : undefined), 3_000, 'three notifications');
    expect(statuses(receiver).sort()).toEqual(['CAPTURED', 'PENDING', 'PROCESSING']);
    const captured = receiver.received.find((r) => r.body.status === 'CAPTURED')!;
    expect(Object.keys(captured.body).sort()).toEqual(
      [
        'currency',
        'createdAt',
        'failureReason',
        'orderAmount',
        'paymentType',
        'posId',
        'referenceId',
        'refundAmount',
        'shopbackOrderId',
        'status',
        'traceId',
        'updatedAt',
      ].sort(),
    );
    expect(captured.body).toMatchObject({
      referenceId,
      orderAmount: 1500,
      refundAmount: 0,
      currency: 'SGD',
      posId: 'POS-DEMO-1',
      paymentType: 'PAY',
      failureReason: null,
    });
    for (const delivery of receiver.received) {
      const date = delivery.headers.date as string;
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers.authorization).toBe(
        `SB1-HMAC-SHA256 AK_DEMO:${expectedSignature('SK_DEMO', date, receiver.url, delivery.raw)}`,
      );
    }
  });

  it('a status change due on a slow scheduling clock still goes out when its timer fires early, with no request to sweep it', async () => {
    receiver = await startReceiver();
    // The scheduling clock runs at half speed: every timer fires before the clock reaches its time.
    const start = Date.now();
    sandbox = await startTestSandbox({ now: () => start + (Date.now() - start) / 2 });
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url, amount: 1500 });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    // Nothing calls the sandbox from here on: only its own timer can capture the order and notify it.
    await waitFor(
      () => (statuses(receiver).includes('CAPTURED') ? true : undefined),
      3_000,
      'the CAPTURED notification',
    );
  });

  it('notifies refunds with the running refundAmount, then REFUNDED', async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url, amount: 1000 });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitFor(() => (statuses(receiver).includes('CAPTURED') ? true : undefined));
    const before = receiver.received.length;
    const refund = (amount: number) =>
      signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/refund`, { amount, referenceId });
    await refund(400);
    await waitFor(() => (receiver.received.length === before + 1 ? true : undefined));
    await refund(600);
    await waitFor(() => (receiver.received.length === before + 2 ? true : undefined));
    const refunds = receiver.received.slice(before).map((r) => [r.body.status, r.body.refundAmount]);
    expect(refunds).toEqual([
      ['CAPTURED', 400],
      ['REFUNDED', 1000],
    ]);
  });

  it('retries on a non-200 answer with backoff until one is accepted', async () => {
    receiver = await startReceiver();
    receiver.answer = (index) => (index < 2 ? 500 : 200);
    sandbox = await startTestSandbox({ webhookRetryBaseMs: 60 });
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url });
    await controlCall(sandbox, 'POST', '/consumer/decline', { referenceId, reason: 'INSUFFICIENT_FUNDS' });
    // decline from CREATED notifies PENDING then FAILED; the first two attempts (whichever they are) get 500.
    await waitFor(
      async () => {
        const log = (await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as { state: string }[];
        return log.length === 2 && log.every((d) => d.state === 'delivered') ? true : undefined;
      },
      5_000,
      'both deliveries to succeed',
    );
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.raw)).size).toBe(2);
    const deliveries = (await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as {
      attempts: { status: number }[];
    }[];
    expect(deliveries.flatMap((d) => d.attempts.map((a) => a.status)).sort()).toEqual([200, 200, 500, 500]);
    // Retried bodies are the same bytes; each retry is signed afresh and still verifies.
    for (const delivery of receiver.received) {
      const date = delivery.headers.date as string;
      expect(delivery.headers.authorization).toBe(
        `SB1-HMAC-SHA256 AK_DEMO:${expectedSignature('SK_DEMO', date, receiver.url, delivery.raw)}`,
      );
    }
  });

  it('sends every notification twice under the webhookDuplicates fault', async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    await controlCall(sandbox, 'POST', '/faults', { webhookDuplicates: true });
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url });
    await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, {});
    await waitFor(() => (receiver.received.length >= 2 ? true : undefined));
    await sleep(100);
    expect(statuses(receiver)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(receiver.received[0]!.raw).toBe(receiver.received[1]!.raw);
  });

  it('sends each attempt webhookDelayMs late under the fault, duplicates and retries included', async () => {
    const DELAY = 300;
    const RETRY_BASE = 50;
    // Node timers may fire up to 1 ms early against performance.now() (millisecond rounding): allow 2 ms.
    const EARLY_TOLERANCE = 2;
    receiver = await startReceiver();
    receiver.answer = (index) => (index === 0 ? 500 : 200);
    sandbox = await startTestSandbox({ webhookRetryBaseMs: RETRY_BASE });
    const set = await controlCall(sandbox, 'POST', '/faults', { webhookDelayMs: DELAY, webhookDuplicates: true });
    expect(set.body).toMatchObject({ webhookDelayMs: DELAY, webhookDuplicates: true });
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url });
    const beforeChange = performance.now();
    await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, {});
    // Two copies; one of them is refused once and retried: three arrivals in all.
    await waitFor(() => (receiver.received.length >= 3 ? true : undefined), 5_000, 'three arrivals');
    const [first, second, retry] = receiver.received.map((r) => r.at - beforeChange);
    expect(first).toBeGreaterThanOrEqual(DELAY - EARLY_TOLERANCE);
    expect(second).toBeGreaterThanOrEqual(DELAY - EARLY_TOLERANCE);
    // The retry waits its backoff AND the delay after the refused attempt.
    expect(retry! - first!).toBeGreaterThanOrEqual(RETRY_BASE + DELAY - EARLY_TOLERANCE);
    expect(statuses(receiver)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    const deliveries = await waitFor(async () => {
      const log = (await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries as {
        state: string;
        attempts: unknown[];
      }[];
      return log.every((d) => d.state === 'delivered') ? log : undefined;
    });
    expect(deliveries.map((d) => d.attempts.length).sort()).toEqual([1, 2]);
  });

  it('stops retrying when the sandbox closes', async () => {
    receiver = await startReceiver();
    receiver.answer = () => 503;
    sandbox = await startTestSandbox({ webhookRetryBaseMs: 40 });
    const { referenceId } = await createOrder(sandbox, { webhookUrl: receiver.url });
    await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, {});
    await waitFor(() => (receiver.received.length >= 2 ? true : undefined));
    await sandbox.close();
    const count = receiver.received.length;
    await sleep(400);
    expect(receiver.received.length).toBe(count);
  });

  it('sends nothing for orders without a webhookUrl', async () => {
    receiver = await startReceiver();
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox);
    await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, {});
    expect((await controlCall(sandbox, 'GET', '/webhooks')).body.deliveries).toEqual([]);
  });
});
