import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, test, type Pos } from '../fixtures/pos-test.ts';
import type { Page } from '@playwright/test';

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
  await page.screenshot({ path: test.info().outputPath('declined.png') });
});

test('the QR expires unpaid: Expired, nothing charged, charge again', async ({ page, pos }) => {
  await pos.open(page);
  await pos.sandbox('/settings', { abandonAfterMs: 1_500 });
  try {
    const referenceId = await charge(page, '1600');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'expired', { timeout: 20_000 });
    await expect(page.getByTestId('payment-result')).toContainText('Nothing was charged');
    await expect(page.getByTestId('payment-qr')).toHaveCount(0);
    expect((await pos.sandbox<{ status: string }>(`/orders/${referenceId}`)).status).toBe('ABANDONED');
    await page.screenshot({ path: test.info().outputPath('expired.png') });
  } finally {
    await pos.sandbox('/settings', { abandonAfterMs: 300_000 });
  }
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
    await page.screenshot({ path: test.info().outputPath('provider-5xx.png') });
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
