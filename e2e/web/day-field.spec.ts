import { expect, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 12, "one date format everywhere (the locale's)": the day of the Payments and Day summary screens is
// written day first in the till's language, even in a Chromium whose own locale writes dates month first
// (an <input type="date"> here drew 11/25/2026 next to the app's 25/11/2026). Stepping, Today and a typed day
// change what the screens show; a day that does not exist or has not come yet is refused in plain words.

test.use({ locale: 'en-US' });

/** YYYY-MM-DD of the browser's (and the till's) local day, `offset` days from today. */
function isoDay(offset = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same day written as the till writes it: DD/MM/YYYY. */
const dayFirst = (iso: string): string => iso.split('-').reverse().join('/');

test('in an en-US browser the Payments day is day first; previous, Today and a typed day pick the list', async ({
  page,
  pos,
}) => {
  const created = await pos.call('payments.chargeMerchantQr', { amountMinor: 1234, currency: 'SGD' });
  if (!created.ok) throw new Error(created.error.message);
  const { referenceId } = created.value;
  try {
    await pos.open(page);
    // The browser itself writes today month first: that is what the till must not show.
    const browserWrites = await page.evaluate(() => new Date(2026, 10, 25).toLocaleDateString());
    expect(browserWrites).toBe('11/25/2026');

    await page.getByTestId('nav-payments').click();
    const field = page.getByTestId('payments-day');
    await expect(field).toHaveValue(dayFirst(isoDay()));
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await expect(page.getByTestId('payments-day-next')).toBeDisabled();
    const row = page.locator(`[data-testid="payment-row"][data-reference-id="${referenceId}"]`);
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(field).toHaveValue(dayFirst(isoDay(-1)));
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(row).toBeVisible();

    // Typed as a cashier does, day first, and taken with Enter.
    await field.fill(dayFirst(isoDay(-3)));
    await field.press('Enter');
    await expect(row).toHaveCount(0);
    await expect(field).toHaveValue(dayFirst(isoDay(-3)));
    await page.getByTestId('payments-day-next').click();
    await expect(field).toHaveValue(dayFirst(isoDay(-2)));

    await field.fill('31/02/2026');
    await field.press('Enter');
    await expect(page.getByTestId('payments-day-problem')).toHaveText(
      'There is no 31/02/2026 in the calendar: check the day and the month.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await keepScreenshot(page, 'payments-day-refused.png');
    await field.fill(dayFirst(isoDay(1)));
    await field.press('Enter');
    await expect(page.getByTestId('payments-day-problem')).toHaveText(
      `${dayFirst(isoDay(1))} has not come yet: pick today (${dayFirst(isoDay())}) or an earlier day.`,
    );
    await field.press('Escape');
    await expect(field).toHaveValue(dayFirst(isoDay(-2)));
    await expect(page.getByTestId('payments-day-problem')).toHaveCount(0);
  } finally {
    await pos.call('payments.cancel', { referenceId });
  }
});

test('zh-HK: the Day summary writes the day first too, with the weekday, and says a refused day in Chinese', async ({
  page,
  pos,
}) => {
  await pos.call('settings.save', { settings: { locale: 'zh-HK' } });
  try {
    await pos.open(page);
    await page.getByTestId('nav-summary').click();
    const field = page.getByRole('textbox', { name: '日期', exact: true });
    await expect(field).toHaveValue(dayFirst(isoDay()));
    await expect(page.getByTestId('summary-day-weekday')).toHaveText(/^星期[一二三四五六日]（今日）$/);
    await page.getByRole('button', { name: '前一日' }).click();
    await expect(field).toHaveValue(dayFirst(isoDay(-1)));
    await expect(page.getByTestId('summary-day-weekday')).toHaveText(/^星期[一二三四五六日]$/);

    await field.fill('32/1/2026');
    await field.press('Enter');
    await expect(page.getByTestId('summary-day-problem')).toHaveText('日曆上沒有 32/01/2026：請檢查日和月。');
    await keepScreenshot(page, 'summary-day-zh-HK.png');
    await page.getByRole('button', { name: '今日' }).click();
    await expect(field).toHaveValue(dayFirst(isoDay()));
    await expect(page.getByTestId('summary-day-problem')).toHaveCount(0);
  } finally {
    await pos.call('settings.save', { settings: { locale: 'en' } });
  }
});
