import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../../electron/electron-binary.ts';

// Runs the packaged main process for real. No Electron binary can be downloaded on some machines (this
// project's CI among them): there the whole file skips and says why.

const ROOT = resolve(import.meta.dirname, '../..');
const binary = findElectronBinary();
if ('reason' in binary) console.log(`[electron project] skipped: ${binary.reason}.`);

test.describe('Electron app', () => {
  test.skip('reason' in binary, 'reason' in binary ? binary.reason : '');

  // `npm test` builds only the web renderer; the app under test is main + preload + renderer, built now so
  // that a clean checkout (no dist-electron/) or a stale build never stands in for the code being tested.
  test.beforeAll(() => {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      timeout: 180_000,
    });
  });

  test('starts sandboxed, exposes only window.pos, and refuses navigation away', async () => {
    const app = await electron.launch({
      executablePath: 'path' in binary ? binary.path : '',
      args: [ROOT],
    });
    const page = await app.firstWindow();
    await expect(page.getByTestId('app-frame')).toBeVisible();
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(
      await page.evaluate(() => typeof (window as unknown as { pos?: { 'app.info'?: unknown } }).pos?.['app.info']),
    ).toBe('function');
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    await app.close();
  });
});
