import { RegisterClient } from '../../electron/core/ecr/register-client.test-helper.ts';
import { freePort } from '../../electron/sandbox/sandbox.test-helper.ts';
import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, scannerTypes, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 6: the shop's register drives the till. The register here is a small program using fetch and nothing
// else (register-client.test-helper.ts), and every answer it gets is checked against the till's own OpenAPI
// document. The cashier's screen in Chromium shows what the register started; the customer acts only through
// the sandbox's /_sandbox/ API, reading our QR from the screen's pixels or showing their code to the USB scanner.

type Payment = Record<string, unknown> & { referenceId: string; status: string; qrPayload: string | null };

let register: RegisterClient;
let sequence = 0;
const idempotencyKey = (): string => `e2e-${Date.now()}-${++sequence}`;

/** The register's long poll, asked again until the payment reaches `status`. */
async function longPollUntil(referenceId: string, status: string): Promise<Payment> {
  for (let round = 0; round < 10; round += 1) {
    const answer = await register.get<Payment>(`/payments/${referenceId}?waitSeconds=5`);
    expect(answer.status).toBe(200);
    if (answer.body.status === status) return answer.body;
  }
  throw new Error(`${referenceId} never reached ${status}`);
}

test.describe.serial('the register connection', () => {
  test.beforeAll(async ({ pos }) => {
    const port = await freePort();
    const saved = await pos.call('settings.save', {
      settings: { ecr: { enabled: true, port, network: 'this-computer', refundsAllowed: true } },
    });
    expect(saved.ok).toBe(true);
    let baseUrl: string | null = null;
    await expect
      .poll(async () => {
        const status = await pos.call('ecr.status', {});
        baseUrl = status.ok ? status.value.baseUrl : null;
        return baseUrl;
      })
      .not.toBeNull();
    const created = await pos.call('ecr.createKey', { name: 'Front register' });
    if (!created.ok) throw new Error(`no register key: ${created.error.message}`);
    register = new RegisterClient(baseUrl!, created.value.key);
  });

  test.afterAll(async ({ pos }) => {
    // The preview host is shared with the other specs of this worker: leave no register behind.
    await pos.call('ecr.revokeKey', { name: 'Front register' });
    await pos.call('settings.save', {
      settings: { ecr: { enabled: false, port: 8710, network: 'this-computer', refundsAllowed: false } },
    });
  });

  test('a merchant-QR sale: the cashier screen shows "From register" and the QR, the customer pays, the long poll says paid', async ({
    page,
    pos,
  }) => {
    await pos.open(page);
    const created = await register.post<Payment>(
      '/payments',
      { amountMinor: 1234, currency: 'SGD', method: 'merchant-qr', orderReference: 'POS-ORDER-1' },
      idempotencyKey(),
    );
    expect(created.status).toBe(201);
    const { referenceId } = created.body;

    // At once on the cashier's screen, nobody touching it.
    const screen = page.getByTestId('payment-screen');
    await expect(screen).toHaveAttribute('data-reference-id', referenceId);
    await expect(page.getByTestId('from-register')).toHaveText('From register: POS-ORDER-1');
    await expect(page.getByTestId('payment-amount')).toHaveText('S$12.34');
    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    const payload = decodeQrFromPng(await qr.screenshot());
    expect(payload).toBe(created.body.qrPayload);
    await keepScreenshot(page, 'register-sale-qr.png');

    await pos.sandbox('/consumer/scan', { qrPayload: payload });
    await pos.sandbox('/consumer/confirm', { referenceId });
    const paid = await longPollUntil(referenceId, 'paid');
    expect(paid).toMatchObject({ providerStatus: 'CAPTURED', orderReference: 'POS-ORDER-1' });
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
    await expect(page.getByTestId('result-from-register')).toHaveText('From register: POS-ORDER-1');

    // Refunded over the connection, part of it; the same request again is the same refund.
    const key = idempotencyKey();
    const refund = await register.post<Record<string, unknown>>(
      `/payments/${referenceId}/refunds`,
      { amountMinor: 234, reason: 'one coffee returned' },
      key,
    );
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ amount: { amountMinor: 234 }, state: 'succeeded' });
    const again = await register.post<Record<string, unknown>>(
      `/payments/${referenceId}/refunds`,
      { amountMinor: 234, reason: 'one coffee returned' },
      key,
    );
    expect(again.body['refundId']).toBe(refund.body['refundId']);
    const truth = await pos.sandbox<{ refundAmount: number; refunds: unknown[] }>(`/orders/${referenceId}`);
    expect(truth).toMatchObject({ refundAmount: 234 });
    expect(truth.refunds).toHaveLength(1);
  });

  test('a customer-QR sale: the till asks for the scan, a USB-scanner scan pays it', async ({ page, pos }) => {
    await pos.open(page);
    const created = await register.post<Payment>(
      '/payments',
      { amountMinor: 880, currency: 'SGD', method: 'customer-qr', note: 'takeaway' },
      idempotencyKey(),
    );
    expect(created).toMatchObject({ status: 201, body: { status: 'waiting', method: 'customer-qr' } });
    await expect(page.getByTestId('scan-screen')).toBeVisible();
    await expect(page.getByTestId('scan-amount')).toHaveText('S$8.80');
    await expect(page.getByTestId('from-register')).toContainText('From register: Front register');

    const minted = await pos.sandbox<{ code: string }>('/consumer-codes', { behaviour: 'approve' });
    await scannerTypes(page, minted.code);
    const paid = await longPollUntil(created.body.referenceId, 'paid');
    expect(paid).toMatchObject({ method: 'customer-qr', note: 'takeaway' });
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
  });

  test('cancel over the connection: the payment at the provider, and a scan the till was waiting for', async ({
    page,
    pos,
  }) => {
    await pos.open(page);
    const qr = await register.post<Payment>(
      '/payments',
      { amountMinor: 700, currency: 'SGD', method: 'merchant-qr' },
      idempotencyKey(),
    );
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    const cancelled = await register.post<Payment>(`/payments/${qr.body.referenceId}/cancel`, {}, idempotencyKey());
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', providerStatus: 'CANCELLED' } });
    await expect(page.getByTestId('payment-result')).toBeVisible();
    expect((await pos.sandbox<{ status: string }>(`/orders/${qr.body.referenceId}`)).status).toBe('CANCELLED');

    const scan = await register.post<Payment>(
      '/payments',
      { amountMinor: 710, currency: 'SGD', method: 'customer-qr' },
      idempotencyKey(),
    );
    await expect(page.getByTestId('scan-screen')).toBeVisible();
    const called = await register.post<Payment>(`/payments/${scan.body.referenceId}/cancel`, {}, idempotencyKey());
    expect(called).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await expect(page.getByTestId('notice')).toContainText('The register’s sale of S$7.10 was cancelled.');
  });

  test('refuses a wrong key and a revoked key (401), a POST without Idempotency-Key (400), the same key with another body (409), a second sale while one is open (409)', async ({
    pos,
  }) => {
    const body = { amountMinor: 300, currency: 'SGD', method: 'customer-qr' };
    const wrong = await register.request('POST', '/payments', {
      body,
      idempotencyKey: idempotencyKey(),
      key: 'ecr_nope',
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });

    const old = await pos.call('ecr.createKey', { name: 'Old register' });
    if (!old.ok) throw new Error(old.error.message);
    expect((await register.request('GET', '/openapi.json', { key: old.value.key })).status).toBe(200);
    await pos.call('ecr.revokeKey', { name: 'Old register' });
    const revoked = await register.request('GET', '/openapi.json', { key: old.value.key });
    expect(revoked).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });

    const missing = await register.post('/payments', body, null);
    expect(missing).toMatchObject({ status: 400, body: { code: 'ecr.idempotency-key-missing' } });

    const key = idempotencyKey();
    const first = await register.post<Payment>('/payments', body, key);
    expect(first.status).toBe(201);
    const other = await register.post('/payments', { ...body, amountMinor: 301 }, key);
    expect(other).toMatchObject({ status: 409, body: { code: 'ecr.idempotency-conflict' } });

    const busy = await register.post('/payments', { ...body, amountMinor: 302 }, idempotencyKey());
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    expect(busy.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    await register.post(`/payments/${first.body.referenceId}/cancel`, {}, idempotencyKey());
    // Every answer above was checked against the OpenAPI document.
    expect(register.checked).toBeGreaterThanOrEqual(8);
  });

  test('the cashier on Scan for S$5.00: the register’s S$80.00 is refused 409 ecr.busy, the USB scan pays S$5.00 for the cashier’s sale', async ({
    page,
    pos,
  }) => {
    await pos.open(page);
    await keyAmount(page, '500');
    await page.getByTestId('scan-customer-button').click();
    await expect(page.getByTestId('scan-screen')).toBeVisible();
    await expect(page.getByTestId('scan-amount')).toHaveText('S$5.00');

    const eighty = { amountMinor: 8000, currency: 'SGD', method: 'customer-qr', orderReference: 'POS-ORDER-80' };
    const refused = await register.post<Record<string, unknown>>('/payments', eighty, idempotencyKey());
    expect(refused).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    // The cashier's scan has no payment yet: the problem names none.
    expect(refused.body).not.toHaveProperty('referenceId');
    // Nothing came to the screen: the cashier's scan, the cashier's amount.
    await expect(page.getByTestId('scan-amount')).toHaveText('S$5.00');
    await expect(page.getByTestId('from-register')).toHaveCount(0);
    await expect(page.getByTestId('held-register-sale')).toHaveCount(0);

    const minted = await pos.sandbox<{ code: string }>('/consumer-codes', { behaviour: 'approve' });
    await scannerTypes(page, minted.code);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
    await expect(page.getByTestId('payment-amount')).toHaveText('S$5.00');
    const referenceId = (await page.getByTestId('payment-reference').textContent())!;
    const order = await pos.sandbox<Record<string, unknown>>(`/orders/${referenceId}`);
    expect(order).toMatchObject({ status: 'CAPTURED', orderAmount: 500, method: 'customer-qr' });
    expect(JSON.stringify(order)).not.toContain('POS-ORDER-80');
    const detail = await pos.call('payments.get', { referenceId });
    expect(detail.ok && detail.value.payment.fromRegister).toBeFalsy();

    // The cashier puts the result away: the till is free, and the register's sale goes through and shows.
    await page.getByTestId('dismiss-result').click();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    const accepted = await register.post<Payment>('/payments', eighty, idempotencyKey());
    expect(accepted.status).toBe(201);
    await expect(page.getByTestId('scan-amount')).toHaveText('S$80.00');
    await expect(page.getByTestId('from-register')).toHaveText('From register: POS-ORDER-80');
    const cancelled = await register.post<Payment>(
      `/payments/${accepted.body.referenceId}/cancel`,
      {},
      idempotencyKey(),
    );
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    await expect(page.getByTestId('sale-screen')).toBeVisible();
  });
});
