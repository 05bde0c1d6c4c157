import type { Page } from '@playwright/test';
import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, scannerTypes, test, type Pos } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 12, "Sale and payment": the counter when it does not simply go well. A failed result keeps the sale
// (try again, other method, done); the provider not answering is said at once (status bar, payment screen)
// and the attempt can be called off; nothing is left open at the provider behind the cashier's back; the
// amount field never adds to a stale amount nor drops a digit silently; the scan screen works without a
// camera and takes a typed code.

async function charge(page: Page, digits: string): Promise<string> {
  await keyAmount(page, digits);
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-screen')).toHaveAttribute('data-reference-id', /.+/);
  return (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
}

async function declineOnScreen(page: Page, pos: Pos, referenceId: string): Promise<void> {
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await pos.sandbox('/consumer/scan', {
    qrPayload: decodeQrFromPng(await page.getByTestId('payment-qr').screenshot()),
  });
  await pos.sandbox('/consumer/decline', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed');
}

async function freshCode(pos: Pos): Promise<string> {
  const { codes } = await pos.sandbox<{ codes: string[] }>('/consumer-codes');
  return codes[0]!;
}

async function openOrders(pos: Pos): Promise<{ referenceId: string; status: string }[]> {
  const { orders } = await pos.sandbox<{ orders: { referenceId: string; status: string }[] }>('/orders');
  return orders.filter((order) => order.status === 'CREATED' || order.status === 'PENDING');
}

async function outage(pos: Pos, on: boolean): Promise<void> {
  await pos.sandbox('/faults', on ? { fail5xxNext: 1_000_000, path: null } : { fail5xxNext: 0, path: null });
}

test('declined keeps the sale: Try again (same amount, a new attempt), Other method (scan instead), Done', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  const first = await charge(page, '1530');
  await declineOnScreen(page, pos, first);
  const result = page.getByTestId('payment-result');
  await expect(result).toContainText('S$15.30 not paid');
  await expect(page.getByTestId('result-try-again')).toBeVisible();
  await expect(page.getByTestId('result-other-method')).toHaveText('Scan the customer instead');
  await expect(page.getByTestId('result-done')).toBeVisible();
  await expect(result).not.toContainText('Next sale in'); // a failure does not dismiss itself
  await keepScreenshot(page, 'declined-keeps-the-sale.png');

  await page.getByTestId('result-try-again').click();
  await expect(page.getByTestId('payment-screen')).not.toHaveAttribute('data-reference-id', first);
  await expect(page.getByTestId('payment-amount')).toHaveAttribute('data-amount-minor', '1530');
  const second = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await declineOnScreen(page, pos, second);

  await page.getByTestId('result-other-method').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  await expect(page.getByTestId('scan-amount')).toHaveAttribute('data-amount-minor', '1530');
  await scannerTypes(page, await freshCode(pos));
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');

  // Done ends the sale: back to a new one at 0.
  const third = await charge(page, '250');
  await declineOnScreen(page, pos, third);
  await page.getByTestId('result-done').click();
  await expect(page.getByTestId('sale-amount')).toHaveAttribute('data-amount-minor', '0');
});

test('the provider stops answering: warning at once, one plain message, and the sale moves on soon after it is back', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await expect(page.getByTestId('status-provider')).toHaveAttribute('data-reachable', 'true');
  await outage(pos, true);
  try {
    await charge(page, '1700');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'checking');
    // The status bar follows the payment calls themselves, not a probe 30 s later.
    await expect(page.getByTestId('status-provider')).toHaveAttribute('data-reachable', 'false');
    await expect(page.getByTestId('payment-outage')).toHaveText(
      'The wallet service is not answering; the till keeps trying — you can cancel this attempt.',
    );
    await expect(page.getByTestId('cancel-attempt')).toBeVisible();
    // Long enough for an uncapped backoff to have grown to several seconds.
    await page.waitForTimeout(8_000);
    await keepScreenshot(page, 'provider-not-answering.png');
  } finally {
    await outage(pos, false);
  }
  const backAt = Date.now();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  test.info().annotations.push({
    type: 'figure',
    description: `QR shown ${Date.now() - backAt} ms after the provider came back`,
  });
  await expect(page.getByTestId('status-provider')).toHaveAttribute('data-reachable', 'true');
  await expect(page.getByTestId('payment-outage')).toHaveCount(0);
  await page.getByTestId('cancel-payment').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'cancelled');
});

test('Cancel this attempt while checking: nothing is left open at the provider', async ({ page, pos }) => {
  await pos.open(page);
  await outage(pos, true);
  let referenceId: string;
  try {
    referenceId = await charge(page, '1810');
    await page.getByTestId('cancel-attempt').click();
    await expect(page.getByTestId('payment-cancel-requested')).toContainText('Nothing will be charged');
    await expect(page.getByTestId('cancel-attempt')).toHaveCount(0);
    await keepScreenshot(page, 'cancel-attempt.png');
  } finally {
    await outage(pos, false);
  }
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', /cancelled|not-sent/, {
    timeout: 45_000,
  });
  expect((await openOrders(pos)).filter((order) => order.referenceId === referenceId)).toEqual([]);
});

test('no ghost orders: a create left while checking that turns out to exist is raised at once — Show QR / Cancel it', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await outage(pos, true);
  let referenceId: string;
  try {
    referenceId = await charge(page, '1920');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'checking');
    await page.getByTestId('leave-payment').click();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
  } finally {
    await outage(pos, false);
  }
  const banner = page.getByTestId('open-payment-banner');
  await expect(banner).toContainText('A payment of S$19.20 is still open');
  await expect(banner).toHaveAttribute('data-reference-id', referenceId);
  await keepScreenshot(page, 'open-payment-banner.png');
  await page.getByTestId('open-payment-show-qr').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await expect(banner).toHaveCount(0); // on its own screen now

  // The detail of a waiting payment has Show QR too.
  await page.getByTestId('nav-payments').click();
  await expect(banner).toBeVisible();
  await page.goto(`${pos.host.origin}/#token=${pos.host.token}`);
  await expect(page.getByTestId('app-frame')).toBeVisible();
  await page.getByTestId('nav-payments').click();
  await page.getByRole('button', { name: `Open payment ${referenceId}` }).click();
  await page.getByTestId('detail-show-qr').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await page.getByTestId('nav-sale').click();
  await page.getByTestId('open-payment-cancel').click();
  await expect(banner).toHaveCount(0);
  await expect
    .poll(async () => (await openOrders(pos)).filter((order) => order.referenceId === referenceId))
    .toEqual([]);
});

test('amount entry: a stale amount is never added to, digits on a result start the next sale, past the maximum says so', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await keyAmount(page, '2001');
  await page.getByTestId('scan-customer-button').click();
  await page.getByTestId('scan-back').click();
  await expect(page.getByTestId('sale-amount')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('sale-amount-stale')).toBeVisible();
  await keepScreenshot(page, 'stale-amount.png');
  for (const digit of '1299') {
    await page.keyboard.press(digit);
    await page.waitForTimeout(120);
  }
  await expect(page.getByTestId('sale-amount')).toHaveText('S$12.99');

  // Past the maximum (S$10,000.00 by default): the field says so, and keeps what it had.
  await page.getByTestId('keypad-clear').click();
  for (const digit of '1234567') {
    await page.keyboard.press(digit);
    await page.waitForTimeout(120);
  }
  await expect(page.getByTestId('sale-amount')).toHaveText('S$1,234.56');
  await expect(page.getByTestId('sale-over-limit')).toHaveText(
    'The most this terminal takes is S$10,000.00: that digit was not added.',
  );
  await expect(page.getByTestId('sale-amount')).toHaveClass(/amount-refused/);
  await keepScreenshot(page, 'over-maximum.png');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('sale-over-limit')).toHaveCount(0);

  // A result on screen, and the cashier already keys the next sale: it starts from 0 with those digits.
  await page.getByTestId('keypad-clear').click();
  await page.keyboard.press('5');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await page.getByTestId('cancel-payment').click();
  await expect(page.getByTestId('payment-result')).toBeVisible();
  for (const digit of '830') {
    await page.keyboard.press(digit);
    await page.waitForTimeout(120);
  }
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await expect(page.getByTestId('sale-amount')).toHaveText('S$8.30');
});

test('scan screen: no camera error without a camera, a field for a damaged code, a hint for human typing, old errors cleared', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await keyAmount(page, '640');
  await page.getByTestId('scan-customer-button').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  // This machine has no camera: said plainly, not as an error.
  await expect(page.getByTestId('camera-state')).toHaveText(
    'No camera on this till: use the USB scanner, or type the code below.',
  );
  const colour = await page.getByTestId('camera-state').evaluate((element) => getComputedStyle(element).color);
  expect(colour).not.toBe('rgb(180, 35, 24)'); // --failure

  // A code typed at human speed outside the field: pointed at the field, with the keys already in it.
  const code = await freshCode(pos);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  for (const char of code) await page.keyboard.press(char, { delay: 0 }).then(() => page.waitForTimeout(90));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-typed-slowly')).toHaveText(
    'That was typed, not scanned: scanners type faster — use the field below.',
  );
  await expect(page.getByTestId('scan-typed-code')).toHaveValue(code);
  await keepScreenshot(page, 'typed-slowly.png');

  // A wrong code first: refused with the reason; the next attempt clears it.
  await page.getByTestId('scan-typed-code').fill('NOT-A-WALLET-CODE');
  await page.getByTestId('scan-typed-submit').click();
  await expect(page.getByTestId('scan-error')).toBeVisible();
  await expect(page.getByTestId('scan-typed-slowly')).toHaveCount(0);
  await page.getByTestId('scan-typed-code').fill(code);
  await expect(page.getByTestId('scan-error')).toHaveCount(0);
  await page.getByTestId('scan-typed-submit').click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
});
