import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import { caught } from '../../testing/helpers.ts';
import { demoSandboxClient } from './sandbox-client.test-helper.ts';
import type { HttpExchange } from '../http/exchange.ts';

// A referenceId the provider has already seen, sent again on SCAN (customer-presented QR), must come back
// as order.duplicate-reference (a 409, never retried) and leave the first order as it was: the till would
// otherwise believe a second payment was taken, or take one. The client and the embedded sandbox over real
// sockets; the sandbox's control API is the independent truth.

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, confirmDelayMs: 20 });
});
afterAll(async () => {
  await sandbox.close();
});

async function control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
  const init = {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const response = await fetch(`${sandbox.origin}/_sandbox${path}`, init);
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function consumerCode(): Promise<string> {
  const { codes } = (await control('POST', '/consumer-codes', { count: 1, behaviour: 'approve' })) as {
    codes: string[];
  };
  return codes[0]!;
}

let sequence = 0;
const newReference = (label: string) => `scan-${label}-${Date.now().toString(36)}-${sequence++}`;
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const scanWrites = (exchanges: HttpExchange[]) => exchanges.filter((exchange) => exchange.operation === 'scan');

describe('SCAN with a reused referenceId', () => {
  it('after an earlier SCAN with that referenceId → order.duplicate-reference, one request, the first order untouched', async () => {
    const { client, exchanges } = demoSandboxClient(sandbox.instoreBaseUrl);
    const referenceId = newReference('twice');
    await client.scanOrder({ referenceId, amount: sgd(880), consumerQrPayload: await consumerCode() });
    const before = await control('GET', `/orders/${referenceId}`);

    const error = await caught(
      client.scanOrder({ referenceId, amount: sgd(990), consumerQrPayload: await consumerCode() }),
    );

    expect(error.code).toBe('order.duplicate-reference');
    expect(error.details?.outcomeUnknown).toBe(false);
    expect(scanWrites(exchanges).map((exchange) => exchange.status)).toEqual([200, 409]); // a 4xx is never retried
    const after = await control('GET', `/orders/${referenceId}`);
    expect(after.orderAmount).toBe(880);
    expect(after.orderAmount).toBe(before.orderAmount);
  });

  it('after a merchant-QR CREATE with that referenceId → order.duplicate-reference, the created order stays as it was', async () => {
    const { client } = demoSandboxClient(sandbox.instoreBaseUrl);
    const referenceId = newReference('created');
    await client.createOrder({ referenceId, amount: sgd(450), qrType: 'payload' });

    const error = await caught(
      client.scanOrder({ referenceId, amount: sgd(450), consumerQrPayload: await consumerCode() }),
    );

    expect(error.code).toBe('order.duplicate-reference');
    const truth = await control('GET', `/orders/${referenceId}`);
    expect(truth.status).toBe('CREATED');
    expect(truth.orderAmount).toBe(450);
  });
});
