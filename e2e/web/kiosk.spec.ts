import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { ADMIN_PIN, expect, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The self-service kiosk on a 1920×1080 touch screen: attract screen, the customer keys the amount and
// pays by scanning the screen, the kiosk returns to rest by itself; the way out is the admin PIN only.

test.use({ viewport: { width: 1920, height: 1080 } });

test('kiosk: attract, amount, big QR, paid, back to rest; Admin needs the PIN', async ({ page, pos }) => {
  const set = await pos.call('settings.save', {
    // The way out is this world's admin PIN (pos-test.ts).
    settings: { mode: 'kiosk', kiosk: true, resultDismissSeconds: 3 },
  });
  expect(set.ok).toBe(true);
  try {
    await pos.open(page);
    await expect(page.getByTestId('kiosk-attract')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay here with your wallet app');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByTestId('open-customer-display')).toHaveCount(0);
    await keepScreenshot(page, 'kiosk-attract.png');

    await page.getByRole('button', { name: 'Touch to start' }).click();
    for (const key of ['1', '2', '0', '0']) await page.getByTestId(`keypad-${key}`).click();
    await expect(page.getByTestId('charge-button')).toHaveText('Pay S$12.00');
    await expect(page.getByTestId('sale-note')).toHaveCount(0);
    await page.getByTestId('charge-button').click();

    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    // The customer's words, and no staff information: no status line, no terminal id, no references.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scan to pay');
    await expect(page.getByTestId('payment-status')).toHaveText('Scan the QR code with your wallet app');
    await expect(page.getByTestId('status-bar')).toHaveCount(0);
    await expect(page.getByTestId('terminal-id')).toHaveCount(0);
    await expect(page.getByTestId('cancel-payment')).toHaveText('Cancel');
    // Scanned from the kiosk's own screen, from further than a till's: at least 400 CSS px, centred, readable.
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(400);
    expect(Math.abs(box.x + box.width / 2 - 1920 / 2)).toBeLessThan(20);
    const payload = decodeQrFromPng(await qr.screenshot());
    expect(payload).toMatch(/^sandbox-wallet:\/\/pay\//);
    await keepScreenshot(page, 'kiosk-qr.png');

    // The kiosk's screen is the payment screen: its order is looked up at the on-screen pace (every 0.5 s),
    // not as a background order nobody watches (every 2 s), so the customer's "Paid" shows at once.
    const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    const watchFrom = Date.now();
    await page.waitForTimeout(4_000);
    const { requests } = await pos.sandbox<{ requests: { method: string; path: string }[] }>(
      `/requests?since=${watchFrom}`,
    );
    const lookups = requests.filter(
      (request) => request.method === 'GET' && request.path === `/posi-sandbox/v1/instore/order/${referenceId}`,
    );
    expect(lookups.length).toBeGreaterThanOrEqual(5);

    await pos.sandbox('/consumer/scan', { qrPayload: payload });
    await pos.sandbox('/consumer/confirm', { referenceId });
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-outcome', 'success');
    await expect(result).toContainText('Payment received — thank you');
    await expect(result).toContainText('S$12.00');
    await expect(page.getByTestId('payment-reference')).toHaveCount(0);
    await expect(page.getByTestId('payment-provider-order-id')).toHaveCount(0);
    await keepScreenshot(page, 'kiosk-paid.png');
    // Nobody needs to touch anything for the next customer.
    await expect(page.getByTestId('kiosk-attract')).toBeVisible({ timeout: 6_000 });

    // Admin: the PIN on a touch keypad; a wrong one is refused, the right one opens the admin screens.
    await page.getByTestId('kiosk-admin').click();
    const keypad = page.getByRole('group', { name: 'PIN keypad' });
    for (const key of '1111') await keypad.getByTestId(`pin-key-${key}`).click();
    await page.getByTestId('admin-unlock').click();
    await expect(page.getByTestId('admin-pin-wrong')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    for (const key of ADMIN_PIN) await keypad.getByTestId(`pin-key-${key}`).click();
    await page.getByTestId('admin-unlock').click();
    await expect(page.getByTestId('settings-screen')).toBeVisible();
    await expect(page.getByRole('navigation')).toBeVisible();
    // Staff again: the status line and the terminal id are back.
    await expect(page.getByTestId('status-bar')).toBeVisible();
    await expect(page.getByTestId('terminal-id')).toBeVisible();
    await page.getByTestId('nav-sale').click();
    await expect(page.getByTestId('kiosk-attract')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  } finally {
    // The host is shared by this worker's other tests: back to a plain cashier till.
    await pos.call('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
    const restored = await pos.call('settings.save', {
      settings: { mode: 'cashier', kiosk: false, resultDismissSeconds: 8 },
    });
    expect(restored.ok).toBe(true);
  }
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`kiosk at ${viewport.width}×${viewport.height}: a walk-away is asked "Still there?", then the unpaid QR is cancelled and cannot be paid`, async ({
    browser,
    pos,
  }) => {
    const set = await pos.call('settings.save', { settings: { mode: 'kiosk', kioskUnpaidCancelSeconds: 45 } });
    expect(set.ok).toBe(true);
    const page = await browser.newPage({ viewport });
    try {
      // The page's clock runs the walk-away timer; the till and the sandbox keep real time.
      await page.clock.install();
      await pos.open(page);
      await page.getByTestId('kiosk-start').click();
      for (const key of ['4', '2', '0', '0']) await page.getByTestId(`keypad-${key}`).click();
      await page.getByTestId('charge-button').click();
      const qr = page.getByTestId('payment-qr');
      await expect(qr).toBeVisible();
      const box = (await qr.boundingBox())!;
      // Whole on screen, centred, and as big as the screen allows beside the amount and Cancel.
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(20);
      expect(box.width).toBeGreaterThanOrEqual(380);
      const cancel = (await page.getByTestId('cancel-payment').boundingBox())!;
      expect(cancel.y + cancel.height).toBeLessThanOrEqual(viewport.height);
      const payload = decodeQrFromPng(await qr.screenshot());
      const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
      await keepScreenshot(page, `kiosk-qr-${viewport.width}.png`);

      // 30 s in: nobody touched anything; the prompt shows for the last 15 s; "I'm still here" starts again.
      await page.clock.runFor(31_000);
      const prompt = page.getByTestId('kiosk-walk-away');
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('Still there? This payment is cancelled in');
      await keepScreenshot(page, `kiosk-still-there-${viewport.width}.png`);
      await page.getByTestId('kiosk-still-here').click();
      await expect(prompt).toHaveCount(0);
      await page.clock.runFor(20_000);
      await expect(prompt).toHaveCount(0);

      // Nobody answers this time: the QR is cancelled with the provider and the kiosk rests again.
      await page.clock.runFor(30_000);
      await expect(page.getByTestId('kiosk-attract')).toBeVisible();
      const detail = await pos.call('payments.get', { referenceId });
      expect(detail.ok && detail.value.payment.displayStatus).toBe('cancelled');
      // The next customer scanning the old QR cannot pay it.
      await expect(pos.sandbox('/consumer/scan', { qrPayload: payload })).rejects.toThrow(/answered 4\d\d/);
    } finally {
      await page.close();
      const restored = await pos.call('settings.save', { settings: { mode: 'cashier', kioskUnpaidCancelSeconds: 90 } });
      expect(restored.ok).toBe(true);
    }
  });
}
