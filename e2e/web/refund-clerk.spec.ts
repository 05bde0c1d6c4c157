import type { Page } from '@playwright/test';
import { expect, keyAmount, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 12, "Refund": what the clerk at the refund counter sees. The form shows the payment (when, how, what
// type, its note); typing into the selected amount replaces it; a question before money leaves; a done
// screen with the slip; no supervisor PIN is said up front (the banner following the refund's real state is
// RefundScreen.test.tsx: a lost answer cannot be held open long enough from here to look at it); the
// payment's detail has words (not PAY / CAPTURED) and the locale's dates with a 24-hour clock.

async function paidPayment(page: Page, pos: Pos, digits: string, note?: string): Promise<string> {
  await keyAmount(page, digits);
  if (note) await page.getByTestId('sale-note').fill(note);
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  return referenceId;
}

async function openRefundOf(page: Page, referenceId: string): Promise<void> {
  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-lookup').fill(referenceId);
  await page.getByTestId('refund-find').click();
  await expect(page.getByTestId('refund-reference')).toHaveText(referenceId);
}

test('the refund form: the payment in words, the selected amount replaced by typing, a confirm, a done screen with the slip', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  const referenceId = await paidPayment(page, pos, '2400', 'Table 7');
  await openRefundOf(page, referenceId);
  await expect(page.getByTestId('refund-created')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('refund-method')).toHaveText('Customer scanned our QR');
  await expect(page.getByTestId('refund-payment-type')).toHaveText('Wallet payment');
  await expect(page.getByTestId('refund-note')).toHaveText('Table 7');

  // The amount (S$24.00, the refundable rest) is selected on entering the field: typing replaces it.
  const amount = page.getByTestId('refund-amount');
  await amount.click();
  for (const digit of '650') await amount.press(digit);
  await expect(amount).toHaveValue('S$6.50');
  await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-confirm')).toContainText('Refund S$6.50 to the customer’s wallet?');
  await keepScreenshot(page, 'refund-confirm.png');
  expect((await pos.sandbox<{ refundAmount: number }>(`/orders/${referenceId}`)).refundAmount).toBe(0);
  await page.getByTestId('refund-confirm-yes').click();

  await expect(page.getByTestId('refund-result')).toHaveText('Refunded S$6.50. Refundable now: S$17.50.');
  await expect(page.getByTestId('refund-form')).toHaveCount(0);
  await expect(page.getByTestId('refund-print-slip')).toBeVisible();
  await keepScreenshot(page, 'refund-done.png');

  // The payment's detail: words, not codes.
  await page.getByTestId('refund-back-to-payment').click();
  // (The journal entries below stay the support log they are.)
  const facts = page.locator('[data-testid="payment-detail"] .facts');
  await expect(page.getByTestId('detail-payment-type')).toHaveText('Wallet payment');
  await expect(facts).not.toContainText('CAPTURED');
  await expect(facts).not.toContainText(/\bPAY\b/);
  await expect(page.getByTestId('detail-history')).not.toContainText('CAPTURED');
  await keepScreenshot(page, 'detail-in-words.png');
});

test('no supervisor PIN on this till: said before anyone fills the form, with who can set one', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  const referenceId = await paidPayment(page, pos, '900');
  const cleared = await pos.call('settings.save', { secrets: { supervisorPin: null } });
  expect(cleared.ok).toBe(true);
  try {
    await openRefundOf(page, referenceId);
    await expect(page.getByTestId('refund-no-pin')).toHaveText(
      'No supervisor PIN is set on this till, so a refund cannot be approved here. An admin sets one in Settings → Supervisor PIN.',
    );
    await expect(page.getByTestId('refund-form')).toHaveCount(0);
    await keepScreenshot(page, 'refund-no-pin.png');
  } finally {
    await pos.call('settings.save', { secrets: { supervisorPin: SUPERVISOR_PIN } });
  }
});

test('Traditional Chinese: the detail page in words, the same day-first date and a 24-hour clock', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  const referenceId = await paidPayment(page, pos, '1300');
  await pos.call('settings.save', { settings: { locale: 'zh-HK' } });
  try {
    await page.getByTestId('nav-payments').click();
    await page.getByRole('button', { name: new RegExp(referenceId) }).click();
    const facts = page.locator('[data-testid="payment-detail"] .facts');
    await expect(page.getByTestId('detail-payment-type')).toHaveText('電子錢包付款');
    await expect(facts).not.toContainText(/上午|下午|AM|PM|CAPTURED/);
    await expect(facts).toContainText(/\d{2}\/\d{2}\/\d{4}\s\d{2}:\d{2}:\d{2}/);
    await expect(page.getByTestId('detail-history')).not.toContainText(/上午|下午/);
    await keepScreenshot(page, 'detail-zh-HK.png');
  } finally {
    await pos.call('settings.save', { settings: { locale: 'en' } });
  }
});
