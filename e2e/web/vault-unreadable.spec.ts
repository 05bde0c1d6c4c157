import { expect, test } from '@playwright/test';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPreviewHost } from '../fixtures/preview-host.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The admin lock fails closed on the real preview host: an admin PIN is set, the secret vault is damaged
// while the app is stopped, and on relaunch nobody can save settings (not the page, not a direct call); the
// Settings screen says what to do, and the explicit reset leaves the till as on its first start.

test('a damaged vault locks settings; the confirmed reset opens them as on a first start', async ({ page }) => {
  const dataDir = tempFolder('wallet-pos-vault-');
  try {
    const first = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await page.goto(first.url);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-tab-pins').click();
      await page.getByTestId('settings-adminPin').fill('1357');
      await page.getByTestId('settings-adminPin-confirm').fill('1357');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
    } finally {
      await first.stop();
    }
    writeFileSync(join(dataDir, 'secrets.development.json'), '{"adminPin": "scrypt:16384:8:1:AAAA');

    const relaunched = await startPreviewHost(['--data-dir', dataDir]);
    try {
      const direct = await fetch(`${relaunched.origin}/api/settings.save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${relaunched.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { environment: 'custom', customBaseUrl: 'https://attacker.example/posi' } }),
      });
      expect(await direct.json()).toMatchObject({ ok: false, error: { code: 'vault.unreadable' } });

      await page.goto(relaunched.url);
      await page.getByTestId('nav-settings').click();
      const panel = page.getByTestId('vault-unreadable');
      await expect(panel).toContainText('Stored credentials cannot be read');
      await expect(page.getByTestId('admin-pin')).toHaveCount(0);
      await expect(page.getByTestId('vault-reset')).toBeDisabled();
      await keepScreenshot(page, 'vault-unreadable.png');
      await page.getByTestId('vault-reset-confirm').check();
      await page.getByTestId('vault-reset').click();

      await expect(page.getByTestId('settings-screen')).toBeVisible();
      await page.getByTestId('settings-tab-pins').click();
      await expect(page.getByTestId('secret-status-adminPin')).toHaveText('not set');
      expect(readdirSync(dataDir).some((name) => name.startsWith('secrets.development.json.unreadable-'))).toBe(true);
      await keepScreenshot(page, 'settings-after-vault-reset.png');
    } finally {
      await relaunched.stop();
    }
  } finally {
    removeFolder(dataDir);
  }
});
