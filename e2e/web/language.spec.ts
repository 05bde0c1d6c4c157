import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 12, "Language": Traditional Chinese renders on a machine without any CJK font of its own (this test
// machine has none: without the bundled Noto Sans HK every character would be an empty box), and the
// provider's reasons, the core's refusals and the settings' field errors reach the cashier in Chinese too.

test('zh-HK: the bundled Noto Sans HK draws the Chinese; a declined payment and a refused amount say why in Chinese', async ({
  page,
  pos,
}) => {
  await pos.call('settings.save', { settings: { locale: 'zh-HK' } });
  try {
    await pos.open(page);
    await expect(page.getByTestId('charge-button')).toContainText('收款');
    const font = await page.evaluate(async () => {
      await document.fonts.load('16px "Noto Sans HK"', '收款終端機');
      await document.fonts.ready;
      const faces = [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Noto Sans HK');
      return {
        loaded: faces.filter((face) => face.status === 'loaded').map((face) => face.weight),
        check: document.fonts.check('16px "Noto Sans HK"', '收款'),
      };
    });
    expect(font.check).toBe(true);
    expect(font.loaded.length).toBeGreaterThan(0);
    // Drawn, not boxes: the bundled font gives 收 and 款 their own shapes (missing glyphs all draw the same box).
    const distinct = await page.evaluate(() => {
      const draw = (text: string): string => {
        const canvas = document.createElement('canvas');
        canvas.width = 40;
        canvas.height = 40;
        const context = canvas.getContext('2d')!;
        context.font = '32px "Noto Sans HK"';
        context.fillText(text, 2, 32);
        return canvas.toDataURL();
      };
      return draw('收') !== draw('款');
    });
    expect(distinct).toBe(true);
    // What Chromium really drew the first screen's Chinese with (a box is drawn with a system font's .notdef).
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    for (const selector of [
      '[data-testid="charge-button"]',
      '#sale-title',
      '[data-testid="status-environment"]',
      '[data-testid="nav-sale"]',
    ]) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(fonts.map((used) => used.familyName).join(', '), selector).toMatch(/^Noto Sans HK/);
    }
    await cdp.detach();
    await keepScreenshot(page, 'sale-zh-HK.png');

    // The provider's reason, in Chinese.
    await keyAmount(page, '1250');
    await page.getByTestId('charge-button').click();
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    await pos.sandbox('/consumer/scan', {
      qrPayload: decodeQrFromPng(await page.getByTestId('payment-qr').screenshot()),
    });
    await pos.sandbox('/consumer/decline', { referenceId });
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-outcome', 'failure');
    await expect(result).not.toContainText(/declined|Reason/);
    await expect(page.getByTestId('result-try-again')).toHaveText('再試一次');
    await keepScreenshot(page, 'declined-zh-HK.png');
    await page.getByTestId('result-done').click();

    // A refusal of the core (the terminal's maximum), in Chinese, with its figure.
    await pos.call('settings.save', { settings: { amountLimits: { minMinor: 1, maxMinor: 5_000 } } });
    const refused = await pos.call('payments.chargeMerchantQr', { amountMinor: 9_000, currency: 'SGD' });
    expect(refused.ok).toBe(false);
    await keyAmount(page, '9000');
    await expect(page.getByTestId('sale-over-limit')).toHaveText(
      '本終端機最高收款金額為 S$50.00：剛才的數字未有加入。',
    );

    // Settings' field errors, in Chinese next to each field: a real environment saved half-done.
    await pos.openSettings(page);
    await page.getByTestId('settings-environment').selectOption('custom');
    await page.getByTestId('settings-customBaseUrl').fill('http://wallet.example.com/posi');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-error')).toHaveText('未儲存：有 4 個欄位需要修正，已在欄位旁標示。');
    await expect(page.getByText('正式環境必須填寫此項（示範模式不需要）。')).toHaveCount(3);
    await expect(page.getByText('請輸入 https:// 地址（只有此電腦可使用 http）。')).toHaveCount(1);
    await expect(page.getByTestId('settings-screen')).not.toContainText(/[A-Za-z]{4,} [a-z]{3,}/);
    await keepScreenshot(page, 'settings-problems-zh-HK.png');
  } finally {
    await pos.call('settings.save', { settings: { locale: 'en', amountLimits: { minMinor: 1, maxMinor: 1_000_000 } } });
  }
});

test('fonts.css declares every Chinese slice of the installed Noto Sans HK, in both weights, with its own range', async () => {
  const { existsSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '../..');
  const pkg = join(root, 'node_modules/@fontsource/noto-sans-hk');
  const css = readFileSync(join(root, 'renderer/styles/fonts.css'), 'utf8');
  const unicode = JSON.parse(readFileSync(join(pkg, 'unicode.json'), 'utf8')) as Record<string, string>;
  const slices = Object.entries(unicode).filter(([key]) => /^\[\d+\]$/.test(key));
  expect(slices.length).toBeGreaterThan(50);
  const faces = [
    ...css.matchAll(/files\/noto-sans-hk-(\d+)-(\d+)-normal\.woff2'\) format\('woff2'\); unicode-range: ([^;]+);/g),
  ].map((m) => ({
    slice: m[1]!,
    weight: m[2]!,
    range: m[3]!,
  }));
  expect(faces).toHaveLength(slices.length * 2);
  for (const weight of ['400', '700']) {
    for (const [key, range] of slices) {
      const slice = key.slice(1, -1);
      expect(
        faces.find((face) => face.slice === slice && face.weight === weight)?.range,
        `slice ${slice} weight ${weight}`,
      ).toBe(range);
      expect(existsSync(join(pkg, `files/noto-sans-hk-${slice}-${weight}-normal.woff2`))).toBe(true);
    }
  }
});
