import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 1: the customer scans our QR. The QR is read from the screen's pixels, as the customer's phone
// would, and the consumer acts only through the sandbox's /_sandbox/ API.

interface SandboxOrder {
  status: string;
  shopbackOrderId: string;
  refundAmount: number;
}

test('charge S$12.34: QR read from the screenshot, customer pays, cashier and customer display show Paid', async ({
  page,
  context,
  pos,
}) => {
  await pos.open(page);
  const display = await context.newPage();
  await pos.open(display, '/customer-display');
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-state', 'idle');

  await keyAmount(page, '1234');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$12.34');
  await keepScreenshot(page, 'sale.png');
  await page.keyboard.press('Enter');

  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('S$12.34');
  const payload = decodeQrFromPng(await qr.screenshot());
  expect(payload).toMatch(/^sandbox-wallet:\/\/pay\//);
  await keepScreenshot(page, 'qr.png');

  // The customer display shows the same amount and a QR that decodes to the same payload.
  await expect(display.getByTestId('customer-amount')).toHaveText('S$12.34');
  expect(decodeQrFromPng(await display.getByTestId('customer-qr').screenshot())).toBe(payload);

  await pos.sandbox('/consumer/scan', { qrPayload: payload });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'scanned');
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });

  await expect
    .poll(async () => (await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`)).status, { intervals: [20] })
    .toBe('CAPTURED');
  // From the moment the provider has it as paid: both screens within 1 s.
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 1_000 });
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-state', 'paid', { timeout: 1_000 });
  await keepScreenshot(page, 'paid.png');
  await keepScreenshot(display, 'customer-display-paid.png');

  const providerOrderId = (await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`)).shopbackOrderId;
  await page.getByTestId('nav-payments').click();
  const row = page.locator(`[data-testid="payment-row"][data-reference-id="${referenceId}"]`);
  await expect(row).toHaveAttribute('data-status', 'paid');
  await expect(row.getByTestId('payment-row-provider-id')).toHaveText(providerOrderId);
});

test('cancel while waiting cancels at the provider; cancel is not offered once the customer confirmed', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await keyAmount(page, '500');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'waiting');
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await page.getByTestId('cancel-payment').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'cancelled');
  expect((await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`)).status).toBe('CANCELLED');

  // A second sale: the customer confirms, and from then on there is nothing to cancel.
  await keyAmount(page, '600');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('cancel-payment')).toBeVisible();
  const second = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/settings', { confirmDelayMs: 1_500 });
  try {
    await pos.sandbox('/consumer/confirm', { referenceId: second });
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'confirming');
    await expect(page.getByTestId('cancel-payment')).toHaveCount(0);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('cancel-payment')).toHaveCount(0);
  } finally {
    await pos.sandbox('/settings', { confirmDelayMs: 200 });
  }
  const refused = await pos.call('payments.cancel', { referenceId: second });
  expect(refused.ok).toBe(false);
  expect(refused.ok ? null : refused.error.code).toBe('order.not-cancellable');
  expect((await pos.sandbox<SandboxOrder>(`/orders/${second}`)).status).toBe('CAPTURED');
});
