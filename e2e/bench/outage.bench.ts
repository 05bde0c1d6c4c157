// Outage bench (issue 12): the provider answers 503 to everything for a while during a sale; how long after it
// answers again does the cashier see the status bar turn to a warning (from the first failed call), and the
// QR of the sale (from the provider's return)? Measured end to end on the real preview host in Debian's
// Chromium. A benchmark, not a test: it prints figures and asserts nothing about time.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/outage.bench.ts
//   options: --runs=5, --outage-ms=15000 (long enough for an uncapped backoff to reach several seconds)
//   WALLET_POS_RENDERER_DIR=dir serves a renderer built there (default: dist/renderer, `npx vite build --mode web`).

import { chromium } from 'playwright';
import { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE, findChromium } from '../fixtures/chromium.ts';
import { startPreviewHost } from '../fixtures/preview-host.ts';
import { printTable } from './bench-kit.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const RUNS = Number(args.get('runs') ?? 5);
const OUTAGE_MS = Number(args.get('outage-ms') ?? 15_000);
/** Issue 12's goal: the sale's QR painted within this long after the provider is back. */
const GOAL_QR_MS = 2_000;

const executablePath = findChromium();
if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
const host = await startPreviewHost();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const faults = (body: unknown) =>
  fetch(`${host.sandbox}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const warnings: number[] = [];
const recoveries: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${host.origin}/#token=${host.token}`);
  await page.getByTestId('app-frame').waitFor();
  for (let run = 0; run < RUNS; run++) {
    await page.getByTestId('nav-sale').click();
    await page.getByTestId('keypad-clear').click();
    for (const digit of String(1_205 + run)) await page.getByTestId(`keypad-${digit}`).click();
    await faults({ fail5xxNext: 1_000_000, path: null });
    const down = Date.now();
    await page.getByTestId('charge-button').click();
    await page.locator('[data-testid="status-provider"][data-reachable="false"]').waitFor({ timeout: 10_000 });
    warnings.push(Date.now() - down);
    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    await faults({ fail5xxNext: 0, path: null });
    const back = Date.now();
    await page.getByTestId('payment-qr').waitFor({ timeout: 60_000 });
    recoveries.push(Date.now() - back);
    await page.getByTestId('cancel-payment').click();
    await page.getByTestId('payment-result').waitFor();
  }
} finally {
  await faults({ fail5xxNext: 0, path: null }).catch(() => undefined);
  await browser.close();
  await host.stop();
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const row = (name: string, values: number[], goal: string) => [
  name,
  String(values.length),
  `${sorted(values)[Math.floor(values.length / 2)]} ms`,
  `${sorted(values).at(-1)} ms`,
  goal,
];
console.log(`provider answering 503 for ${OUTAGE_MS} ms during a charge, ${RUNS} runs`);
printTable([
  ['', 'n', 'p50', 'max', 'goal'],
  row('Charge → status bar says unreachable', warnings, ''),
  row('provider back → QR painted', recoveries, `≤ ${GOAL_QR_MS} ms`),
]);
