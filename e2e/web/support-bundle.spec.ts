import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { startPreviewHost } from '../fixtures/preview-host.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';

// Settings → About on the real preview host (Chromium): where the logs are, and Save support bundle, whose zip
// holds the web host's, the core's and the renderer's logs.

async function openAbout(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app-frame')).toBeVisible();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-about').click();
}

test('About shows the log folder and saves a support bundle with every log', async ({ page }) => {
  const dataDir = tempFolder('wallet-pos-support-');
  try {
    const host = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await openAbout(page, host.url);
      await expect(page.getByTestId('about-log-folder')).toHaveText(join(dataDir, 'logs'));
      // A screen's unhandled rejection, as a broken screen would leave one.
      await page.evaluate(() => {
        void Promise.reject(new Error('e2e: a screen broke'));
      });
      // It reaches main on its own call: the bundle is asked for once the line is in the renderer's log.
      const rendererLogs = (): string =>
        readdirSync(join(dataDir, 'logs'))
          .filter((name) => name.startsWith('renderer.'))
          .map((name) => readFileSync(join(dataDir, 'logs', name), 'utf8'))
          .join('\n');
      await expect.poll(rendererLogs).toContain('e2e: a screen broke');
      await page.getByTestId('about-save-bundle').click();
      const path = (await page.getByTestId('about-bundle-path').textContent())!;
      expect(path.startsWith(join(dataDir, 'support'))).toBe(true);

      const files = unzipSync(readFileSync(path));
      const names = Object.keys(files);
      for (const log of ['core', 'web', 'renderer'])
        expect(
          names.some((name) => new RegExp(`^logs/${log}\\.\\d+\\.log$`).test(name)),
          log,
        ).toBe(true);
      const rendererLog = names
        .filter((name) => name.startsWith('logs/renderer.'))
        .map((name) => strFromU8(files[name]!));
      expect(rendererLog.join('\n')).toContain('e2e: a screen broke');
    } finally {
      await host.stop();
    }
  } finally {
    removeFolder(dataDir);
  }
});
