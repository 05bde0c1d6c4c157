import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './server.ts';
import { controlCall, signedCall } from './sandbox.test-helper.ts';

// GET /_sandbox/requests: every provider API request, with when it arrived; control calls are not in it.

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

describe('request log', () => {
  it('lists provider API requests with their arrival time, from a given moment on, and forgets them on reset', async () => {
    sandbox = await startSandbox({ seed: 3, faults: { latencyMs: 30 } });
    const before = Date.now();
    await signedCall(sandbox.instoreBaseUrl, 'GET', '/v1/instore/order/REF-NOT-THERE-1');
    await signedCall(sandbox.instoreBaseUrl, 'GET', '/v1/instore/order/REF-NOT-THERE-2');
    const all = (await controlCall(sandbox, 'GET', '/requests')).body as {
      requests: { at: number; method: string; path: string; connection: number }[];
      dropped: number;
    };
    expect(all.dropped).toBe(0);
    expect(all.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /posi-sandbox/v1/instore/order/REF-NOT-THERE-1',
      'GET /posi-sandbox/v1/instore/order/REF-NOT-THERE-2',
    ]);
    // Arrival, before the injected latency.
    expect(all.requests[0]!.at).toBeGreaterThanOrEqual(before);
    expect(all.requests[1]!.at - all.requests[0]!.at).toBeGreaterThanOrEqual(30);
    // Which connection each came on, numbered as first seen (the client may open a second while the first
    // finishes: Node's fetch alternates between two).
    expect(all.requests[0]!.connection).toBe(1);
    expect([1, 2]).toContain(all.requests[1]!.connection);

    const later = (await controlCall(sandbox, 'GET', `/requests?since=${all.requests[1]!.at}`)).body as {
      requests: unknown[];
    };
    expect(later.requests).toHaveLength(1);
    expect((await controlCall(sandbox, 'GET', '/requests?since=soon')).status).toBe(400);
    await controlCall(sandbox, 'POST', '/reset');
    expect(((await controlCall(sandbox, 'GET', '/requests')).body as { requests: unknown[] }).requests).toEqual([]);
  });
});
