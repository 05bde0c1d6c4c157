import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, test } from '../fixtures/pos-test.ts';

// The self-service kiosk on a 1920×1080 touch screen: attract screen, the customer keys the amount and
// pays by scanning the screen, the kiosk returns to rest by itself; the way out is the admin PIN only.

const ADMIN_PIN = '8642';

test.use({ viewport: { width: 1920, height: 1080 } });

test('kiosk: attract, amount, big QR, paid, back to rest; Admin needs the PIN', async ({ page, pos }) => {
  const set = await pos.call('settings.save', { settings: { mode: 'kiosk', kiosk: true, resultDismissSeconds: 3 }, secrets: { adminPin: ADMIN_PIN } });
  expect(set.ok).toBe(true);
  try {
    await pos.open(page);
    await expect(page.getByTestId('kiosk-attract')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay here with your wallet app');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByTestId('open-customer-display')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('kiosk-attract.png') });

    await page.getByRole('button', { name: 'Touch to start' }).click();
    for (const key of ['1', '2', '00']) await page.getByTestId(`keypad-${key}`).click();
    await expect(page.getByTestId('charge-button')).toHaveText('Pay S$12.00');
    await expect(page.getByTestId('sale-note')).toHaveCount(0);
    await page.getByTestId('charge-button').click();

    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    // Scanned from the kiosk's own screen, from further than a till's: at least 400 CSS px, and readable.
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(400);
    const payload = decodeQrFromPng(await qr.screenshot());
    expect(payload).toMatch(/^sandbox-wallet:\/\/pay\//);
    await page.screenshot({ path: test.info().outputPath('kiosk-qr.png') });

    await pos.sandbox('/consumer/scan', { qrPayload: payload });
    const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    await pos.sandbox('/consumer/confirm', { referenceId });
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-outcome', 'success');
    await expect(result).toContainText('Paid S$12.00');
    await page.screenshot({ path: test.info().outputPath('kiosk-paid.png') });
    // Nobody needs to touch anything for the next customer.
    await expect(page.getByTestId('kiosk-attract')).toBeVisible({ timeout: 6_000 });

    // Admin: the PIN on a touch keypad; a wrong one is refused, the right one opens the admin screens.
    await page.getByTestId('kiosk-admin').click();
    const keypad = page.getByRole('group', { name: 'PIN keypad' });
    for (const key of '1111') await keypad.getByTestId(`keypad-${key}`).click();
    await page.getByTestId('admin-unlock').click();
    await expect(page.getByTestId('admin-pin-wrong')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    for (const key of ADMIN_PIN) await keypad.getByTestId(`keypad-${key}`).click();
    await page.getByTestId('admin-unlock').click();
    await expect(page.getByTestId('settings-screen')).toBeVisible();
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.getByTestId('nav-sale').click();
    await expect(page.getByTestId('kiosk-attract')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  } finally {
    // The host is shared by this worker's other tests: back to a plain cashier till.
    await pos.call('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
    const restored = await pos.call('settings.save', { settings: { mode: 'cashier', kiosk: false, resultDismissSeconds: 8 }, secrets: { adminPin: null } });
    expect(restored.ok).toBe(true);
  }
});
