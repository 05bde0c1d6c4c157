import type { Page } from '@playwright/test';
import { englishLeftIn, TRANSLATION_COMPLETE } from '../../shared/locales/coverage.test-helper.ts';
import { LANGUAGES, LOCALES, type Locale } from '../../shared/locales/index.ts';
import { formatMoney } from '../../shared/money.ts';
import { localDay } from '../../renderer/components/format.ts';
import { expect, keyAmount, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 24, "Languages": the Singapore languages at the counter. In each, a sale, a refund and the day summary,
// with no English left on those screens (the English templates' words, shared/locales/coverage.test-helper.ts);
// dates day-first; the Chinese drawn by the bundled Noto Sans SC; the customer display in the customer-facing
// language while the till speaks another. A language runs here once its translation is marked complete, so Malay
// joins by itself when its translator sets TRANSLATION_COMPLETE.ms.

const SINGAPORE_LANGUAGES = (['zh-Hans', 'ms'] as const).filter((locale) => TRANSLATION_COMPLETE[locale]);

/** What a person reads on the page now, English words of our templates included. */
async function englishOnScreen(page: Page, locale: Locale): Promise<string[]> {
  return englishLeftIn(await page.locator('body').innerText(), locale);
}

async function shoot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, name, { fullPage: true });
}

/** The day's net so far (the worker's till keeps the other tests' payments of the day). */
async function netToday(pos: Pos): Promise<number> {
  const summary = await pos.call('payments.summary', { day: localDay() });
  if (!summary.ok) throw new Error(summary.error.message);
  return summary.value.net.amountMinor;
}

async function useLocale(pos: Pos, locale: Locale, customerLocale: Locale | '' = ''): Promise<void> {
  const saved = await pos.call('settings.save', { settings: { locale, customerLocale } });
  expect(saved.ok).toBe(true);
}

for (const locale of SINGAPORE_LANGUAGES) {
  test(`${locale}: a sale, a refund and the day summary, with no English left on those screens`, async ({
    page,
    pos,
  }) => {
    const words = LANGUAGES[locale].screens;
    await useLocale(pos, locale);
    const netBefore = await netToday(pos);
    try {
      await pos.open(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('charge-button')).toContainText(words['sale.charge'].replace(' {amount}', ''));

      // The sale: S$12.34, our QR, the customer pays.
      await keyAmount(page, '1234');
      await expect(page.getByTestId('charge-button')).toContainText(
        words['sale.charge'].replace('{amount}', 'S$12.34'),
      );
      await shoot(page, `${locale}-1-sale.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);
      await page.getByTestId('charge-button').click();
      await expect(page.getByTestId('payment-qr')).toBeVisible();
      const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
      await shoot(page, `${locale}-2-payment-qr.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);
      await pos.sandbox('/consumer/confirm', { referenceId });
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
      await expect(page.getByTestId('payment-result')).toContainText('S$12.34');
      await shoot(page, `${locale}-3-paid.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);

      // The refund: S$5.00 of it, with the supervisor PIN.
      await page.getByTestId('nav-refund').click();
      await page.getByTestId('refund-lookup').fill(referenceId);
      await page.getByTestId('refund-find').click();
      await expect(page.getByTestId('refund-refundable')).toHaveText('S$12.34');
      const amount = page.getByTestId('refund-amount');
      await amount.click();
      await amount.press('Delete');
      for (const digit of '500') await amount.press(digit);
      await expect(amount).toHaveValue('S$5.00');
      await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
      await shoot(page, `${locale}-4-refund-form.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);
      await page.getByTestId('refund-submit').click();
      await expect(page.getByTestId('refund-confirm-yes')).toHaveText(
        words['refund.confirmYes'].replace('{amount}', 'S$5.00'),
      );
      await shoot(page, `${locale}-5-refund-confirm.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);
      await page.getByTestId('refund-confirm-yes').click();
      await expect(page.getByTestId('refund-result')).toHaveText(
        words['refund.done'].replace('{amount}', 'S$5.00').replace('{rest}', 'S$7.34'),
      );
      await shoot(page, `${locale}-6-refunded.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);

      // The day summary: the day day-first (dd/mm/yyyy, not Intl's 2026年11月27日), the money in S$.
      await page.getByTestId('nav-summary').click();
      await expect(page.getByTestId('summary-net-total')).toHaveText(
        formatMoney({ amountMinor: netBefore + 734, currency: 'SGD' }, locale),
      );
      await expect(page.getByTestId('summary-day')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect(page.getByTestId('summary-screen')).not.toContainText(/\d{4}年/);
      await shoot(page, `${locale}-7-day-summary.png`);
      expect(await englishOnScreen(page, locale)).toEqual([]);
    } finally {
      await useLocale(pos, 'en');
    }
  });
}

test('zh-Hans: the bundled Noto Sans SC draws the Simplified Chinese, on a machine without a CJK font', async ({
  page,
  pos,
}) => {
  await useLocale(pos, 'zh-Hans');
  try {
    await pos.open(page);
    await expect(page.getByTestId('charge-button')).toContainText('收款');
    await page.evaluate(async () => {
      await document.fonts.load('16px "Noto Sans SC"', '收款终端机设置');
      await document.fonts.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    for (const selector of ['[data-testid="charge-button"]', '#sale-title', '[data-testid="nav-settings"]']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(fonts.map((used) => used.familyName).join(', '), selector).toMatch(/^Noto Sans SC/);
    }
    await cdp.detach();
  } finally {
    await useLocale(pos, 'en');
  }
});

test('Settings → Terminal lists the four languages by their own names, and the customer-facing language', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await pos.openSettings(page);
  await page.getByTestId('settings-tab-terminal').click();
  const names = await page.getByTestId('settings-locale').locator('option').allTextContents();
  expect(names).toEqual(LOCALES.map((locale) => LANGUAGES[locale].name));
  const customer = await page.getByTestId('settings-customerLocale').locator('option').allTextContents();
  expect(customer).toEqual(['Same as the till (English)', ...names]);
});

test('the customer display speaks the customer-facing language while the till speaks English', async ({
  page,
  pos,
}) => {
  await useLocale(pos, 'en', 'zh-Hans');
  try {
    await pos.open(page);
    await expect(page.getByTestId('charge-button')).toContainText('Charge');
    const display = await page.context().newPage();
    await pos.open(display, '/customer-display');
    await expect(display.getByTestId('customer-idle')).toBeVisible();
    await expect(display.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await keyAmount(page, '880');
    await page.getByTestId('charge-button').click();
    await expect(display.getByTestId('customer-status')).toHaveText(LANGUAGES['zh-Hans'].screens['customer.waiting']);
    await expect(display.getByTestId('customer-amount')).toHaveText('S$8.80');
    await shoot(display, 'zh-Hans-customer-display.png');
    expect(await englishOnScreen(display, 'zh-Hans')).toEqual([]);
    await page.getByTestId('cancel-payment').click();
    await display.close();
  } finally {
    await useLocale(pos, 'en');
  }
});

test('fonts-sc.css declares every Chinese slice of the installed Noto Sans SC, in both weights', async () => {
  const { existsSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '../..');
  const pkg = join(root, 'node_modules/@fontsource/noto-sans-sc');
  const css = readFileSync(join(root, 'renderer/styles/fonts-sc.css'), 'utf8');
  const unicode = JSON.parse(readFileSync(join(pkg, 'unicode.json'), 'utf8')) as Record<string, string>;
  const slices = Object.entries(unicode).filter(([key]) => /^\[\d+\]$/.test(key));
  expect(slices.length).toBeGreaterThan(50);
  const faces = [
    ...css.matchAll(/files\/noto-sans-sc-(\d+)-(\d+)-normal\.woff2'\) format\('woff2'\); unicode-range: ([^;]+);/g),
  ].map((m) => ({ slice: m[1]!, weight: m[2]!, range: m[3]! }));
  expect(faces).toHaveLength(slices.length * 2);
  for (const weight of ['400', '700']) {
    for (const [key, range] of slices) {
      const slice = key.slice(1, -1);
      expect(faces.find((face) => face.slice === slice && face.weight === weight)?.range).toBe(range);
      expect(existsSync(join(pkg, `files/noto-sans-sc-${slice}-${weight}-normal.woff2`))).toBe(true);
    }
  }
});
