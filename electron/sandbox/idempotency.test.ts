import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { REPLAY_HEADER } from './idempotency.ts';
import type { RunningSandbox } from './server.ts';
import {
  controlCall,
  createBody,
  createOrder,
  orderStatus,
  signedCall,
  startTestSandbox,
  truth,
  waitFor,
} from './sandbox.test-helper.ts';

// Idempotent replay of writes (wire-details §2.7): same key + same method and path → the first answer again.

let sandbox: RunningSandbox;
afterEach(() => sandbox?.close());

const CREATE = '/v1/instore/order/create';
const allOrders = async (): Promise<unknown[]> =>
  (await controlCall(sandbox, 'GET', '/orders')).body.orders as unknown[];

async function capturedOrder(amount: number): Promise<string> {
  const { referenceId } = await createOrder(sandbox, { amount });
  await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
  await waitFor(async () => ((await orderStatus(sandbox, referenceId)).body.status === 'CAPTURED' ? true : undefined));
  return referenceId;
}

describe('idempotent replay', () => {
  it('replays the stored first answer, byte for byte, and acts once', async () => {
    sandbox = await startTestSandbox();
    const key = randomUUID();
    const body = createBody();
    const first = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    const second = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get(REPLAY_HEADER)).toBeNull();
    expect(second.headers.get(REPLAY_HEADER)).toBe('true');
    expect(await allOrders()).toHaveLength(1);
  });

  it('replays the first answer even when the body changed under the same key', async () => {
    sandbox = await startTestSandbox();
    const key = randomUUID();
    const first = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody({ amount: 1000 }), {
      idempotencyKey: key,
    });
    const changed = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody({ amount: 2000 }), {
      idempotencyKey: key,
    });
    expect(changed.body).toEqual(first.body);
    expect((await truth(sandbox, first.body.referenceId as string)).orderAmount).toBe(1000);
    expect(await allOrders()).toHaveLength(1);
  });

  it('stores refusals too: a 409 is replayed, not re-evaluated', async () => {
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox);
    const key = randomUUID();
    const early = await signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      `/v1/instore/order/${referenceId}/refund`,
      { amount: 100, referenceId },
      { idempotencyKey: key },
    );
    expect(early.status).toBe(409);
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitFor(async () =>
      (await orderStatus(sandbox, referenceId)).body.status === 'CAPTURED' ? true : undefined,
    );
    const retried = await signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      `/v1/instore/order/${referenceId}/refund`,
      { amount: 100, referenceId },
      { idempotencyKey: key },
    );
    expect(retried.body).toEqual(early.body);
  });

  it('refunds once per key; without a key every request is a new refund', async () => {
    sandbox = await startTestSandbox();
    const referenceId = await capturedOrder(1000);
    const path = `/v1/instore/order/${referenceId}/refund`;
    const key = randomUUID();
    await signedCall(sandbox.instoreBaseUrl, 'POST', path, { amount: 100, referenceId }, { idempotencyKey: key });
    await signedCall(sandbox.instoreBaseUrl, 'POST', path, { amount: 100, referenceId }, { idempotencyKey: key });
    expect((await orderStatus(sandbox, referenceId)).body.refundAmount).toBe(100);
    await signedCall(sandbox.instoreBaseUrl, 'POST', path, { amount: 100, referenceId });
    await signedCall(sandbox.instoreBaseUrl, 'POST', path, { amount: 100, referenceId });
    expect((await orderStatus(sandbox, referenceId)).body.refundAmount).toBe(300);
  });

  it('treats the same key on another path as a different request', async () => {
    sandbox = await startTestSandbox();
    const referenceId = await capturedOrder(1000);
    const key = randomUUID();
    const created = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody(), { idempotencyKey: key });
    const refunded = await signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      `/v1/instore/order/${referenceId}/refund`,
      { amount: 100, referenceId },
      { idempotencyKey: key },
    );
    expect(created.status).toBe(200);
    expect(refunded.status).toBe(200);
    expect(refunded.body).not.toEqual(created.body);
  });

  it('does not store refusals made before authentication succeeded', async () => {
    sandbox = await startTestSandbox();
    const key = randomUUID();
    const body = createBody();
    const unsigned = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, {
      idempotencyKey: key,
      credentials: { accessKeyId: 'AK_DEMO', accessKeySecret: 'wrong' },
    });
    expect(unsigned.status).toBe(401);
    const signed = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    expect(signed.status).toBe(200);
  });

  it('keeps keys for 24 hours', async () => {
    let now = Date.UTC(2030, 5, 1);
    sandbox = await startTestSandbox({ now: () => now, abandonAfterMs: 7 * 24 * 3600_000 });
    const key = randomUUID();
    const at = (): { date: string; idempotencyKey: string } => ({
      date: new Date(now).toISOString(),
      idempotencyKey: key,
    });
    const first = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody(), at());
    now += 24 * 3600_000 - 1;
    expect((await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody(), at())).body).toEqual(first.body);
    now += 1;
    const fresh = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, createBody(), at());
    expect(fresh.status).toBe(200);
    expect(fresh.body.referenceId).not.toBe(first.body.referenceId);
  });
});

describe("header names: the documents' X-Service- or the live X-ShopBack-", () => {
  it("with the live prefix, replays on X-ShopBack-Idempotent-Id and ignores the documents' name", async () => {
    sandbox = await startTestSandbox({ headerPrefix: 'X-ShopBack-' });
    const body = createBody();
    const key = randomUUID();
    const first = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, {
      idempotencyKey: key,
      headerPrefix: 'X-ShopBack-',
    });
    const replay = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, {
      idempotencyKey: key,
      headerPrefix: 'X-ShopBack-',
    });
    expect(replay.headers.get(REPLAY_HEADER)).toBe('true');
    expect(replay.body).toEqual(first.body);
    // The same key under the documents' name is not read: the create is evaluated again and refused as a reuse.
    const ignored = await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    expect(ignored.headers.get(REPLAY_HEADER)).toBeNull();
    expect(ignored.status).toBe(409);
    expect(await allOrders()).toHaveLength(1);
  });

  it("by default answers to the documents' X-Service- and ignores the live name", async () => {
    sandbox = await startTestSandbox();
    const body = createBody();
    const key = randomUUID();
    await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key });
    expect(
      (await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, { idempotencyKey: key })).headers.get(
        REPLAY_HEADER,
      ),
    ).toBe('true');
    expect(
      (
        await signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, {
          idempotencyKey: key,
          headerPrefix: 'X-ShopBack-',
        })
      ).status,
    ).toBe(409);
  });
});
