import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';

// The admin PIN over a relaunch, on the real preview host: main refuses settings.save until the admin PIN
// is verified, and the Settings screen leads the admin through that instead of failing a save.

async function openApp(page: Page, host: PreviewHost): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('app-frame')).toBeVisible();
}

test('set the admin PIN, relaunch: Settings asks for it, refuses a wrong one, then saves', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-pos-admin-'));
  try {
    const first = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await openApp(page, first);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-adminPin').fill('1357');
      await page.getByTestId('settings-save').click();
      // The admin who just chose the PIN keeps working: no PIN screen straight away.
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('settings-locked')).toHaveCount(0);
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
      await page.getByTestId('settings-merchantName').fill('Harbour Tea House');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
      await expect(page.getByTestId('merchant-name')).toHaveText('Harbour Tea House');
      await page.screenshot({ path: test.info().outputPath('settings-after-relaunch.png') });
    } finally {
      await relaunched.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
