import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithFakeCamera } from '../fixtures/fake-camera.ts';
import { expect, keyAmount, test, type Pos } from '../fixtures/pos-test.ts';
import { writeQrY4m, type QrVideoStyle } from '../fixtures/y4m.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The camera at a kiosk reads a phone screen: low contrast, sensor noise. Chromium's fake camera plays a
// .y4m with the customer's code painted that way; the WebAssembly decoder (zxing-wasm, served by our own
// host) reads it. When that decoder cannot load, @zxing/browser's own decoder takes over and the status bar
// says so. (The clean-code journey, with the refusal of a used code, is in scan-customer.spec.ts.)

async function freshCode(pos: Pos): Promise<string> {
  const { codes } = await pos.sandbox<{ codes: string[] }>('/consumer-codes');
  return codes[0]!;
}

/** Runs `body` in a Chromium whose camera shows `code` painted in `style`; cleans up whatever happens. */
async function withFakeCamera(pos: Pos, style: QrVideoStyle, body: (page: Page) => Promise<void>): Promise<void> {
  const dir = tempFolder('wallet-pos-camera-');
  try {
    const code = await freshCode(pos);
    const video = join(dir, `customer-code-${style}.y4m`);
    writeQrY4m(video, code, { style });
    const camera = await launchWithFakeCamera(video);
    test.skip(!camera, 'no Chromium');
    try {
      await body(await camera!.context.newPage());
    } finally {
      await camera!.browser.close();
    }
  } finally {
    removeFolder(dir);
  }
}

test('the camera reads a low-contrast, noisy phone screen with the WebAssembly decoder from our own host, and pays', async ({
  pos,
}) => {
  await withFakeCamera(pos, 'low-contrast-noisy', async (page) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const csp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) csp.push(message.text());
    });
    await pos.open(page);

    // Nothing of the decoder is fetched before the scan view opens.
    expect(requested.filter((url) => /zxing|\.wasm/.test(url))).toEqual([]);

    await keyAmount(page, '1250');
    await page.getByTestId('scan-customer-button').click();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
    const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    const order = await pos.sandbox<{ status: string; method: string; orderAmount: number }>(`/orders/${referenceId}`);
    expect(order).toMatchObject({ status: 'CAPTURED', method: 'customer-qr', orderAmount: 1250 });

    // The decoder that read it was the WebAssembly one, its .wasm served by our own host; nothing went elsewhere.
    await expect(page.getByTestId('status-scanner')).toHaveAttribute('data-camera-decoder', 'wasm');
    const origin = new URL(page.url()).origin;
    const wasmRequests = requested.filter((url) => url.endsWith('.wasm'));
    expect(wasmRequests).toHaveLength(1);
    expect(wasmRequests[0]!.startsWith(`${origin}/assets/`)).toBe(true);
    expect(
      requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
    ).toEqual([]);
    // Compiled under our CSP (script-src 'wasm-unsafe-eval'), without a single violation.
    expect(csp).toEqual([]);
    await keepScreenshot(page, 'scan-camera-noisy-paid.png');
  });
});

test('when the WebAssembly decoder cannot load, the camera still pays with the built-in decoder and the status bar says so', async ({
  pos,
}) => {
  await withFakeCamera(pos, 'clean', async (page) => {
    // The .wasm cannot be had (as on a damaged install): every request for it fails.
    await page.route('**/*.wasm', (route) => route.abort('failed'));
    await pos.open(page);
    await expect(page.getByTestId('status-scanner')).toHaveAttribute('data-camera-decoder', '');

    await keyAmount(page, '730');
    await page.getByTestId('scan-customer-button').click();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
    const scanner = page.getByTestId('status-scanner');
    await expect(scanner).toHaveAttribute('data-camera-decoder', 'zxing-js');
    await expect(scanner).toContainText('Camera: fast decoder did not load, using the slower built-in one');
    await keepScreenshot(page, 'scan-camera-fallback-status.png');
  });
});
