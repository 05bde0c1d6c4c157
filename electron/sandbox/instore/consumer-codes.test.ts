import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../server.ts';
import { controlCall, createBody, orderStatus, signedCall, startTestSandbox, truth, waitFor } from '../testing.ts';
import { PUBLISHED, SANDBOX } from './messages.ts';

// Customer-presented QR: codes minted by the control API, accepted once by the scan endpoint.

let sandbox: RunningSandbox;
afterEach(() => sandbox?.close());

const mint = async (behaviour?: string, count?: number): Promise<string[]> => {
  const result = await controlCall(sandbox, 'POST', '/consumer-codes', { ...(behaviour ? { behaviour } : {}), ...(count ? { count } : {}) });
  expect(result.status).toBe(200);
  return result.body.codes as string[];
};

function scanBody(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { qrType: _qrType, ...body } = createBody(overrides);
  return { ...body, consumerQrPayload: code };
}

const scan = (body: Record<string, unknown>) => signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/scan', body);
const waitStatus = (referenceId: string, status: string) =>
  waitFor(async () => ((await orderStatus(sandbox, referenceId)).body.status === status ? true : undefined), 3_000, `${referenceId} ${status}`);

describe('consumer codes', () => {
  it('mints unique codes on POST and a fresh unused code on GET', async () => {
    sandbox = await startTestSandbox();
    const codes = await mint('approve', 5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^SBCQ[0-9A-Z]{16}$/);
    const fetched = await controlCall(sandbox, 'GET', '/consumer-codes');
    expect(fetched.body).toMatchObject({ behaviour: 'approve' });
    const [fresh] = fetched.body.codes as string[];
    expect(codes).not.toContain(fresh);
    expect((await scan(scanBody(fresh!))).status).toBe(200);
    expect((await controlCall(sandbox, 'POST', '/consumer-codes', { behaviour: 'shrug' })).status).toBe(400);
    expect((await controlCall(sandbox, 'POST', '/consumer-codes', { count: 0 })).status).toBe(400);
  });

  it("approve: the scanned order goes PROCESSING, then CAPTURED after confirmDelayMs", async () => {
    sandbox = await startTestSandbox({ confirmDelayMs: 150 });
    const [code] = await mint();
    const body = scanBody(code!, { amount: 880 });
    const result = await scan(body);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ referenceId: body.referenceId, traceId: expect.any(String) });
    expect((await orderStatus(sandbox, body.referenceId as string)).body.status).toBe('PROCESSING');
    await waitStatus(body.referenceId as string, 'CAPTURED');
    const record = await truth(sandbox, body.referenceId as string);
    expect(record).toMatchObject({ method: 'customer-qr', consumerCode: code, paymentType: 'PAY', qrPayload: null });
  });

  it('accepts each code once, and says so when a used or unknown code is scanned', async () => {
    sandbox = await startTestSandbox();
    const [code] = await mint();
    expect((await scan(scanBody(code!))).status).toBe(200);
    const reused = await scan(scanBody(code!));
    expect([reused.status, reused.body.message]).toEqual([400, SANDBOX.usedConsumerCode]);
    const unknown = await scan(scanBody('SBCQ0000000000000000'));
    expect([unknown.status, unknown.body.message]).toEqual([400, SANDBOX.unknownConsumerCode]);
  });

  it('decline: FAILED with CONSUMER_DECLINED', async () => {
    sandbox = await startTestSandbox();
    const [code] = await mint('decline');
    const body = scanBody(code!);
    expect((await scan(body)).status).toBe(200);
    expect((await orderStatus(sandbox, body.referenceId as string)).body).toMatchObject({ status: 'FAILED', failureReason: 'CONSUMER_DECLINED' });
  });

  it('confirm: waits in PENDING until the consumer confirms through the control API', async () => {
    sandbox = await startTestSandbox();
    const [code] = await mint('confirm');
    const body = scanBody(code!);
    await scan(body);
    const referenceId = body.referenceId as string;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await orderStatus(sandbox, referenceId)).body.status).toBe('PENDING');
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitStatus(referenceId, 'CAPTURED');
  });

  it('applies magic amounts to scanned orders too', async () => {
    sandbox = await startTestSandbox();
    const [code] = await mint();
    const body = scanBody(code!, { amount: 251 });
    await scan(body);
    await waitStatus(body.referenceId as string, 'FAILED');
    expect((await orderStatus(sandbox, body.referenceId as string)).body.failureReason).toBe('INSUFFICIENT_FUNDS');
  });

  it('refuses a reused referenceId with 409 without burning the code, and checks required fields', async () => {
    sandbox = await startTestSandbox();
    const [first, second] = await mint('approve', 2);
    const body = scanBody(first!);
    await scan(body);
    const clash = await scan(scanBody(second!, { referenceId: body.referenceId }));
    expect([clash.status, clash.body.message]).toEqual([409, PUBLISHED.referenceIdTaken]);
    expect((await scan(scanBody(second!))).status).toBe(200);
    const { consumerQrPayload: _code, ...withoutCode } = scanBody('x');
    const missing = await scan(withoutCode);
    expect([missing.status, missing.body.message]).toEqual([400, PUBLISHED.missingParameters]);
  });
});
