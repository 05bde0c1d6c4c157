import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, test, type Pos } from '../fixtures/pos-test.ts';
import type { Page } from '@playwright/test';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 1 when it does not simply go well: the customer declines, the customer walks off and the QR
// expires, the provider answers 5xx while the order is being created. Each ends in a message a cashier can
// act on; the 5xx case, once the provider is back, still ends Paid — for exactly one order.

async function charge(page: Page, digits: string): Promise<string> {
  await keyAmount(page, digits);
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-screen')).toHaveAttribute('data-reference-id', /.+/);
  return (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
}

async function ordersFor(pos: Pos, referenceId: string): Promise<number> {
  const { orders } = await pos.sandbox<{ orders: { referenceId: string }[] }>('/orders');
  return orders.filter((order) => order.referenceId === referenceId).length;
}

test('the customer declines in their app: Failed, with the reason in words', async ({ page, pos }) => {
  await pos.open(page);
  const referenceId = await charge(page, '1500');
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await pos.sandbox('/consumer/scan', {
    qrPayload: decodeQrFromPng(await page.getByTestId('payment-qr').screenshot()),
  });
  await pos.sandbox('/consumer/decline', { referenceId });

  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed');
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-outcome', 'failure');
  await expect(result).toContainText('S$15.00 not paid');
  await expect(result).toContainText('The customer declined the payment in their app.');
  await keepScreenshot(page, 'declined.png');
});

test('the QR expires unpaid: Expired, nothing charged, and the sale stays — Try again / Other method / Done', async ({
  page,
  pos,
}) => {
  // The page's clock runs the result's timers: it is moved past the dismiss time instead of waited for.
  await page.clock.install();
  await pos.open(page);
  await pos.sandbox('/settings', { abandonAfterMs: 1_500 });
  let referenceId: string;
  try {
    referenceId = await charge(page, '1600');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'expired', { timeout: 20_000 });
  } finally {
    await pos.sandbox('/settings', { abandonAfterMs: 300_000 });
  }
  const result = page.getByTestId('payment-result');
  await expect(result).toContainText('S$16.00 not paid');
  await expect(result).toContainText('Nothing was charged');
  await expect(page.getByTestId('payment-qr')).toHaveCount(0);
  expect((await pos.sandbox<{ status: string }>(`/orders/${referenceId}`)).status).toBe('ABANDONED');
  // The customer is still at the counter: the sale stays until the cashier chooses.
  await expect(page.getByTestId('result-try-again')).toBeVisible();
  await expect(page.getByTestId('result-other-method')).toHaveText('Scan the customer instead');
  await expect(page.getByTestId('result-done')).toBeVisible();
  await expect(result).not.toContainText('Next sale in');
  await keepScreenshot(page, 'expired.png');
  await page.clock.runFor(10_000); // past the 8 s after which a paid result goes
  await expect(result).toBeVisible();

  // Try again: a new attempt for the same amount.
  await page.getByTestId('result-try-again').click();
  await expect(page.getByTestId('payment-screen')).not.toHaveAttribute('data-reference-id', referenceId);
  await expect(page.getByTestId('payment-amount')).toHaveAttribute('data-amount-minor', '1600');
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await page.getByTestId('cancel-payment').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'cancelled');
});

test('the create never reaches the provider: Not sent, nothing charged, and the sale stays — Try again takes it', async ({
  page,
  pos,
}) => {
  // Not sent is decided only once a lost request can no longer act (the client's connect + read time and
  // 5 s more after the last resend): about 40 s.
  test.setTimeout(120_000);
  await page.clock.install();
  await pos.open(page);
  // Every create answers 503 without acting: the first send and both resends (same key) never make an order.
  await pos.sandbox('/faults', { fail5xxNext: 1_000_000, path: '/v1/instore/order/create' });
  let referenceId: string;
  try {
    referenceId = await charge(page, '1750');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'not-sent', { timeout: 90_000 });
  } finally {
    await pos.sandbox('/faults', { fail5xxNext: 0, path: null });
  }
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-outcome', 'failure');
  await expect(result).toContainText('S$17.50 not paid');
  await expect(result).toContainText('never reached the provider. Nothing was charged');
  await expect(pos.sandbox(`/orders/${referenceId}`)).rejects.toThrow(/answered 404/);
  await expect(page.getByTestId('result-try-again')).toBeVisible();
  await expect(page.getByTestId('result-other-method')).toHaveText('Scan the customer instead');
  await expect(page.getByTestId('result-done')).toBeVisible();
  await expect(result).not.toContainText('Next sale in');
  await keepScreenshot(page, 'not-sent.png');
  await page.clock.runFor(10_000);
  await expect(result).toBeVisible();

  // The provider answers again: Try again sends a new attempt for the same amount, and the customer pays it.
  await page.getByTestId('result-try-again').click();
  await expect(page.getByTestId('payment-screen')).not.toHaveAttribute('data-reference-id', referenceId);
  await expect(page.getByTestId('payment-amount')).toHaveAttribute('data-amount-minor', '1750');
  const second = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await pos.sandbox('/consumer/scan', {
    qrPayload: decodeQrFromPng(await page.getByTestId('payment-qr').screenshot()),
  });
  await pos.sandbox('/consumer/confirm', { referenceId: second });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  expect(await ordersFor(pos, second)).toBe(1);
});

test('the provider answers 5xx while the order is created: a clear message, then Paid once it is back', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  // Six 503s: every try of the first create call and of the service's first resend fails; the second resend
  // gets through.
  await pos.sandbox('/faults', { fail5xxNext: 6, path: '/v1/instore/order/create' });
  try {
    const referenceId = await charge(page, '1700');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'checking');
    await expect(page.getByTestId('payment-checking-reason')).toContainText(/provider/i);
    await expect(page.getByTestId('payment-screen')).toContainText('nothing will be charged twice');
    await keepScreenshot(page, 'provider-5xx.png');
    await expect(page.getByTestId('payment-qr')).toBeVisible({ timeout: 30_000 });
    await pos.sandbox('/consumer/scan', {
      qrPayload: decodeQrFromPng(await page.getByTestId('payment-qr').screenshot()),
    });
    await pos.sandbox('/consumer/confirm', { referenceId });
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    expect(await ordersFor(pos, referenceId)).toBe(1);
    expect((await pos.sandbox<{ fail5xxNext: number }>('/faults')).fail5xxNext).toBe(0);
  } finally {
    await pos.sandbox('/faults', { fail5xxNext: 0, path: null });
  }
});
