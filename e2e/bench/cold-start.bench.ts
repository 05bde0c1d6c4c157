// Cold-start bench (issue 25): from launching the till to a Sale screen that takes a keypress, on a journal of
// 100k payments. A benchmark, not a test: it prints figures and asserts nothing about time.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/cold-start.bench.ts
//   options: --payments=100000 (the journal's size), --runs=5
//   WALLET_POS_RENDERER_DIR=dir serves a renderer built there; otherwise the bench builds one of its own.
//
// One run: the preview host is spawned on the seeded data folder (core, journal open with its checks, web host,
// embedded sandbox) → its ready line; Chromium, already running like a till's window manager, loads the app →
// the Sale screen is shown → the digit 7 typed on the keyboard shows as S$0.07. The first run is the till's
// first start on that journal (it adopts the file); the others restart it, as after a reboot — with the
// operating system's file cache warm (dropping it needs root), so the journal's first read is not from disk.
// The Electron path (the same core in the main process, the screens from app://) is measured where an Electron
// binary exists; it is said below when it does not.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { journalFileIn, openJournal } from '../../electron/core/payments/journal/journal.ts';
import { findElectronBinary } from '../../electron/electron-binary.ts';
import { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE, findChromium } from '../fixtures/chromium.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import type { AppInfo } from '../../shared/status.ts';
import { benchArgs, hostCall, ms, printTable, spread } from './bench-kit.ts';
import { rendererDir } from './build-renderer.ts';
import { seedJournal } from './journal-seed.ts';

const args = benchArgs();
const PAYMENTS = Number(args.get('payments') ?? 100_000);
const RUNS = Number(args.get('runs') ?? 5);
const GOAL_MS = 2_000;
const STEP_TIMEOUT_MS = 60_000;

interface Run {
  readonly hostReadyMs: number;
  readonly saleShownMs: number;
  readonly keypressShownMs: number;
}

function seededDataDir(): { dir: string; seedMs: number; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-pos-cold-start-'));
  const filePath = journalFileIn(dir);
  const clock = { at: 0 };
  const journal = openJournal({ filePath, timeZone: 'Asia/Singapore', now: () => clock.at });
  try {
    const seeded = seedJournal(journal, clock, PAYMENTS);
    return { dir, seedMs: seeded.ms, bytes: statSync(filePath).size };
  } finally {
    journal.close();
  }
}

async function oneRun(browser: Browser, dataDir: string): Promise<Run> {
  const started = performance.now();
  let host: PreviewHost | null = null;
  try {
    host = await startPreviewHost(['--data-dir', dataDir]);
    const hostReadyMs = performance.now() - started;
    const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
    try {
      await page.goto(host.url);
      await page.getByTestId('sale-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
      const saleShownMs = performance.now() - started;
      await page.keyboard.press('7');
      await page.locator('[data-testid="sale-amount"][data-amount-minor="7"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      const keypressShownMs = performance.now() - started;
      const { journalProblems } = await hostCall<AppInfo>(host, 'app.info', {});
      if (journalProblems.length > 0)
        throw new Error(`the journal was refused at start: ${JSON.stringify(journalProblems)}`);
      return { hostReadyMs, saleShownMs, keypressShownMs };
    } finally {
      await page.close();
    }
  } finally {
    await host?.stop();
  }
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  if (!(PAYMENTS >= 1 && RUNS >= 1)) throw new Error('--payments and --runs must be at least 1');
  const renderer = rendererDir('cold-start');
  process.env.WALLET_POS_RENDERER_DIR = renderer.dir;
  console.log(`Seeding ${PAYMENTS.toLocaleString('en')} payments …`);
  const data = seededDataDir();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const loadBefore = loadavg();
    const runs: Run[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const result = await oneRun(browser, data.dir);
      console.log(
        `${run === 0 ? 'first start' : `restart ${run}`}: host ready ${ms(result.hostReadyMs)}, Sale shown ${ms(result.saleShownMs)}, keypress shown ${ms(result.keypressShownMs)}`,
      );
      if (run > 0) runs.push(result);
    }
    const row = (label: string, pick: (run: Run) => number): string[] => {
      const figures = spread(runs.map(pick));
      return [label, ms(figures.p50), ms(figures.max), pick === keypress ? `≤ ${ms(GOAL_MS)}` : ''];
    };
    const keypress = (run: Run): number => run.keypressShownMs;
    console.log('');
    console.log(
      `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} after; Chromium ${browser.version()}; journal ${PAYMENTS.toLocaleString('en')} payments, ${(data.bytes / 1_048_576).toFixed(0)} MB, seeded in ${(data.seedMs / 1000).toFixed(1)} s`,
    );
    printTable([
      ['from launch (preview host, restarts)', 'p50', 'max', 'goal'],
      row('host ready (core + journal checks + web host + sandbox)', (run) => run.hostReadyMs),
      row('Sale screen shown', (run) => run.saleShownMs),
      row('keypress shown on the Sale screen', keypress),
    ]);
    const electron = findElectronBinary();
    console.log(
      'reason' in electron
        ? `Electron path not measured: ${electron.reason}.`
        : 'Electron path not measured by this bench: an Electron binary exists, but the bench drives the preview host only.',
    );
  } finally {
    await browser?.close();
    rmSync(data.dir, { recursive: true, force: true });
    renderer.cleanup();
  }
}

await main();
