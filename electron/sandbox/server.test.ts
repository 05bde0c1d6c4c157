import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './http.ts';
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox } from './server.ts';
import { controlCall, createBody, orderStatus, signedCall, startTestSandbox } from './sandbox.test-helper.ts';

// The server as a whole: addresses, determinism under a seed, reset, limits, shutdown.

const opened: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startTestSandbox(options);
  opened.push(sandbox);
  return sandbox;
}

/** A fixed script of calls; returns everything the sandbox invented along the way. */
async function script(sandbox: RunningSandbox): Promise<unknown[]> {
  const invented: unknown[] = [];
  for (const [i, qrType] of (['payload', 'url_payload', 'payload'] as const).entries()) {
    const body = createBody({ referenceId: `ref-${i}`, qrType });
    const created = await signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/create', body);
    const status = await orderStatus(sandbox, `ref-${i}`);
    invented.push(created.body.qrCode, created.body.traceId, status.body.shopbackOrderId, status.body.traceId);
  }
  invented.push((await controlCall(sandbox, 'POST', '/consumer-codes', { count: 3 })).body.codes);
  invented.push((await orderStatus(sandbox, 'missing')).body.traceId);
  return invented.map((v) => (typeof v === 'string' ? v.replace(sandbox.origin, 'ORIGIN') : v));
}

describe('sandbox server', () => {
  it('reports its addresses and the demo credentials', async () => {
    const sandbox = await start();
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.instoreBaseUrl).toBe(`${sandbox.origin}/posi-sandbox`);
    expect(sandbox.tokenizedBaseUrl).toBe(`${sandbox.origin}/demo/merchant`);
    expect(sandbox.controlBaseUrl).toBe(`${sandbox.origin}/_sandbox`);
    expect(DEMO_CREDENTIALS).toEqual({
      accessKeyId: 'AK_DEMO',
      accessKeySecret: 'SK_DEMO',
      posId: 'POS-DEMO-1',
      country: 'SG',
    });
    const index = await controlCall(sandbox, 'GET', '');
    expect(index.body.routes).toContain('POST /_sandbox/consumer/confirm');
  });

  it('invents the same ids, tokens and traceIds for the same seed and calls', async () => {
    const a = await start({ seed: 42 });
    const b = await start({ seed: 42 });
    const c = await start({ seed: 43 });
    const first = await script(a);
    expect(await script(b)).toEqual(first);
    expect(await script(c)).not.toEqual(first);
  });

  it('starts over on reset: no orders, faults or settings changes, and the seed sequence restarts', async () => {
    const sandbox = await start({ seed: 7 });
    const first = await script(sandbox);
    await controlCall(sandbox, 'POST', '/faults', { latencyMs: 5 });
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 5 });
    const reset = await controlCall(sandbox, 'POST', '/reset');
    expect(reset.body).toMatchObject({ reset: true, settings: { confirmDelayMs: 40 }, faults: { latencyMs: 0 } });
    expect((await controlCall(sandbox, 'GET', '/orders')).body.orders).toEqual([]);
    expect(await script(sandbox)).toEqual(first);
  });

  it('answers 404 outside its routes, 405 for a wrong method and 413 for a huge body', async () => {
    const sandbox = await start();
    const nowhere = await fetch(`${sandbox.origin}/posi-sandbox/v2/anything`);
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ statusCode: 404, message: 'Route not found.' });
    expect((await signedCall(sandbox.instoreBaseUrl, 'DELETE', '/v1/instore/order/create')).status).toBe(405);
    const huge = await fetch(`${sandbox.instoreBaseUrl}/v1/instore/order/create`, {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(huge.status).toBe(413);
    expect((await controlCall(sandbox, 'POST', '/consumer/confirm', { nope: 1 })).status).toBe(400);
    const malformed = await fetch(`${sandbox.controlBaseUrl}/faults`, { method: 'POST', body: '{not json' });
    expect(malformed.status).toBe(400);
  });

  it('refuses a signed body that is not a JSON object', async () => {
    const sandbox = await start();
    const result = await signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/create', createBody(), {
      rawBody: '[1,2]',
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/JSON object/);
  });

  it('serves several merchants with their own terminals', async () => {
    const sandbox = await start({
      merchants: [
        { name: 'SG shop', accessKeyId: 'AK_SG', accessKeySecret: 'SK_SG', country: 'SG', posIds: ['SG-1', 'SG-2'] },
        { name: 'HK shop', accessKeyId: 'AK_HK', accessKeySecret: 'SK_HK', country: 'HK', posIds: ['HK-1'] },
      ],
    });
    const hk = await signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      '/v1/instore/order/create',
      createBody({ posId: 'HK-1', country: 'HK', currency: 'HKD' }),
      {
        credentials: { accessKeyId: 'AK_HK', accessKeySecret: 'SK_HK' },
      },
    );
    expect(hk.status).toBe(200);
    const sg = await signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      '/v1/instore/order/create',
      createBody({ posId: 'SG-2' }),
      {
        credentials: { accessKeyId: 'AK_SG', accessKeySecret: 'SK_SG' },
      },
    );
    expect(sg.status).toBe(200);
    // The demo key is not configured here.
    expect((await signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/create', createBody())).status).toBe(
      401,
    );
  });

  it('rejects merchant lists that share keys or terminals', async () => {
    const merchant = { name: 'A', accessKeyId: 'AK', accessKeySecret: 'SK', country: 'SG' as const, posIds: ['P1'] };
    await expect(startSandbox({ merchants: [merchant, { ...merchant, name: 'B' }] })).rejects.toThrow(
      /share the access key id/,
    );
    await expect(startSandbox({ merchants: [merchant, { ...merchant, accessKeyId: 'AK2' }] })).rejects.toThrow(
      /more than one/,
    );
  });

  it('listens on a given port and releases it on close (twice is harmless)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const sandbox = await startSandbox({ port });
    expect(sandbox.origin).toBe(`http://127.0.0.1:${port}`);
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(fetch(`${sandbox.origin}/_sandbox/orders`)).rejects.toThrow();
    const again = await startSandbox({ port });
    await again.close();
  });

  it('knows which peers are loopback (the control API answers only them)', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['192.168.1.10', '::ffff:10.0.0.1', '', undefined].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
