// Soak bench (issue 37, item 3): a day in an hour. One till (the preview host: the core under plain Node, the
// embedded sandbox) driven at once through the register connection and through the cashier's screen in Debian's
// Chromium: sales by our QR and by the customer's code, refunds and cancels, with duplicated and late webhooks, 2 %
// provider 5xx and 1 % answers dropped after the provider acted (the sandbox's fault switches), and a sign-in
// switch every 500 sales. A benchmark, not a test: it prints figures beside their goals and asserts nothing.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/soak.bench.ts
//   options: --sales 10000, --warm-up 200 (sales before the "after warm-up" reading), --heap-snapshots (the core
//            writes a heap snapshot at each reading, kept in the printed folder)
//   WALLET_POS_RENDERER_DIR=dir serves a renderer built there; otherwise the bench builds one into a temp dir.
//
// Per 10,000 sales: 1,000 refunds (every 10th, in part, over the register), 500 cancels (every 20th), a quarter
// through the screen, a third by the customer's code. The last line, for scripts:
//   soak: <sales> sales, core +<MB> MB, renderer +<MB> MB, event loop p99 <ms> ms, <n> disagreements

import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright';
import { DEFAULT_LOG_LIMITS } from '../../electron/core/logging/log-file.ts';
import { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE, findChromium } from '../fixtures/chromium.ts';
import { benchArgs, ms, printTable, sandboxCall, spread, stopOnDeadlineOrSignal } from './bench-kit.ts';
import { rendererDir } from './build-renderer.ts';
import type { CoreReading } from './soak-core-probe.ts';
import { compareWithProvider, untilQuiet } from './soak-ledger.ts';
import { runSale, type SaleOutcome, type SalePlan } from './soak-sales.ts';
import {
  dataSizes,
  registerConnectionRetries,
  readRenderer,
  type RendererReading,
  setUpShop,
  signIn,
  startSoakTill,
  type SoakTill,
} from './soak-till.ts';

const args = benchArgs();
/** `--name=value` (bench-kit) or `--name value`. */
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  const next = at >= 0 ? process.argv[at + 1] : undefined;
  return next !== undefined && !next.startsWith('--') ? next : args.get(name);
};
const SALES = Number(option('sales') ?? 10_000);
const WARM_UP = Math.min(Number(option('warm-up') ?? 200), Math.floor(SALES / 5));
const HEAP_SNAPSHOTS = args.has('heap-snapshots');
const GOALS = { coreMb: 30, rendererMb: 20, loopP99Ms: 50 };
/** Consumer confirm → CAPTURED at the sandbox: short, so the soak spends its time on the till. */
const CONFIRM_DELAY_MS = 50;
/** Late webhooks: every other block of this many sales, each delivery comes this late. */
const LATE_BLOCK = 250;
const LATE_WEBHOOK_MS = 1_500;
const SIGN_IN_EVERY = 500;
const PROGRESS_EVERY = 250;
const RUN_DEADLINE_MS = 3 * 60 * 60_000;

/** Which way sale `index` goes: the pattern that gives the issue's mix per 10,000. */
export function planOf(index: number): SalePlan {
  const cancel = index % 20 === 10;
  return {
    index,
    channel: index % 4 === 0 ? 'screen' : 'register',
    method: !cancel && index % 3 === 0 ? 'customer-qr' : 'merchant-qr',
    cancel,
    refund: index % 10 === 5,
  };
}

/** The faults switched on before sale `index`: the sandbox's counters hit the next provider request. */
function faultsBefore(index: number): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  if (index % 50 === 17) patch.fail5xxNext = 1;
  if (index % 100 === 43) patch.dropAfterActNext = 1;
  if (index % LATE_BLOCK === 0) patch.webhookDelayMs = (index / LATE_BLOCK) % 2 === 1 ? LATE_WEBHOOK_MS : 0;
  return Object.keys(patch).length > 0 ? patch : null;
}

interface Reading {
  readonly label: string;
  readonly sales: number;
  readonly core: CoreReading;
  readonly renderer: RendererReading;
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const signedMb = (bytes: number): string => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

async function read(till: SoakTill, page: Page, label: string, sales: number): Promise<Reading> {
  return { label, sales, core: await till.readCore(), renderer: await readRenderer(page) };
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  if (!(SALES >= 10)) throw new Error('--sales must be at least 10');
  const renderer = rendererDir('soak');
  process.env.WALLET_POS_RENDERER_DIR = renderer.dir;
  let till: SoakTill | null = null;
  let browser: Browser | null = null;
  const cleanup = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    browser = null;
    await till?.stop().catch(() => undefined);
    till = null;
    renderer.cleanup();
  };
  const finished = stopOnDeadlineOrSignal('soak', RUN_DEADLINE_MS, cleanup);

  try {
    const loadBefore = loadavg();
    till = await startSoakTill({ heapSnapshots: HEAP_SNAPSHOTS });
    const { host } = till;
    if (HEAP_SNAPSHOTS) console.log(`Heap snapshots of the core go to ${till.probeFolder}`);
    const register = await setUpShop(host);
    await sandboxCall(host, 'POST', '/settings', { confirmDelayMs: CONFIRM_DELAY_MS });
    await sandboxCall(host, 'POST', '/faults', { webhookDuplicates: true });
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${host.origin}/#token=${host.token}`);
    await page.getByTestId('app-frame').waitFor({ timeout: 30_000 });
    await page.getByTestId('nav-sale').click();
    await page.getByTestId('sale-screen').waitFor({ timeout: 30_000 });

    const readings: Reading[] = [await read(till, page, 'start', 0)];
    const outcomes: SaleOutcome[] = [];
    const world = { host, page, register };
    let measuredFrom = Date.now();
    console.log(`Soak: ${SALES} sales (${WARM_UP} of them warm-up) …`);
    for (let index = 0; index < SALES; index += 1) {
      if (index > 0 && index % SIGN_IN_EVERY === 0) await signIn(host, index / SIGN_IN_EVERY);
      const faults = faultsBefore(index);
      if (faults) await sandboxCall(host, 'POST', '/faults', faults);
      const outcome = await runSale(world, planOf(index)).catch((error: unknown): SaleOutcome => ({
        plan: planOf(index),
        referenceId: null,
        status: `error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        refunds: 0,
        busyRetries: 0,
      }));
      outcomes.push(outcome);
      if (outcome.status.startsWith('error') || outcome.status.startsWith('refused'))
        console.log(`  sale ${index} (${outcome.plan.channel}, ${outcome.plan.method}): ${outcome.status}`);
      if (index + 1 === WARM_UP) {
        readings.push(await read(till, page, 'after warm-up', index + 1));
        measuredFrom = Date.now();
      }
      if ((index + 1) % PROGRESS_EVERY === 0) {
        const core = await till.readCore();
        const renderer = await readRenderer(page);
        console.log(
          `  ${index + 1} sales: core RSS ${mb(core.rssBytes)} MB heap ${mb(core.heapUsedBytes)} MB, renderer heap ${mb(renderer.heapBytes)} MB, ${renderer.nodes} DOM nodes, ${renderer.listeners} listeners, loop p99 ${ms(core.loopP99Ms)} (${core.loopSamples} samples since last), load ${loadavg()[0]!.toFixed(2)}`,
        );
        loopSamples.push(core);
      }
    }
    const measuredSeconds = (Date.now() - measuredFrom) / 1000;
    await sandboxCall(host, 'DELETE', '/faults');
    const stillOpen = await untilQuiet(host, 60_000);
    readings.push(await read(till, page, 'end', SALES));
    const sizes = dataSizes(host.dataDir);
    const ledger = await compareWithProvider(host, outcomes);
    // The provider's records (orders, histories, codes, webhooks) live in the core's process too: dropped, the
    // heap left is what the till itself keeps.
    await sandboxCall(host, 'POST', '/reset');
    const tillOnly = await till.readCore();
    report({
      readings,
      tillOnly,
      outcomes,
      measuredSeconds,
      sizes,
      ledger,
      stillOpen,
      loadBefore,
      browser: browser.version(),
    });
  } finally {
    finished();
    await cleanup();
  }
}

/** Every reading after warm-up, for the event loop's p99 over the measured part (the worst of its stretches). */
const loopSamples: CoreReading[] = [];

function report(run: {
  readings: readonly Reading[];
  tillOnly: CoreReading;
  outcomes: readonly SaleOutcome[];
  measuredSeconds: number;
  sizes: ReturnType<typeof dataSizes>;
  ledger: Awaited<ReturnType<typeof compareWithProvider>>;
  stillOpen: number;
  loadBefore: number[];
  browser: string;
}): void {
  const { readings, outcomes, ledger, sizes } = run;
  const cpu = cpus();
  console.log('');
  console.log(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), load average ${run.loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after; Node ${process.version}, Chromium ${run.browser} headless`,
  );
  console.log('');
  printTable([
    [
      'reading',
      'sales',
      'core RSS',
      'core heap',
      'renderer JS heap',
      'DOM nodes',
      'listeners',
      'event loop p99 (since previous)',
      'samples',
    ],
    ...readings.map((r) => [
      r.label,
      String(r.sales),
      `${mb(r.core.rssBytes)} MB`,
      `${mb(r.core.heapUsedBytes)} MB`,
      `${mb(r.renderer.heapBytes)} MB`,
      String(r.renderer.nodes),
      String(r.renderer.listeners),
      r.label === 'start' ? '–' : ms(r.core.loopP99Ms),
      String(r.core.loopSamples),
    ]),
  ]);
  const warm = readings[1]!;
  const end = readings[readings.length - 1]!;
  const coreGrowth = end.core.rssBytes - warm.core.rssBytes;
  const rendererGrowth = end.renderer.heapBytes - warm.renderer.heapBytes;
  const measured = [...loopSamples.filter((sample) => sample.request > warm.core.request), end.core];
  const loopP99 = Math.max(...measured.map((sample) => sample.loopP99Ms));
  const byStatus = new Map<string, number>();
  for (const outcome of outcomes) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  const measuredSales = outcomes.length - warm.sales;
  const met = (ok: boolean): string => (ok ? 'met' : 'not met');
  console.log('');
  printTable([
    ['figure', 'value', 'goal'],
    [
      'core RSS growth after warm-up',
      `${signedMb(coreGrowth)} MB`,
      `≤ ${GOALS.coreMb} MB ${met(coreGrowth <= GOALS.coreMb * 2 ** 20)}`,
    ],
    [
      '  core heap growth after warm-up (after GC)',
      `${signedMb(end.core.heapUsedBytes - warm.core.heapUsedBytes)} MB`,
      '',
    ],
    [
      "  core heap growth without the sandbox's records (after /_sandbox/reset)",
      `${signedMb(run.tillOnly.heapUsedBytes - warm.core.heapUsedBytes)} MB`,
      '',
    ],
    [
      'renderer JS heap growth after warm-up (after GC)',
      `${signedMb(rendererGrowth)} MB`,
      `≤ ${GOALS.rendererMb} MB ${met(rendererGrowth <= GOALS.rendererMb * 2 ** 20)}`,
    ],
    [
      'core event loop delay p99 (worst stretch after warm-up)',
      ms(loopP99),
      `≤ ${GOALS.loopP99Ms} ms ${met(loopP99 <= GOALS.loopP99Ms)}`,
    ],
    ['core event loop delay max', ms(Math.max(...measured.map((sample) => sample.loopMaxMs))), ''],
    ['sales per second (after warm-up)', (measuredSales / run.measuredSeconds).toFixed(2), ''],
    ['payments journal (payments.sqlite3, -wal, -shm)', `${mb(sizes.journalBytes)} MB`, ''],
    ['whole data folder', `${mb(sizes.dataBytes)} MB`, ''],
    [
      'logs folder',
      `${mb(sizes.logBytes)} MB in ${sizes.logFiles} files`,
      `rotation: ${DEFAULT_LOG_LIMITS.files} × ${mb(DEFAULT_LOG_LIMITS.fileBytes)} MB per log`,
    ],
    ['payments still being found out at the end', String(run.stillOpen), '0'],
    ['register requests sent again after a failed connection', String(registerConnectionRetries()), ''],
    [
      'provider vs journal: orders / refunds / cancels',
      `${ledger.orders} / ${ledger.refunds} / ${ledger.cancels} (journal ${ledger.journalPayments})`,
      '',
    ],
    ['disagreements', String(ledger.disagreements.length), `0 ${met(ledger.disagreements.length === 0)}`],
  ]);
  console.log('');
  const kinds = new Map<string, number[]>();
  for (const { plan, durationMs } of outcomes.slice(warm.sales)) {
    const kind = `${plan.channel} ${plan.method}${plan.cancel ? ' cancel' : ''}${plan.refund ? ' + refund' : ''}`;
    if (durationMs !== undefined) kinds.set(kind, [...(kinds.get(kind) ?? []), durationMs]);
  }
  printTable([
    ['one sale, start to result put away', 'n', 'p50', 'p95', 'max'],
    ...[...kinds].sort().map(([kind, samples]) => {
      const s = spread(samples);
      return [kind, String(s.n), ms(s.p50), ms(s.p95), ms(s.max)];
    }),
  ]);
  console.log(`How the sales ended: ${[...byStatus].map(([status, count]) => `${status} ${count}`).join(', ')}`);
  for (const line of ledger.disagreements.slice(0, 30)) console.log(`  disagreement ${line}`);
  console.log(
    `soak: ${outcomes.length} sales, core ${signedMb(coreGrowth)} MB, renderer ${signedMb(rendererGrowth)} MB, event loop p99 ${loopP99.toFixed(1)} ms, ${ledger.disagreements.length} disagreements`,
  );
}

await main();
