import { expect, test, type Page } from '@playwright/test';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The admin PIN over a relaunch, on the real preview host: main refuses settings.save until the admin PIN
// is verified, and the Settings screen leads the admin through that instead of failing a save.

async function openApp(page: Page, host: PreviewHost): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('app-frame')).toBeVisible();
}

test('set the admin PIN, relaunch: Settings asks for it, refuses a wrong one, then saves', async ({ page }) => {
  const dataDir = tempFolder('wallet-pos-admin-');
  try {
    const first = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await openApp(page, first);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-tab-pins').click();
      await page.getByTestId('settings-adminPin').fill('1357');
      // A new PIN is typed twice: a slip is caught before it locks the admin out.
      await page.getByTestId('settings-adminPin-confirm').fill('1375');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-adminPin-confirm')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('settings-adminPin-confirm')).toBeFocused();
      await page.getByTestId('settings-adminPin-confirm').fill('1357');
      await page.getByTestId('settings-save').click();
      // The admin who just chose the PIN keeps working: no PIN screen straight away.
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('settings-locked')).toHaveCount(0);
      await page.getByTestId('settings-tab-terminal').click();
      await page.getByTestId('settings-merchantName').fill('Kopi Corner');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('merchant-name')).toHaveText('Kopi Corner');
    } finally {
      await first.stop();
    }

    const relaunched = await startPreviewHost(['--data-dir', dataDir]);
    try {
      // A page that skips the screen is refused by main.
      const direct = await fetch(`${relaunched.origin}/api/settings.save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${relaunched.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { merchantName: 'Not allowed' } }),
      });
      expect(await direct.json()).toMatchObject({ ok: false, error: { code: 'admin.pin-required' } });

      await openApp(page, relaunched);
      await page.getByTestId('nav-settings').click();
      const pin = page.getByTestId('admin-pin');
      await expect(pin).toBeFocused();
      await page.keyboard.type('0000');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('admin-pin-wrong')).toHaveText('That PIN is not correct.');
      await expect(pin).toBeFocused();
      await page.keyboard.type('1357');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('settings-screen')).toBeVisible();
      await page.getByTestId('settings-tab-terminal').click();
      await page.getByTestId('settings-merchantName').fill('Harbour Tea House');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('merchant-name')).toHaveText('Harbour Tea House');
      await keepScreenshot(page, 'settings-after-relaunch.png');

      // The unlock lasts across screens (5 idle minutes): Payments and back, no PIN asked.
      await page.getByTestId('nav-payments').click();
      await page.getByTestId('nav-settings').click();
      await expect(page.getByTestId('settings-screen')).toBeVisible();
      await expect(page.getByTestId('settings-locked')).toHaveCount(0);
    } finally {
      await relaunched.stop();
    }
  } finally {
    removeFolder(dataDir);
  }
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`going live at ${viewport.width}×${viewport.height}: sections, every problem at once, Test connection of the form, then the banner follows the save`, async ({
    browser,
  }) => {
    const host = await startPreviewHost();
    const page = await browser.newPage({ viewport });
    const shot = (name: string) => keepScreenshot(page, `${name}-${viewport.width}.png`);
    try {
      await openApp(page, host);
      await expect(page.getByTestId('demo-banner')).toBeVisible();
      await page.getByTestId('nav-settings').click();
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await expect(tabs.getByRole('tab')).toHaveText([
        'Provider',
        'Terminal',
        'Payments',
        'Devices',
        'PINs',
        'Staff',
        'Linked customers',
        'Register',
        'Updates',
        'Head office',
        'About',
      ]);
      await expect(page.getByRole('tab', { name: 'Provider' })).toHaveAttribute('aria-selected', 'true');
      await shot('settings-sections');

      // A real environment saved half-done: refused, with every missing field named at once, the first in view.
      await page.getByTestId('settings-environment').selectOption('custom');
      await page.getByTestId('settings-customBaseUrl').fill(`${host.sandbox}/posi-sandbox`);
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-error')).toHaveText(
        'Not saved: 3 fields to fix, each marked where it is.',
      );
      for (const id of ['settings-accessKeyId', 'settings-accessKeySecret', 'settings-posId']) {
        await expect(page.getByTestId(id)).toHaveAttribute('aria-invalid', 'true');
      }
      await expect(page.getByText('A real environment needs this: enter it (the demo needs none).')).toHaveCount(3);
      await expect(page.getByTestId('settings-accessKeyId')).toBeFocused();
      await expect(page.getByTestId('settings-accessKeyId')).toBeInViewport();
      await expect(page.getByTestId('settings-tab-problems-connection')).toContainText('3');
      await shot('settings-all-problems');

      // Test connection tests what is on the form, before anything is saved: a wrong secret is refused by the
      // provider, the right one accepted.
      await page.getByTestId('settings-accessKeyId').fill('AK_DEMO');
      // A field fixed loses its mark; what is left marked is what is left to fix.
      await expect(page.getByTestId('settings-accessKeyId')).not.toHaveAttribute('aria-invalid');
      await expect(page.getByTestId('settings-error')).toHaveText(
        'Not saved: 2 fields to fix, each marked where it is.',
      );
      await page.getByTestId('settings-posId').fill('POS-DEMO-1');
      await expect(page.getByTestId('settings-error')).toHaveText('Not saved: 1 field to fix, marked where it is.');
      await page.getByTestId('settings-accessKeySecret').fill('SK_WRONG');
      // Every marked field fixed: the save bar no longer says "not saved".
      await expect(page.getByTestId('settings-error')).toHaveCount(0);
      await page.getByTestId('settings-test-connection').click();
      await expect(page.getByTestId('test-connection-result')).toHaveClass(/outcome-failure/);
      await page.getByTestId('settings-accessKeySecret').fill('SK_DEMO');
      // Save never covers the field being edited: the bar sits below the sections.
      const field = (await page.getByTestId('settings-accessKeySecret').boundingBox())!;
      const bar = (await page.locator('.form-footer').boundingBox())!;
      expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
      await page.getByTestId('settings-test-connection').click();
      await expect(page.getByTestId('test-connection-result')).toHaveClass(/outcome-success/);
      await expect(page.getByTestId('test-connection-result')).toBeInViewport();
      await shot('settings-test-connection');
      await expect(page.getByTestId('demo-banner')).toBeVisible();

      // Currencies: only the one the provider accepts in the chosen country.
      await page.getByTestId('settings-tab-terminal').click();
      await expect(page.getByTestId('settings-currency').locator('option')).toHaveText(['SGD']);
      await page.getByTestId('settings-country').selectOption('HK');
      await expect(page.getByTestId('settings-currency').locator('option')).toHaveText(['HKD']);
      await page.getByTestId('settings-country').selectOption('SG');

      // Saved complete: the DEMO banner goes and the header names the terminal at once, no reload.
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('demo-banner')).toHaveCount(0);
      await expect(page.getByTestId('terminal-id')).toContainText('POS-DEMO-1');
      await shot('settings-live');

      // And back to the demo: the banner returns at once.
      await page.getByTestId('settings-tab-connection').click();
      await page.getByTestId('settings-environment').selectOption('embedded-sandbox');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('demo-banner')).toBeVisible();
    } finally {
      await page.close();
      await host.stop();
    }
  });
}
