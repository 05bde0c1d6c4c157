import { existsSync } from 'node:fs';
import { chromium as playwrightChromium, defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_MESSAGE } from './fixtures/chromium.ts';

// Two projects: `web` drives Debian's Chromium against the browser-preview host + embedded sandbox;
// `electron` drives the real app and skips itself (with the reason) where no Electron binary exists.

const chromium = findChromium();
// Without any browser Playwright would advise `npx playwright install`, which cannot work offline: say what does.
if (!chromium && !existsSync(playwrightChromium.executablePath())) throw new Error(NO_CHROMIUM_MESSAGE);

export default defineConfig({
  testDir: '.',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    {
      name: 'web',
      testMatch: 'web/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        headless: true,
        viewport: { width: 1280, height: 800 },
        launchOptions: { ...(chromium ? { executablePath: chromium } : {}), args: CHROMIUM_ARGS },
      },
    },
    { name: 'electron', testMatch: 'electron/**/*.spec.ts' },
  ],
});
