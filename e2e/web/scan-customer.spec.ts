import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, fakeCameraArgs, findChromium } from '../fixtures/chromium.ts';
import { expect, keyAmount, scannerTypes, test, type Pos } from '../fixtures/pos-test.ts';
import { writeQrY4m } from '../fixtures/y4m.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 2: we scan the customer's wallet code — by a USB keyboard-wedge scanner (fast key events) and by
// the camera (Chromium's fake camera looping a QR painted into a .y4m file). Codes come from the sandbox,
// as a wallet app would show them.

async function freshCode(pos: Pos): Promise<string> {
  const { codes } = await pos.sandbox<{ codes: string[] }>('/consumer-codes');
  return codes[0]!;
}

test('a USB scanner pays; the same code scanned again is refused with the reason', async ({ page, pos }) => {
  await pos.open(page);
  const code = await freshCode(pos);

  await keyAmount(page, '875');
  await page.getByTestId('scan-customer-button').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  await scannerTypes(page, code);
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  expect((await pos.sandbox<{ status: string; method: string }>(`/orders/${referenceId}`)).status).toBe('CAPTURED');

  await keyAmount(page, '875');
  await page.getByTestId('scan-customer-button').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  await scannerTypes(page, code);
  await expect(page.getByTestId('scan-error')).toHaveAttribute('data-error-code', 'consumer-code.already-used');
  await expect(page.getByTestId('scan-error')).toContainText('already used');
  await keepScreenshot(page, 'scan-refused.png');
  // Refused before any request: the provider saw exactly one order for that code.
  const { orders } = await pos.sandbox<{ orders: { orderAmount: number; method: string }[] }>('/orders');
  expect(orders.filter((order) => order.method === 'customer-qr' && order.orderAmount === 875)).toHaveLength(1);
});

test("a scan is told by its keys' own timestamps, not by how late the page receives them", async ({ page, pos }) => {
  await pos.open(page);
  const code = await freshCode(pos);
  const ordersBefore = (await pos.sandbox<{ orders: unknown[] }>('/orders')).orders.length;
  await keyAmount(page, '425');
  await page.getByTestId('scan-customer-button').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();

  // Typed by a person (150 ms apart) but delivered in a burst, as after a stall: not a scan.
  await scannerTypes(page, code, { osGapMs: 150 });
  await page.waitForTimeout(500);
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  await expect(page.getByTestId('scan-error')).toHaveCount(0);
  expect((await pos.sandbox<{ orders: unknown[] }>('/orders')).orders.length).toBe(ordersBefore);

  // A scanner's burst delivered slowly (a busy machine): still the scan it was.
  await scannerTypes(page, code, { deliveryDelayMs: 60 });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
});

test('human-speed typing in the note field is never taken as a scan', async ({ page, pos }) => {
  await pos.open(page);
  await keyAmount(page, '300');
  const note = page.getByTestId('sale-note');
  await note.click();
  await note.pressSequentially('2811990012345678', { delay: 130 });
  await page.keyboard.press('Tab');
  await expect(note).toHaveValue('2811990012345678');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$3.00');
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveText('');
});

test('the camera reads the customer code and pays; the same code again is refused', async ({ pos }) => {
  const executablePath = findChromium();
  test.skip(!executablePath, 'no Chromium');
  const dir = tempFolder('wallet-pos-camera-');
  const code = await freshCode(pos);
  const video = join(dir, 'customer-code.y4m');
  writeQrY4m(video, code, { style: 'clean' });
  const browser = await chromium.launch({
    executablePath: executablePath!,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)],
  });
  try {
    const context = await browser.newContext({ permissions: ['camera'] });
    const page = await context.newPage();
    await pos.open(page);

    await keyAmount(page, '1999');
    await page.getByTestId('scan-customer-button').click();
    // The fake camera shows the code from its first frame: the payment goes straight through.
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });

    // The camera keeps showing the same, now used, code.
    await keyAmount(page, '1999');
    await page.getByTestId('scan-customer-button').click();
    await expect(page.getByTestId('scan-error')).toHaveAttribute('data-error-code', 'consumer-code.already-used', {
      timeout: 15_000,
    });
    await keepScreenshot(page, 'scan-camera-refused.png');
    // Leaving the scan view releases the camera.
    await page.getByTestId('scan-back').click();
    await expect(page.getByTestId('camera-panel')).toHaveCount(0);
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  } finally {
    await browser.close();
    removeFolder(dir);
  }
});
