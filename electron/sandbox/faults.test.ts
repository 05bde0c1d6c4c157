import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED } from './instore/messages.ts';
import type { RunningSandbox } from './server.ts';
import {
  controlCall,
  createBody,
  createOrder,
  orderStatus,
  signedCall,
  startTestSandbox,
} from './sandbox.test-helper.ts';

// Fault injection through /_sandbox/faults, observed by a client over real sockets.

let sandbox: RunningSandbox;
afterEach(() => sandbox?.close());

const CREATE = '/v1/instore/order/create';
const orderCount = async (): Promise<number> =>
  ((await controlCall(sandbox, 'GET', '/orders')).body.orders as unknown[]).length;
const setFaults = async (faults: Record<string, unknown>): Promise<void> => {
  const result = await controlCall(sandbox, 'POST', '/faults', faults);
  expect(result.status).toBe(200);
};

describe('request faults', () => {
  it('fails the next N requests with 503 without acting, then recovers', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ fail5xxNext: 2 });
    const a = await createOrder(sandbox);
    const b = await createOrder(sandbox);
    expect([a.result.status, b.result.status]).toEqual([503, 503]);
    expect(a.result.body).toMatchObject({ statusCode: 503, traceId: expect.any(String) });
    expect(await orderCount()).toBe(0);
    expect((await createOrder(sandbox)).result.status).toBe(200);
    expect((await controlCall(sandbox, 'GET', '/faults')).body.fail5xxNext).toBe(0);
  });

  it('drop-after-act creates the order but never answers; a retry with the same key gets the first answer', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ dropAfterActNext: 1 });
    const key = randomUUID();
    const body = createBody();
    await expect(signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key })).rejects.toThrow();
    expect((await orderStatus(sandbox, body.referenceId as string)).body.status).toBe('CREATED');
    const retry = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    expect(retry.status).toBe(200);
    expect(retry.body.referenceId).toBe(body.referenceId);
    expect(await orderCount()).toBe(1);
  });

  it('reset-before-act drops the connection and leaves nothing behind', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ resetNext: 1 });
    const body = createBody();
    await expect(signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body)).rejects.toThrow();
    expect((await orderStatus(sandbox, body.referenceId as string)).status).toBe(404);
    expect(await orderCount()).toBe(0);
  });

  it('consumes counters one per request in the order reset → 5xx → drop', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ dropAfterActNext: 1, fail5xxNext: 1, resetNext: 1 });
    const bodies = [createBody(), createBody(), createBody(), createBody()];
    const outcomes: (number | 'no answer')[] = [];
    for (const body of bodies) {
      outcomes.push(
        await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body).then(
          (r) => r.status,
          () => 'no answer' as const,
        ),
      );
    }
    expect(outcomes).toEqual(['no answer', 503, 'no answer', 200]);
    const exists = await Promise.all(
      bodies.map(async (b) => (await orderStatus(sandbox, b.referenceId as string)).status === 200),
    );
    expect(exists).toEqual([false, false, true, true]);
  });

  it('limits faults to paths containing `path`', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ fail5xxNext: 1, path: '/cancel' });
    const { referenceId, result } = await createOrder(sandbox);
    expect(result.status).toBe(200);
    const cancel = () => signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, {});
    expect((await cancel()).status).toBe(503);
    expect((await cancel()).status).toBe(200);
  });

  it('adds latency before answering', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ latencyMs: 250 });
    const started = Date.now();
    expect((await createOrder(sandbox)).result.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('delay-after-act lets a client time out although the order was made', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ delayAfterActMs: 1_000 });
    const body = createBody();
    await expect(
      signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { signal: AbortSignal.timeout(150) }),
    ).rejects.toThrow();
    await controlCall(sandbox, 'DELETE', '/faults');
    expect((await orderStatus(sandbox, body.referenceId as string)).body.status).toBe('CREATED');
  });

  it('never applies to the control API', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ fail5xxNext: 3, resetNext: 3 });
    expect((await controlCall(sandbox, 'GET', '/orders')).status).toBe(200);
    expect((await controlCall(sandbox, 'GET', '/faults')).body).toMatchObject({ fail5xxNext: 3, resetNext: 3 });
  });

  it('shows, merges, validates and clears the switches', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ latencyMs: 10 });
    await setFaults({ webhookDuplicates: true });
    expect((await controlCall(sandbox, 'GET', '/faults')).body).toMatchObject({
      latencyMs: 10,
      webhookDuplicates: true,
      path: null,
    });
    expect((await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: -1 })).status).toBe(400);
    expect((await controlCall(sandbox, 'POST', '/faults', { explode: true })).status).toBe(400);
    expect((await controlCall(sandbox, 'POST', '/faults', { webhookDelayMs: 120_001 })).body.message).toBe(
      'webhookDelayMs must be at most 120000 ms.',
    );
    const cleared = await controlCall(sandbox, 'DELETE', '/faults');
    expect(cleared.body).toMatchObject({ latencyMs: 0, webhookDuplicates: false, webhookDelayMs: 0, fail5xxNext: 0 });
  });
});

describe('faults from the start (startSandbox option, the CLI flags)', () => {
  it('applies them before the first request, and reset comes back to them', async () => {
    sandbox = await startTestSandbox({ faults: { fail5xxNext: 1, path: '/order/create', webhookDelayMs: 25 } });
    expect((await controlCall(sandbox, 'GET', '/faults')).body).toMatchObject({
      fail5xxNext: 1,
      path: '/order/create',
      webhookDelayMs: 25,
      latencyMs: 0,
    });
    expect((await createOrder(sandbox)).result.status).toBe(503);
    expect((await createOrder(sandbox)).result.status).toBe(200);
    await setFaults({ latencyMs: 10 });
    const reset = await controlCall(sandbox, 'POST', '/reset');
    expect(reset.body.faults).toMatchObject({
      fail5xxNext: 1,
      path: '/order/create',
      webhookDelayMs: 25,
      latencyMs: 0,
    });
    expect((await createOrder(sandbox)).result.status).toBe(503);
  });

  it("refuses bad start faults with the control API's own message", async () => {
    await expect(startTestSandbox({ faults: { latencyMs: -5 } })).rejects.toThrow(
      'sandbox faults: latencyMs must be a non-negative integer.',
    );
    await expect(startTestSandbox({ faults: { bogus: 1 } as never })).rejects.toThrow('Unknown fault switch "bogus".');
  });
});

describe('clock offset', () => {
  it('skews the Date header and expires signatures made with the true time', async () => {
    sandbox = await startTestSandbox();
    await setFaults({ clockOffsetMs: 5 * 60_000 });
    const result = await createOrder(sandbox);
    expect([result.result.status, result.result.body.message]).toEqual([401, PUBLISHED.expired]);
    const serverDate = Date.parse(result.result.headers.get('date')!);
    expect(Math.abs(serverDate - (Date.now() + 5 * 60_000))).toBeLessThan(3_000);
    // A client that measures the skew from the Date header and signs with the server's time gets through.
    const skewed = await createOrder(sandbox, {}, { date: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect(skewed.result.status).toBe(200);
    const status = await orderStatus(sandbox, skewed.referenceId, {
      date: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    expect(Math.abs(Date.parse(status.body.createdAt as string) - (Date.now() + 5 * 60_000))).toBeLessThan(3_000);
  });
});

describe('Date header', () => {
  it('is on every response: provider, refusals, faults, control and unknown routes', async () => {
    sandbox = await startTestSandbox();
    const responses = [
      (await createOrder(sandbox)).result.headers,
      (await createOrder(sandbox, {}, { authorization: null })).result.headers,
      (await fetch(`${sandbox.origin}/nowhere`)).headers,
      (await fetch(`${sandbox.tokenizedBaseUrl}/auth/login`)).headers,
      (await controlCall(sandbox, 'GET', '/orders')).headers,
    ];
    await setFaults({ fail5xxNext: 1 });
    responses.push((await createOrder(sandbox)).result.headers);
    for (const headers of responses) {
      const date = headers.get('date')!;
      expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(3_000);
    }
  });
});
