import { expect as baseExpect, test as baseTest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { startPreviewHost } from '../fixtures/preview-host.ts';
import { ADMIN_PIN, expect, keyAmount, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 39, "The counter as a cashier lives it": no payment lost to a key (Esc asks before it cancels a payment
// the customer may be confirming), outcomes never silent (a payment paid while the cashier is elsewhere is told in
// the banner), and a till that sells only in a shift refuses a sale before one and opens it in one tap.

async function charge(page: Page, digits: string): Promise<{ referenceId: string; qrPayload: string }> {
  await keyAmount(page, digits);
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  const qrPayload = decodeQrFromPng(await page.getByTestId('payment-qr').screenshot());
  expect(qrPayload, 'the QR on screen decodes').not.toBeNull();
  return { referenceId, qrPayload: qrPayload! };
}

test('Esc once on a scanned payment leaves it waiting; only the confirm cancels it', async ({ page, pos }) => {
  await pos.open(page);
  const { referenceId, qrPayload } = await charge(page, '780');
  await pos.sandbox('/consumer/scan', { qrPayload });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'scanned');

  // Twice, out of the Sale screen's habit: the first asks, the second keeps waiting.
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Cancel S$7.80?');
  await expect(question).toContainText('The customer has scanned');
  await expect(page.getByTestId('cancel-confirm-keep')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'scanned');
  expect((await pos.sandbox<{ status: string }>(`/orders/${referenceId}`)).status).toBe('PENDING');

  // The explicit choice cancels; the cancelled card offers the same sale again.
  await page.keyboard.press('Escape');
  await page.getByTestId('cancel-confirm-cancel').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'neutral');
  await expect
    .poll(async () => (await pos.sandbox<{ status: string }>(`/orders/${referenceId}`)).status)
    .toBe('CANCELLED');
  await expect(page.getByTestId('result-charge-again')).toHaveText('Charge S$7.80 again');
  await page.getByTestId('result-charge-again').click();
  await expect(page.getByTestId('payment-screen')).not.toHaveAttribute('data-reference-id', referenceId);
  await expect(page.getByTestId('payment-amount')).toHaveAttribute('data-amount-minor', '780');
  // Leave nothing open for the next spec: X, shown on the button, cancels too.
  await page.keyboard.press('Escape');
  await page.keyboard.press('x');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'neutral');
});

test('a payment paid while the cashier is on Payments shows "Paid" in the banner', async ({ page, pos }) => {
  await pos.open(page);
  const { referenceId, qrPayload } = await charge(page, '2500');
  await page.getByTestId('nav-payments').click();
  await expect(page.getByTestId('open-payment-banner')).toHaveAttribute('data-reference-id', referenceId);

  await pos.sandbox('/consumer/scan', { qrPayload });
  await pos.sandbox('/consumer/confirm', { referenceId });
  const outcome = page.getByTestId('open-payment-outcome');
  await expect(outcome).toContainText('Paid S$25.00 ✓');
  await expect(page.getByRole('status').filter({ has: outcome })).toHaveCount(1);
  await expect(page.getByTestId('open-payment-banner')).toHaveCount(0);
  await page.getByTestId('open-payment-view').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
  await page.getByTestId('dismiss-result').click();
});

// Its own preview host: the shift rule and the shift it opens stay behind, which no other spec expects.
baseTest('with "sell only in a shift", a sale before a shift is refused and one tap opens it', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await fetch(`${host.sandbox}/_sandbox/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirmDelayMs: 200 }),
    });
    const saved = await fetch(`${host.origin}/api/settings.save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { staff: { shiftRequired: true } } }),
    });
    baseExpect(((await saved.json()) as { ok: boolean }).ok).toBe(true);

    await page.goto(host.url);
    await baseExpect(page.getByTestId('sale-screen')).toBeVisible();
    await baseExpect(page.getByTestId('shift-needed')).toContainText('Open a shift to start selling');
    await keyAmount(page, '500');
    await page.getByTestId('charge-button').click();
    // Refused by the core: still the Sale screen, still asking, nothing sent.
    await baseExpect(page.getByTestId('sale-screen')).toBeVisible();
    await baseExpect(page.getByTestId('payment-screen')).toHaveCount(0);
    const orders = await fetch(`${host.sandbox}/_sandbox/orders`);
    baseExpect(((await orders.json()) as { orders: unknown[] }).orders).toEqual([]);

    await page.getByTestId('shift-needed-open').click();
    await baseExpect(page.getByTestId('shift-needed')).toHaveCount(0);
    await baseExpect(page.getByTestId('sale-screen')).toBeVisible();
    await page.getByTestId('charge-button').click();
    await baseExpect(page.getByTestId('payment-qr')).toBeVisible();
  } finally {
    await host.stop();
    await rm(host.dataDir, { recursive: true, force: true });
  }
});

test('DEMO: the banner leads to "Set up this till" on Sale, each step to its Settings, on the PIN pad', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await page.getByTestId('nav-payments').click();
  await page.getByTestId('demo-setup-link').click();
  await expect(page.getByTestId('till-setup')).toBeVisible();
  await expect(page.locator('#till-setup-title')).toBeFocused();
  // The whole list is in view, and only the screen scrolled: the banner and the status line stay where they are.
  await expect(page.getByTestId('till-setup-printer')).toBeInViewport();
  expect((await page.getByTestId('demo-banner').boundingBox())!.y).toBe(0);
  const bar = (await page.getByTestId('status-bar').boundingBox())!;
  expect(bar.y + bar.height).toBeCloseTo(page.viewportSize()!.height, 0);
  // The fixture's till has its admin PIN; the provider step says where its access key and posId come from.
  await expect(page.getByTestId('till-setup-adminPin')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('till-setup-provider')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('till-setup-provider')).toContainText('access key and posId');
  await expect(page.getByTestId('till-setup-provider')).toContainText('merchant portal');
  await keepScreenshot(page, 'till-setup.png');

  // "Ask who is at the till": Settings → Staff, behind the admin PIN typed on the one PIN pad.
  await page.getByTestId('till-setup-signIn').getByRole('button').click();
  const pad = page.getByRole('group', { name: 'PIN keypad' });
  for (const digit of ADMIN_PIN) await pad.getByTestId(`pin-key-${digit}`).click();
  await page.getByTestId('admin-unlock').click();
  await expect(page.getByTestId('settings-panel-staff')).toBeVisible();
  // Turning sign-in on proposes signing out after 10 idle minutes (not saved here: the worker's till stays as it is).
  await page.getByTestId('settings-staff-signInRequired').check();
  await expect(page.getByTestId('settings-staff-autoLockMinutes')).toHaveValue('10');
});
