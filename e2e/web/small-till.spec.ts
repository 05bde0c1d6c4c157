import type { Locator, Page } from '@playwright/test';
import { ADMIN_PIN, expect, keyAmount, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// A 7" 800×480 till as the cashier lives it: an error never pushes Charge under the status line, the refund
// form comes first with the amount ready to type, Settings show more than a field and a half, and the
// kiosk's PIN pad and its paid card fit whole.

test.use({ viewport: { width: 800, height: 480 } });

async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

/** Whether `locator` ends above the status line. */
async function expectAboveStatusBar(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const bar = (await page.getByTestId('status-bar').boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 0.5);
}

test('800×480: with an error shown, Charge and Scan stay above the status line', async ({ page, pos }) => {
  await pos.open(page);
  await keyAmount(page, '');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('sale-error')).toBeVisible();
  await expectInViewport(page, page.getByTestId('charge-button'));
  await expectAboveStatusBar(page, page.getByTestId('charge-button'));
  await expectAboveStatusBar(page, page.getByTestId('scan-customer-button'));
  await keepScreenshot(page, 'small-sale-error.png');
  // The amount's pad keeps 7-8-9 on top, with "C" beside ⌫ (not alone on a row of its own).
  const del = (await page.getByTestId('keypad-delete').boundingBox())!;
  const clear = (await page.getByTestId('keypad-clear').boundingBox())!;
  expect(Math.abs(clear.y - del.y)).toBeLessThanOrEqual(1);
  expect(clear.x).toBeGreaterThan(del.x);
  const seven = (await page.getByTestId('keypad-7').boundingBox())!;
  expect(seven.y).toBeLessThan((await page.getByTestId('keypad-1').boundingBox())!.y);
});

test('800×480: the refund form comes first, its amount in view and focused', async ({ page, pos }) => {
  await pos.open(page);
  await keyAmount(page, '1500');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');

  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-lookup').fill(referenceId);
  await page.getByTestId('refund-find').click();
  const amount = page.getByTestId('refund-amount');
  await expect(amount).toBeFocused();
  await expectInViewport(page, amount);
  await expectAboveStatusBar(page, amount);
  await keepScreenshot(page, 'small-refund.png');
  // The PIN pad sits beside the fields: the PIN field and its pad are on screen with the amount.
  await expectAboveStatusBar(page, page.getByTestId('refund-pin'));
  await expectAboveStatusBar(page, page.getByRole('group', { name: 'PIN pad' }));
});

test('800×480: Settings use the height between the tabs and the save bar', async ({ page, pos }) => {
  await pos.open(page);
  await pos.openSettings(page);
  await keepScreenshot(page, 'small-settings.png');
  // Before: a field and a half (150 px) between the tabs and the save bar.
  const panels = (await page.locator('.settings-panels').boundingBox())!;
  expect(panels.height).toBeGreaterThanOrEqual(195);
});

test('800×480 in Malay: the DEMO banner keeps one line, and the nav shows that it scrolls', async ({ page, pos }) => {
  expect((await pos.call('settings.save', { settings: { locale: 'ms' } })).ok).toBe(true);
  try {
    await pos.open(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    const banner = page.getByTestId('demo-banner');
    await expect(banner).not.toContainText('kotak pasir');
    await expect(page.getByTestId('demo-setup-link')).toBeVisible();
    // One line of the banner's 0.8 rem text: its link does not take a row from the screen below.
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(24);
    // Malay's words push tabs off the row: the row scrolls (the shade at its cut edge says so: the screenshot).
    const tabs = page.locator('.app-nav ul');
    expect(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    await keepScreenshot(page, 'small-ms-sale.png');
    await expectInViewport(page, page.getByTestId('charge-button'));
  } finally {
    expect((await pos.call('settings.save', { settings: { locale: 'en' } })).ok).toBe(true);
  }
});

test('800×480 kiosk: the PIN pad and the paid card fit whole', async ({ page, pos }) => {
  const set = await pos.call('settings.save', { settings: { mode: 'kiosk', kiosk: true, resultDismissSeconds: 30 } });
  expect(set.ok).toBe(true);
  try {
    await pos.open(page);
    await expect(page.getByTestId('kiosk-attract')).toBeVisible();
    await keepScreenshot(page, 'small-kiosk-attract.png');
    await page.getByTestId('kiosk-start').click();
    for (const key of ['1', '2', '0', '0']) await page.getByTestId(`keypad-${key}`).click();
    await keepScreenshot(page, 'small-kiosk-sale.png');
    await page.getByTestId('charge-button').click();
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    await pos.sandbox('/consumer/confirm', { referenceId });
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-outcome', 'success');
    await expectInViewport(page, result);
    await keepScreenshot(page, 'small-kiosk-paid.png');
    await page.getByTestId('dismiss-result').click();

    await page.getByTestId('kiosk-admin').click();
    const keypad = page.getByRole('group', { name: 'PIN keypad' });
    await expectInViewport(page, keypad);
    await expectInViewport(page, page.getByTestId('admin-unlock'));
    await keepScreenshot(page, 'small-kiosk-pin.png');
    for (const key of ADMIN_PIN) await keypad.getByTestId(`pin-key-${key}`).click();
    await page.getByTestId('admin-unlock').click();
    await expect(page.getByTestId('settings-screen')).toBeVisible();
  } finally {
    await pos.call('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
    const restored = await pos.call('settings.save', {
      settings: { mode: 'cashier', kiosk: false, resultDismissSeconds: 8 },
    });
    expect(restored.ok).toBe(true);
  }
});
