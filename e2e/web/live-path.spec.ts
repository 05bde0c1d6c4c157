import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDENTIALS, DEMO_MERCHANT, startSandbox, type RunningSandbox } from '../../electron/sandbox/server.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The code path a real till takes, end to end: Settings → a custom (real-environment) address pointed at a
// sandbox that answers only to the live header names (`X-ShopBack-…`), no webhook, so the till learns
// everything by polling. The cashier sells, the create's answer is lost once (resolved with the live
// idempotency header: the QR comes back), the customer pays, a refund goes through with the supervisor PIN,
// and the next sale is cancelled. The merchant's maximum at the provider (S$2,000.00 here, its own figure, not
// in Settings) is learned from its refusal and held by the Sale screen from then on.

const SUPERVISOR_PIN = '246800';

interface SandboxOrder {
  status: string;
  refundAmount: number;
  webhookUrl: string | null;
}

let sandbox: RunningSandbox;
let host: PreviewHost;

test.beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    headerPrefix: 'X-ShopBack-',
    confirmDelayMs: 200,
    merchants: [{ ...DEMO_MERCHANT, maxAmountMinor: 200_000 }],
  });
  host = await startPreviewHost();
  const saved = await call('settings.save', {
    settings: {
      environment: 'custom',
      customBaseUrl: sandbox.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId: DEMO_CREDENTIALS.posId,
      country: 'SG',
      currency: 'SGD',
      webhookUrl: '',
    },
    // A supervisor PIN needs an admin PIN (electron/core/settings/admin-pin-first.ts).
    secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret, supervisorPin: SUPERVISOR_PIN, adminPin: '864200' },
  });
  expect(saved.ok, JSON.stringify(saved.error)).toBe(true);
});

test.afterAll(async () => {
  await host?.stop();
  await sandbox?.close();
});

async function call(
  channel: string,
  request: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return (await response.json()) as { ok: boolean };
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox.controlBaseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

async function keyAmount(page: Page, digits: string): Promise<void> {
  await page.getByTestId('nav-sale').click();
  await page.getByTestId('keypad-clear').click();
  for (const digit of digits) {
    await page.keyboard.press(digit);
    await page.waitForTimeout(120);
  }
}

test('a till on a custom address with live header names and no webhook sells, resolves a lost answer, refunds and cancels', async ({
  page,
}) => {
  await page.goto(`${host.origin}/#token=${host.token}`);
  await expect(page.getByTestId('app-frame')).toBeVisible();
  // Not the demo: no DEMO banner on a real-environment profile.
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);

  // The create is carried out but its answer is lost, every try of the client's.
  await control('/faults', { dropAfterActNext: 3, path: '/order/create' });
  await keyAmount(page, '1234');
  await page.keyboard.press('Enter');

  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible({ timeout: 20_000 });
  const payload = decodeQrFromPng(await qr.screenshot());
  const orders = (await control<{ orders: (SandboxOrder & { qrPayload: string; referenceId: string })[] }>('/orders'))
    .orders;
  expect(orders).toHaveLength(1);
  expect(orders[0]!.qrPayload).toBe(payload);
  expect(orders[0]!.webhookUrl).toBeNull();
  const referenceId = orders[0]!.referenceId;
  await keepScreenshot(page, 'live-path-qr.png');

  await control('/consumer/scan', { qrPayload: payload });
  await control('/consumer/confirm', { referenceId });
  // Learned by polling only.
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 10_000 });

  const refunded = await call('payments.refund', {
    referenceId,
    amountMinor: 234,
    reason: 'Wrong size',
    supervisorPin: SUPERVISOR_PIN,
  });
  expect(refunded.ok, JSON.stringify(refunded.error)).toBe(true);
  await expect.poll(async () => (await control<SandboxOrder>(`/orders/${referenceId}`)).refundAmount).toBe(234);
  expect((await control<SandboxOrder>(`/orders/${referenceId}`)).status).toBe('CAPTURED');

  // The next sale is cancelled while the customer has not paid: sent with the live idempotency header (the
  // sandbox ignores the documents' one), learned as cancelled, and cancelled at the provider.
  await keyAmount(page, '500');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'waiting');
  const cancelled = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  expect(cancelled).not.toBe(referenceId);
  await page.getByTestId('cancel-payment').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'cancelled');
  expect((await control<SandboxOrder>(`/orders/${cancelled}`)).status).toBe('CANCELLED');
});

test("the provider's maximum for this shop, learned from its refusal, is held by the Sale screen", async ({ page }) => {
  await page.goto(`${host.origin}/#token=${host.token}`);
  await expect(page.getByTestId('app-frame')).toBeVisible();
  // S$2,500.00 is within Settings' limits (up to S$10,000.00) but above the merchant's maximum at the provider.
  await keyAmount(page, '250000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-error')).toHaveText(
    'This amount is above the largest amount this shop may charge with the wallet.',
  );
  // From now on the Sale screen refuses a digit past what the provider refused, and says whose limit it is.
  await keyAmount(page, '250000');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$250.00');
  await expect(page.getByTestId('sale-over-limit')).toHaveText(
    'The provider’s largest amount for this shop is at most S$2,499.99: that digit was not added.',
  );
  await keepScreenshot(page, 'provider-maximum.png');
  // A reload reads it again from app.info.
  await page.reload();
  await keyAmount(page, '250000');
  await expect(page.getByTestId('sale-over-limit')).toBeVisible();
});
