import { afterEach, describe, expect, it } from 'vitest';
import { decodeQrFromPng } from '../../../e2e/fixtures/qr-decode.ts';
import type { RunningSandbox, SandboxMerchant } from '../server.ts';
import {
  controlCall,
  createOrder,
  DEMO,
  orderStatus,
  signedCall,
  startTestSandbox,
  truth,
  waitFor,
} from '../sandbox.test-helper.ts';
import { PUBLISHED } from './messages.ts';

// The order state machine (wire-details §2.4) through the provider API and the control API, real sockets.

let sandbox: RunningSandbox;
afterEach(() => sandbox?.close());

const statusOf = async (referenceId: string): Promise<string> =>
  (await orderStatus(sandbox, referenceId)).body.status as string;
const waitStatus = (referenceId: string, status: string, timeoutMs = 3_000) =>
  waitFor(
    async () => ((await statusOf(referenceId)) === status ? status : undefined),
    timeoutMs,
    `${referenceId} to be ${status}`,
  );
const refund = (referenceId: string, amount: number, extra: Record<string, unknown> = {}) =>
  signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/refund`, {
    amount,
    referenceId,
    ...extra,
  });
const cancel = (referenceId: string) =>
  signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/cancel`, { reason: 'Customer left' });

async function paidOrder(amount: number): Promise<string> {
  const { referenceId } = await createOrder(sandbox, { amount });
  expect((await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId })).status).toBe(200);
  await waitStatus(referenceId, 'CAPTURED');
  return referenceId;
}

describe('create and status', () => {
  it('creates a CREATED order and reports the documented status fields, optional ones only once they apply', async () => {
    sandbox = await startTestSandbox();
    const partner = {
      merchantId: 'M00001',
      merchantCategoryCode: 5411,
      merchantTradingName: 'Test Merchant',
      merchantEntityId: '202401000001',
    };
    const orderMetadata = { terminalReference: 'T00001', merchantOrderReference: 'ORDER-00001' };
    const { referenceId, result } = await createOrder(sandbox, { amount: 1234, partner, orderMetadata });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ referenceId, qrType: 'payload', partner, orderMetadata });
    const status = await orderStatus(sandbox, referenceId);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      referenceId,
      status: 'CREATED',
      orderAmount: 1234,
      currency: 'SGD',
      partner,
      orderMetadata,
    });
    expect(status.body.shopbackOrderId).toMatch(/^\d{6}-\d{4}-[A-Z]{4}$/);
    expect(new Date(status.body.createdAt as string).toISOString()).toBe(status.body.createdAt);
    expect(status.body).not.toHaveProperty('refundAmount');
    expect(status.body).not.toHaveProperty('failureReason');
    expect(status.body).not.toHaveProperty('paymentType');
  });

  it('answers 404 for an unknown referenceId and 409 for a reused one', async () => {
    sandbox = await startTestSandbox();
    const missing = await orderStatus(sandbox, 'nope-123');
    expect([missing.status, missing.body.message]).toEqual([404, PUBLISHED.unknownReferenceId]);
    const { referenceId } = await createOrder(sandbox);
    const again = await createOrder(sandbox, { referenceId, amount: 999 });
    expect([again.result.status, again.result.body.message]).toEqual([409, PUBLISHED.referenceIdTaken]);
    expect((await truth(sandbox, referenceId)).orderAmount).toBe(1234);
  });

  it('keeps orders per merchant: another merchant neither sees them nor collides with their referenceIds', async () => {
    const other: SandboxMerchant = {
      name: 'Other',
      accessKeyId: 'AK_B',
      accessKeySecret: 'SK_B',
      country: 'SG',
      posIds: ['POS-B'],
    };
    sandbox = await startTestSandbox({
      merchants: [{ name: 'Demo', ...DEMO, country: 'SG', posIds: ['POS-DEMO-1'] }, other],
    });
    const credentials = { accessKeyId: 'AK_B', accessKeySecret: 'SK_B' };
    const { referenceId } = await createOrder(sandbox);
    expect((await orderStatus(sandbox, referenceId, { credentials })).status).toBe(404);
    const same = await createOrder(sandbox, { referenceId, posId: 'POS-B', amount: 500 }, { credentials });
    expect(same.result.status).toBe(200);
    expect((await orderStatus(sandbox, referenceId, { credentials })).body.orderAmount).toBe(500);
    expect((await orderStatus(sandbox, referenceId)).body.orderAmount).toBe(1234);
    const ambiguous = await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    expect(ambiguous.status).toBe(409);
    expect((await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId, accessKeyId: 'AK_B' })).status).toBe(
      200,
    );
  });
});

describe('consumer transitions', () => {
  it('CREATED → PENDING (scan) → PROCESSING (confirm) → CAPTURED after confirmDelayMs, paid with PAY', async () => {
    sandbox = await startTestSandbox({ confirmDelayMs: 150 });
    const { referenceId } = await createOrder(sandbox);
    const { qrPayload } = await truth(sandbox, referenceId);
    expect((await controlCall(sandbox, 'POST', '/consumer/scan', { qrPayload })).status).toBe(200);
    expect(await statusOf(referenceId)).toBe('PENDING');
    expect((await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId })).body.status).toBe('PROCESSING');
    expect(await statusOf(referenceId)).toBe('PROCESSING');
    await waitStatus(referenceId, 'CAPTURED');
    const status = await orderStatus(sandbox, referenceId);
    expect(status.body.paymentType).toBe('PAY');
    expect((await truth(sandbox, referenceId)).history).toEqual(
      ['CREATED', 'PENDING', 'PROCESSING', 'CAPTURED'].map((s) => ({ status: s, at: expect.any(String) })),
    );
  });

  it('declines to FAILED with the given reason, and refuses to scan a final order', async () => {
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox);
    const declined = await controlCall(sandbox, 'POST', '/consumer/decline', { referenceId, reason: 'CARD_EXPIRED' });
    expect(declined.body).toMatchObject({ status: 'FAILED', failureReason: 'CARD_EXPIRED' });
    expect((await orderStatus(sandbox, referenceId)).body).toMatchObject({
      status: 'FAILED',
      failureReason: 'CARD_EXPIRED',
    });
    const { qrPayload } = await truth(sandbox, referenceId);
    expect((await controlCall(sandbox, 'POST', '/consumer/scan', { qrPayload })).status).toBe(409);
    expect(
      (await controlCall(sandbox, 'POST', '/consumer/scan', { qrPayload: 'sandbox-wallet://pay/unknown' })).status,
    ).toBe(404);
  });

  it('applies magic amounts on confirm: …51 fails with INSUFFICIENT_FUNDS, …54 is paid with PAYLATER', async () => {
    sandbox = await startTestSandbox();
    const { referenceId: poor } = await createOrder(sandbox, { amount: 1051 });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId: poor });
    await waitStatus(poor, 'FAILED');
    expect((await orderStatus(sandbox, poor)).body.failureReason).toBe('INSUFFICIENT_FUNDS');
    const { referenceId: later } = await createOrder(sandbox, { amount: 2054 });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId: later });
    await waitStatus(later, 'CAPTURED');
    expect((await orderStatus(sandbox, later)).body.paymentType).toBe('PAYLATER');
  });

  it('applies magic amounts …52 (RISK_REJECTED) and …53 (PROCESSING lasts 10× confirmDelayMs)', async () => {
    sandbox = await startTestSandbox({ confirmDelayMs: 40 });
    const { referenceId: risky } = await createOrder(sandbox, { amount: 352 });
    const { referenceId: slow } = await createOrder(sandbox, { amount: 353 });
    const { referenceId: normal } = await createOrder(sandbox, { amount: 355 });
    for (const referenceId of [risky, slow, normal])
      await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitStatus(normal, 'CAPTURED');
    await waitStatus(risky, 'FAILED');
    expect((await orderStatus(sandbox, risky)).body.failureReason).toBe('RISK_REJECTED');
    expect(await statusOf(slow)).toBe('PROCESSING');
    await waitStatus(slow, 'CAPTURED');
  });

  it('abandons CREATED and PENDING orders after abandonAfterMs, but not confirmed ones', async () => {
    sandbox = await startTestSandbox({ abandonAfterMs: 250, confirmDelayMs: 20 });
    const { referenceId: idle } = await createOrder(sandbox);
    const { referenceId: scanned } = await createOrder(sandbox);
    const { referenceId: paid } = await createOrder(sandbox);
    await controlCall(sandbox, 'POST', '/consumer/scan', { qrPayload: (await truth(sandbox, scanned)).qrPayload });
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId: paid });
    expect(await statusOf(idle)).toBe('CREATED');
    await waitStatus(idle, 'ABANDONED');
    await waitStatus(scanned, 'ABANDONED');
    expect(await statusOf(paid)).toBe('CAPTURED');
  });

  it('abandons on the next request when an injected clock jumps (no wall time needed)', async () => {
    let now = Date.UTC(2030, 0, 1, 12);
    sandbox = await startTestSandbox({ now: () => now, abandonAfterMs: 60_000 });
    const { referenceId } = await createOrder(sandbox, {}, { date: new Date(now).toISOString() });
    now += 59_999;
    expect((await orderStatus(sandbox, referenceId, { date: new Date(now).toISOString() })).body.status).toBe(
      'CREATED',
    );
    now += 1;
    expect((await orderStatus(sandbox, referenceId, { date: new Date(now).toISOString() })).body.status).toBe(
      'ABANDONED',
    );
  });

  it('takes settings changes from the control API for new orders', async () => {
    sandbox = await startTestSandbox();
    const changed = await controlCall(sandbox, 'POST', '/settings', { abandonAfterMs: 100 });
    expect(changed.body).toMatchObject({ abandonAfterMs: 100, confirmDelayMs: 40 });
    expect((await controlCall(sandbox, 'POST', '/settings', { abandonAfterMs: -1 })).status).toBe(400);
    const { referenceId } = await createOrder(sandbox);
    await waitStatus(referenceId, 'ABANDONED');
  });
});

describe('cancel', () => {
  it('cancels CREATED and PENDING orders', async () => {
    sandbox = await startTestSandbox();
    const { referenceId: created } = await createOrder(sandbox);
    const result = await cancel(created);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ referenceId: created, traceId: expect.any(String) });
    expect(await statusOf(created)).toBe('CANCELLED');
    const { referenceId: pending } = await createOrder(sandbox);
    await controlCall(sandbox, 'POST', '/consumer/scan', { qrPayload: (await truth(sandbox, pending)).qrPayload });
    expect((await cancel(pending)).status).toBe(200);
    expect(await statusOf(pending)).toBe('CANCELLED');
    const twice = await cancel(pending);
    expect([twice.status, twice.body.message]).toEqual([409, 'Order is already cancelled.']);
  });

  it('refuses to cancel once the customer has confirmed (409 with a clear message)', async () => {
    sandbox = await startTestSandbox({ confirmDelayMs: 500 });
    const { referenceId } = await createOrder(sandbox);
    await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId });
    const processing = await cancel(referenceId);
    expect(processing.status).toBe(409);
    expect(processing.body.message).toMatch(/cannot be cancelled in status PROCESSING/);
    await waitStatus(referenceId, 'CAPTURED');
    expect((await cancel(referenceId)).body.message).toMatch(/cannot be cancelled in status CAPTURED/);
    expect((await cancel('unknown-ref')).status).toBe(404);
  });
});

describe('refunds', () => {
  it('takes partial and repeated refunds until the order is REFUNDED', async () => {
    sandbox = await startTestSandbox();
    const referenceId = await paidOrder(1000);
    const first = await refund(referenceId, 300, {
      reason: 'Wrong item',
      posId: 'POS-DEMO-1',
      refundMetadata: { terminalReference: 'T00001' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      referenceId,
      posId: 'POS-DEMO-1',
      refundMetadata: { terminalReference: 'T00001' },
    });
    expect(first.body.shopbackOrderId).toMatch(/^\d{6}-\d{4}-[A-Z]{4}$/);
    expect((await orderStatus(sandbox, referenceId)).body).toMatchObject({ status: 'CAPTURED', refundAmount: 300 });
    expect((await refund(referenceId, 200)).status).toBe(200);
    expect((await orderStatus(sandbox, referenceId)).body).toMatchObject({ status: 'CAPTURED', refundAmount: 500 });
    expect((await refund(referenceId, 500)).status).toBe(200);
    expect((await orderStatus(sandbox, referenceId)).body).toMatchObject({ status: 'REFUNDED', refundAmount: 1000 });
    const after = await refund(referenceId, 1);
    expect([after.status, after.body.message]).toEqual([409, PUBLISHED.notCaptured]);
    const record = await truth(sandbox, referenceId);
    expect((record.refunds as { amount: number }[]).map((r) => r.amount)).toEqual([300, 200, 500]);
  });

  it("takes a refund from any terminal of the same merchant, records its posId, and refuses another merchant's or an unknown posId", async () => {
    const shop: SandboxMerchant = { name: 'Shop', ...DEMO, country: 'SG', posIds: ['POS-TILL-1', 'POS-COUNTER'] };
    const other: SandboxMerchant = {
      name: 'Other',
      accessKeyId: 'AK_B',
      accessKeySecret: 'SK_B',
      country: 'SG',
      posIds: ['POS-B'],
    };
    sandbox = await startTestSandbox({ merchants: [shop, other] });
    const { referenceId } = await createOrder(sandbox, { amount: 1000, posId: 'POS-TILL-1' });
    expect((await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId })).status).toBe(200);
    await waitStatus(referenceId, 'CAPTURED');

    // The refund counter refunds the till's payment as itself.
    const atCounter = await refund(referenceId, 300, {
      posId: 'POS-COUNTER',
      refundMetadata: { terminalReference: 'COUNTER-1' },
    });
    expect([atCounter.status, atCounter.body.posId]).toEqual([200, 'POS-COUNTER']);
    // A posId of another merchant's credentials, and one nobody has: the provider's texts, nothing refunded.
    const foreign = await refund(referenceId, 100, { posId: 'POS-B' });
    expect([foreign.status, foreign.body.message]).toEqual([
      401,
      'Terminal Access Denied. Insufficient permissions to act on this terminal.',
    ]);
    const unknown = await refund(referenceId, 100, { posId: 'POS-NOBODY' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Invalid posId. Unable to find matching posId.']);
    // Without a posId the refund is the order's own terminal's, as before.
    expect((await refund(referenceId, 200)).status).toBe(200);

    const record = await truth(sandbox, referenceId);
    expect(record.posId).toBe('POS-TILL-1');
    expect((record.refunds as { amount: number; posId: string | null }[]).map((r) => [r.amount, r.posId])).toEqual([
      [300, 'POS-COUNTER'],
      [200, null],
    ]);
    expect(record.refundAmount).toBe(500);
  });

  it('refuses an over-refund with a clear 409 and leaves the total unchanged', async () => {
    sandbox = await startTestSandbox();
    const referenceId = await paidOrder(1000);
    await refund(referenceId, 600);
    const over = await refund(referenceId, 401);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      'Refund amount exceeds the refundable balance. Requested 401, refundable 400 (smallest currency unit).',
    );
    expect((await orderStatus(sandbox, referenceId)).body.refundAmount).toBe(600);
    expect((await refund(referenceId, 2000)).status).toBe(409);
  });

  it('refuses refunds of orders that are not CAPTURED, bad amounts and mismatched referenceIds', async () => {
    sandbox = await startTestSandbox();
    const { referenceId } = await createOrder(sandbox);
    const early = await refund(referenceId, 100);
    expect([early.status, early.body.message]).toEqual([409, PUBLISHED.notCaptured]);
    expect((await refund(referenceId, 0)).status).toBe(400);
    expect((await refund(referenceId, 1.5)).status).toBe(400);
    const missing = await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/refund`, {
      amount: 100,
    });
    expect([missing.status, missing.body.message]).toEqual([400, PUBLISHED.missingParameters]);
    const mismatch = await signedCall(sandbox.instoreBaseUrl, 'POST', `/v1/instore/order/${referenceId}/refund`, {
      amount: 100,
      referenceId: 'other',
    });
    expect(mismatch.status).toBe(400);
    const unknown = await refund('no-such-order', 100);
    expect([unknown.status, unknown.body.message]).toEqual([404, PUBLISHED.unknownReferenceId]);
  });
});

describe('QR codes and the consumer pay page', () => {
  it('returns a unique payload text per order', async () => {
    sandbox = await startTestSandbox();
    const a = await createOrder(sandbox, { qrType: 'payload' });
    const b = await createOrder(sandbox, { qrType: 'payload' });
    expect(a.result.body.qrCode).toMatch(/^sandbox-wallet:\/\/pay\/[0-9a-z]{24}$/);
    expect(a.result.body.qrCode).not.toBe(b.result.body.qrCode);
    expect((await truth(sandbox, a.referenceId)).qrPayload).toBe(a.result.body.qrCode);
  });

  it('renders base64 as a PNG data URL that decodes to the order payload', async () => {
    sandbox = await startTestSandbox();
    const { referenceId, result } = await createOrder(sandbox, { qrType: 'base64' });
    const dataUrl = result.body.qrCode as string;
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const decoded = decodeQrFromPng(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
    expect(decoded).toBe((await truth(sandbox, referenceId)).qrPayload);
  });

  it('serves a url_payload pay page where the consumer pays', async () => {
    sandbox = await startTestSandbox();
    const { referenceId, result } = await createOrder(sandbox, { qrType: 'url_payload', amount: 1234 });
    const pageUrl = result.body.qrCode as string;
    expect(pageUrl.startsWith(`${sandbox.instoreBaseUrl}/pay/`)).toBe(true);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('S$12.34');
    expect(html).toContain('data-status="CREATED"');
    const paid = await fetch(`${pageUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(new URL(pageUrl).pathname);
    await waitStatus(referenceId, 'CAPTURED');
    expect(await (await fetch(pageUrl)).text()).toContain('data-status="CAPTURED"');
    expect((await fetch(`${sandbox.instoreBaseUrl}/pay/not-a-token`)).status).toBe(404);
  });

  it('lets the consumer decline on the pay page', async () => {
    sandbox = await startTestSandbox();
    const { referenceId, result } = await createOrder(sandbox, { qrType: 'url_payload' });
    await fetch(`${result.body.qrCode as string}/decline`, { method: 'POST', redirect: 'manual' });
    expect((await orderStatus(sandbox, referenceId)).body).toMatchObject({
      status: 'FAILED',
      failureReason: 'CONSUMER_DECLINED',
    });
  });
});
