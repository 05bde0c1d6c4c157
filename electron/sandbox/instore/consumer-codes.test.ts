import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../server.ts';
import {
  controlCall,
  createBody,
  orderStatus,
  signedCall,
  startTestSandbox,
  truth,
  waitFor,
} from '../sandbox.test-helper.ts';
import { CONSUMER_CODE_VALID_MS } from './consumer-codes.ts';
import { PUBLISHED, SANDBOX } from './messages.ts';
import { sleep } from '../../testing/helpers.ts';

// Customer-presented QR: codes minted by the control API, accepted once by the scan endpoint.

let sandbox: RunningSandbox;
afterEach(() => sandbox?.close());

const mint = async (behaviour?: string, count?: number): Promise<string[]> => {
  const result = await controlCall(sandbox, 'POST', '/consumer-codes', {
    ...(behaviour ? { behaviour } : {}),
    ...(count ? { count } : {}),
  });
  expect(result.status).toBe(200);
  return result.body.codes as string[];
};

function scanBody(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { qrType: _qrType, ...body } = createBody(overrides);
  return { ...body, consumerQrPayload: code };
}

const scan = (body: Record<string, unknown>, date?: string) =>
  signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/scan', body, date ? { date } : {});
const waitStatus = (referenceId: string, status: string) =>
  waitFor(
    async () => ((await orderStatus(sandbox, referenceId)).body.status === status ? true : undefined),
    3_000,
    `${referenceId} ${status}`,
  );

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

  it('approve: the scanned order goes PROCESSING, then CAPTURED after confirmDelayMs', async () => {
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
    expect((await orderStatus(sandbox, body.referenceId as string)).body).toMatchObject({
      status: 'FAILED',
      failureReason: 'CONSUMER_DECLINED',
    });
  });

  it('confirm: waits in PENDING until the consumer confirms through the control API', async () => {
    sandbox = await startTestSandbox();
    const [code] = await mint('confirm');
    const body = scanBody(code!);
    await scan(body);
    const referenceId = body.referenceId as string;
    await sleep(120);
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

  it('answers the documented { code } next to codes, with the expiry 60 s after minting', async () => {
    const t0 = Date.parse('2030-01-02T03:04:05.000Z');
    sandbox = await startTestSandbox({ now: () => t0 });
    const one = await controlCall(sandbox, 'POST', '/consumer-codes', {});
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      code: expect.stringMatching(/^SBCQ[0-9A-Z]{16}$/),
      codes: [one.body.code],
      behaviour: 'approve',
      expiresAt: '2030-01-02T03:05:05.000Z',
    });
    const several = await controlCall(sandbox, 'GET', '/consumer-codes?count=3&behaviour=decline');
    expect(several.body.code).toBe((several.body.codes as string[])[0]);
    expect(several.body.codes).toHaveLength(3);
  });

  it('accepts a code until 60 s after minting on the sandbox clock, then refuses it as expired', async () => {
    let clock = Date.parse('2030-01-02T03:04:05.000Z');
    sandbox = await startTestSandbox({ now: () => clock });
    const at = (): string => new Date(clock).toISOString();
    const [early, late, usedThenOld] = await mint('approve', 3);
    expect(CONSUMER_CODE_VALID_MS).toBe(60_000);

    clock += 59_999;
    expect((await scan(scanBody(early!), at())).status).toBe(200);
    expect((await scan(scanBody(usedThenOld!), at())).status).toBe(200);

    clock += 1;
    const body = scanBody(late!);
    const expired = await scan(body, at());
    expect([expired.status, expired.body.message]).toEqual([400, SANDBOX.expiredConsumerCode]);
    // Refused before anything was done: no order, and the refusal is final (no revival later).
    expect((await orderStatus(sandbox, body.referenceId as string, { date: at() })).status).toBe(404);
    clock += 3_600_000;
    const later = await scan(scanBody(late!), at());
    expect([later.status, later.body.message]).toEqual([400, SANDBOX.expiredConsumerCode]);
    // A code both used and old is reported as used: the more useful thing to tell the cashier.
    const reused = await scan(scanBody(usedThenOld!), at());
    expect([reused.status, reused.body.message]).toEqual([400, SANDBOX.usedConsumerCode]);
    // A code minted now is fresh again.
    expect((await scan(scanBody((await mint())[0]!), at())).status).toBe(200);
  });

  it('keeps validity on the scheduling clock: a clockOffsetMs fault neither expires a fresh code nor revives an old one', async () => {
    let clock = Date.parse('2030-01-02T03:04:05.000Z');
    sandbox = await startTestSandbox({ now: () => clock });
    const [fresh, old] = await mint('approve', 2);
    clock += 30_000;
    const ahead = 3_600_000;
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: ahead });
    // The signed Date must match the skewed sandbox clock, as a client that measured the skew would send.
    expect((await scan(scanBody(fresh!), new Date(clock + ahead).toISOString())).status).toBe(200);

    clock += 30_000;
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: -ahead });
    const refused = await scan(scanBody(old!), new Date(clock - ahead).toISOString());
    expect([refused.status, refused.body.message]).toEqual([400, SANDBOX.expiredConsumerCode]);
  });
});
