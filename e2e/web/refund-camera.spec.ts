import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cameraTracks, launchWithFakeCamera, recordCameraTracks } from '../fixtures/fake-camera.ts';
import { expect, test, type Pos } from '../fixtures/pos-test.ts';
import { writeQrY4m } from '../fixtures/y4m.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The refund counter's camera (Settings → Devices → "read receipts with the camera on the Refund screen"):
// Chromium's fake camera shows the receipt's QR, painted into a .y4m; the Refund screen opens the payment.
// The camera starts only when Settings choose it, loads its decoder only then, and is released on leave. With
// the printed receipt's own pixels, at another terminal: refund-counter.spec.ts.

/** A paid payment of this till: the receipt the customer brings back. */
async function paidPayment(pos: Pos, amountMinor: number): Promise<string> {
  const created = await pos.call('payments.chargeMerchantQr', { amountMinor, currency: 'SGD' });
  if (!created.ok) throw new Error(created.error.message);
  const { referenceId } = created.value;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect
    .poll(async () => {
      const detail = await pos.call('payments.get', { referenceId });
      return detail.ok ? detail.value.payment.displayStatus : detail.error.code;
    })
    .toBe('paid');
  return referenceId;
}

async function setRefundCamera(pos: Pos, on: boolean): Promise<void> {
  const saved = await pos.call('settings.save', { settings: { refundCamera: on } });
  if (!saved.ok) throw new Error(saved.error.message);
}

/** Runs `body` in a Chromium whose camera shows the receipt QR of `referenceId`; the setting is put back after. */
async function withReceiptCamera(pos: Pos, referenceId: string, body: (page: Page) => Promise<void>): Promise<void> {
  const dir = tempFolder('wallet-pos-receipt-camera-');
  try {
    const video = join(dir, 'receipt.y4m');
    writeQrY4m(video, referenceId);
    const camera = await launchWithFakeCamera(video);
    test.skip(!camera, 'no Chromium');
    try {
      const page = await camera!.context.newPage();
      await recordCameraTracks(page);
      await body(page);
    } finally {
      await camera!.browser.close();
    }
  } finally {
    await setRefundCamera(pos, false);
    removeFolder(dir);
  }
}

test('the receipt held up to the camera opens the payment on the Refund screen; the camera runs only there, only when chosen', async ({
  pos,
}) => {
  const referenceId = await paidPayment(pos, 1250);
  await withReceiptCamera(pos, referenceId, async (page) => {
    const decoderRequests: string[] = [];
    page.on('request', (request) => {
      if (/zxing|\.wasm/.test(request.url())) decoderRequests.push(request.url());
    });
    await pos.open(page);

    // Not chosen in Settings: the Refund screen takes the USB scanner and typing only; no camera, no decoder.
    await page.getByTestId('nav-refund').click();
    await expect(page.getByTestId('refund-screen')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('camera-panel')).toHaveCount(0);
    expect(await cameraTracks(page)).toEqual({ given: 0, live: 0 });
    expect(decoderRequests).toEqual([]);

    // Chosen: the camera starts on the Refund screen (the change applies at once) and reads the receipt.
    await page.getByTestId('nav-sale').click();
    await setRefundCamera(pos, true);
    await page.getByTestId('nav-refund').click();
    await expect(page.getByTestId('camera-panel')).toHaveAttribute('data-camera-state', 'live');
    await expect(page.getByTestId('refund-reference')).toHaveText(referenceId, { timeout: 15_000 });
    await expect(page.getByTestId('refund-lookup')).toHaveValue(referenceId);
    await expect(page.getByTestId('refund-paid')).toHaveText('S$12.50');
    await expect(page.getByTestId('refund-refundable')).toHaveText('S$12.50');
    // Read by the WebAssembly decoder, fetched from our own host only now.
    await expect(page.getByTestId('camera-panel')).toHaveAttribute('data-decoder', 'wasm');
    const origin = new URL(page.url()).origin;
    expect(decoderRequests.length).toBeGreaterThan(0);
    expect(decoderRequests.every((url) => url.startsWith(`${origin}/`))).toBe(true);
    expect(await cameraTracks(page)).toMatchObject({ live: 1 });
    await keepScreenshot(page, 'refund-camera-found.png');

    // Leaving the Refund screen releases the camera (its light goes off).
    await page.getByTestId('nav-payments').click();
    await expect(page.getByTestId('payments-screen')).toBeVisible();
    await expect.poll(async () => (await cameraTracks(page)).live).toBe(0);
  });
});

test('when the WebAssembly decoder cannot load, the Refund screen still reads the receipt with the built-in decoder', async ({
  pos,
}) => {
  const referenceId = await paidPayment(pos, 730);
  await setRefundCamera(pos, true);
  await withReceiptCamera(pos, referenceId, async (page) => {
    await page.route('**/*.wasm', (route) => route.abort('failed'));
    await pos.open(page);
    await page.getByTestId('nav-refund').click();
    await expect(page.getByTestId('refund-reference')).toHaveText(referenceId, { timeout: 20_000 });
    await expect(page.getByTestId('camera-panel')).toHaveAttribute('data-decoder', 'zxing-js');
    await expect(page.getByTestId('status-scanner')).toContainText(
      'Camera: fast decoder did not load, using the slower built-in one',
    );
  });
});
