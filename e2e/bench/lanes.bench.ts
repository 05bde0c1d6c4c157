// Status lanes bench (issue 11): does a person ever wait for the till's background polling? Polling only (no
// webhook, as a till behind NAT: preview --polling-only), sandbox latency 50 ms, the default budget of 5 status
// lookups a second, and 0 / 10 / 60 / 200 open background orders nobody is looking at. A benchmark, not a
// test: it prints figures and asserts nothing about time.
//
//   npm run bench -- lanes      (or: node --experimental-strip-types e2e/bench/lanes.bench.ts)
//   options: --counts=0,10,60,200  --delays=2,10,30,90 (s)  --rounds=2 (paid samples per delay)
//            --samples=10 (refunds and Check nows per count)  --latency-ms=50
//   WALLET_POS_RENDERER_DIR=dir serves a renderer built there; otherwise one is built into a temp dir.
//
// Each count runs on its own till (preview host: core, journal, embedded sandbox; its own budget), all four
// open at once. The person figures are taken one till at a time, then the customers pay on all four screens
// at once (each delay in turn, so the whole bench takes about 7 minutes).
// 1. refund of a paid order (PIN checked, total read, refund sent, order read again) and Check now on an open
//    background order: wall time of the contract call, as the screen makes it.
// 2. CAPTURED at the provider → "Paid" painted on the payment screen (Chromium), the customer paying 2, 10, 30
//    or 90 s after the QR appeared.
// 3. status lookups the sandbox received: the busiest sliding second, the mean rate, and per background
//    order per minute (over the whole run, and over its last minute, when the orders have aged).

import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright';
import type { PaymentDetail, PaymentView } from '../../shared/domain.ts';
import { DEMO, signedCall } from '../../electron/sandbox/sandbox.test-helper.ts';
import { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE, findChromium } from '../fixtures/chromium.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { benchArgs, hostCall, ms, printTable, sandboxCall, sleep, spread } from './bench-kit.ts';
import { rendererDir } from './build-renderer.ts';
import { armPaidProbe, readPaidProbe, type PaidProbe } from './page-probes.ts';

const args = benchArgs();
const list = (value: string): number[] => value.split(',').map(Number);
const COUNTS = list(args.get('counts') ?? '0,10,60,200');
const DELAYS_S = list(args.get('delays') ?? '2,10,30,90');
const ROUNDS = Number(args.get('rounds') ?? 2);
const SAMPLES = Number(args.get('samples') ?? 10);
const LATENCY_MS = Number(args.get('latency-ms') ?? 50);
/** Consumer confirm → CAPTURED at the sandbox. */
const CONFIRM_DELAY_MS = 200;
const SUPERVISOR_PIN = '2468';
/** A person does not click twice within a second: the gap between two timed calls. */
const HUMAN_GAP_MS = 1_100;
const STEP_TIMEOUT_MS = 20_000;
const RUN_DEADLINE_MS = 14 * 60_000;
const STATUS_GET = /^\/posi-sandbox\/v1\/instore\/order\/([A-Za-z0-9-]+)$/;

interface TillFigures {
  readonly count: number;
  readonly roundTrip: number[];
  readonly refund: number[];
  /** settings.verifyPin alone: the supervisor PIN check inside every refund (scrypt), for the breakdown. */
  readonly pinCheck: number[];
  readonly checkNow: number[];
  /** Delay (s) → CAPTURED → Paid painted (ms). */
  readonly paid: Map<number, number[]>;
  readonly busiestSecond: number;
  readonly meanPerSecond: number;
  readonly perBackgroundOrderPerMinute: number;
  readonly perBackgroundOrderPerMinuteLastMinute: number;
  readonly runSeconds: number;
}

// ------------------------------------------------------------------------------------------------ the till

/** Amounts ending in 05: never one of the sandbox's magic endings (51–54). */
const amountFor = (index: number): number => 1_005 + 100 * (index % 90);

async function charge(host: PreviewHost, amountMinor: number): Promise<PaymentView> {
  return hostCall<PaymentView>(host, 'payments.chargeMerchantQr', { amountMinor, currency: 'SGD' });
}

/** Open orders nobody looks at, created a few at a time. */
async function openBackgroundOrders(host: PreviewHost, count: number): Promise<string[]> {
  const referenceIds: string[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - start) }, (_, i) => charge(host, amountFor(start + i))),
    );
    referenceIds.push(...batch.map((view) => view.referenceId));
  }
  return referenceIds;
}

/** Paid orders to refund: paid at the sandbox, then known paid by the till (Check now until it says so). */
async function paidOrders(host: PreviewHost, count: number): Promise<string[]> {
  const referenceIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const view = await charge(host, amountFor(i + 40));
    await sandboxCall(host, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    await sleep(CONFIRM_DELAY_MS + 50);
    for (let tries = 0; ; tries += 1) {
      const checked = await hostCall<PaymentView>(host, 'payments.checkNow', { referenceId: view.referenceId });
      if (checked.displayStatus === 'paid') break;
      if (tries > 20) throw new Error(`${view.referenceId} did not turn paid: ${checked.displayStatus}`);
      await sleep(100);
    }
    referenceIds.push(view.referenceId);
  }
  return referenceIds;
}

/** Looked up by the bench itself to time a round trip; not one of the till's requests. */
const ROUND_TRIP_REFERENCE = 'BENCH-ROUND-TRIP';

/** The provider round trip of one status lookup (signed GET, injected latency included), sent by the bench. */
async function roundTrips(host: PreviewHost, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const result = await signedCall(
      `${host.sandbox}/posi-sandbox`,
      'GET',
      `/v1/instore/order/${ROUND_TRIP_REFERENCE}`,
      undefined,
      { credentials: DEMO },
    );
    // Not found: the same lookup and the same work at the sandbox as for an order it has.
    if (result.status !== 200 && result.status !== 404) throw new Error(`round trip lookup answered ${result.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

// ----------------------------------------------------------------------------------------------- the screen

async function keyAmount(page: Page, amountMinor: number): Promise<void> {
  await page.getByTestId('sale-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByTestId('keypad-clear').click();
  for (const digit of String(amountMinor)) await page.getByTestId(`keypad-${digit}`).click();
  await page
    .locator(`[data-testid="sale-amount"][data-amount-minor="${amountMinor}"]`)
    .waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Charge on the screen, the customer pays `delayS` after the QR shows; CAPTURED → Paid painted, in ms. */
async function paidAfter(host: PreviewHost, page: Page, amountMinor: number, delayS: number): Promise<number> {
  await keyAmount(page, amountMinor);
  await page.getByTestId('charge-button').click();
  await page.locator('canvas[data-testid="payment-qr"]').waitFor({ timeout: STEP_TIMEOUT_MS });
  const referenceId = await page.getByTestId('payment-screen').getAttribute('data-reference-id');
  if (!referenceId) throw new Error('the payment screen names no payment');
  await sleep(delayS * 1_000);
  await page.evaluate(armPaidProbe);
  await sandboxCall(host, 'POST', '/consumer/confirm', { referenceId });
  await page.waitForFunction(
    () => (window as unknown as { __benchPaid?: PaidProbe }).__benchPaid?.paintedEpoch != null,
    null,
    { timeout: STEP_TIMEOUT_MS, polling: 50 },
  );
  const probe = await page.evaluate(readPaidProbe);
  const order = await sandboxCall<{ history: { status: string; at: string }[] }>(
    host,
    'GET',
    `/orders/${encodeURIComponent(referenceId)}`,
  );
  const captured = order.history.find((change) => change.status === 'CAPTURED');
  if (!captured || !probe?.paintedEpoch) throw new Error(`incomplete paid sample for ${referenceId}`);
  const dismiss = page.getByTestId('dismiss-result');
  if (await dismiss.isVisible()) await dismiss.click();
  return probe.paintedEpoch - Date.parse(captured.at);
}

// ------------------------------------------------------------------------------------------------- one till

interface Till {
  readonly count: number;
  readonly host: PreviewHost;
  readonly page: Page;
  readonly runStart: number;
  readonly background: readonly string[];
  readonly paid: readonly string[];
  readonly log: (line: string) => void;
}

/** A till with its open background orders, paid orders to refund, and the payment screen ready. */
async function openTill(browser: Browser, count: number, log: (line: string) => void): Promise<Till> {
  const host = await startPreviewHost(['--polling-only']);
  try {
    // A supervisor PIN needs an admin PIN (electron/core/settings/admin-pin-first.ts).
    await hostCall(host, 'settings.save', { secrets: { supervisorPin: SUPERVISOR_PIN, adminPin: '8642' } });
    await sandboxCall(host, 'POST', '/faults', { latencyMs: LATENCY_MS });
    await sandboxCall(host, 'POST', '/settings', { confirmDelayMs: CONFIRM_DELAY_MS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${host.origin}/#token=${host.token}`);
    await page.getByTestId('app-frame').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('nav-sale').click();
    const runStart = Date.now();
    const background = await openBackgroundOrders(host, count);
    const paid = await paidOrders(host, SAMPLES);
    log(`${count} background orders open, ${paid.length} paid orders to refund`);
    return { count, host, page, runStart, background, paid, log };
  } catch (error) {
    await host.stop();
    throw error;
  }
}

/** 1. A person at the till: a refund, then Check now, at a human pace. */
async function personFigures(till: Till): Promise<Pick<TillFigures, 'roundTrip' | 'pinCheck' | 'refund' | 'checkNow'>> {
  const { host, paid, background } = till;
  const roundTrip = await roundTrips(host, 10);
  const pinCheck: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await hostCall(host, 'settings.verifyPin', { kind: 'supervisor', pin: SUPERVISOR_PIN });
    pinCheck.push(performance.now() - started);
  }
  const refund: number[] = [];
  const checkNow: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    await sleep(HUMAN_GAP_MS);
    let started = performance.now();
    await hostCall<PaymentDetail>(host, 'payments.refund', {
      referenceId: paid[i]!,
      reason: 'bench',
      supervisorPin: SUPERVISOR_PIN,
    });
    refund.push(performance.now() - started);
    await sleep(HUMAN_GAP_MS);
    // An open order nobody looks at (with none open: a paid one, looked up again all the same).
    const target = background.length > 0 ? background[(i * 7) % background.length]! : paid[i]!;
    started = performance.now();
    await hostCall<PaymentView>(host, 'payments.checkNow', { referenceId: target });
    checkNow.push(performance.now() - started);
  }
  till.log('refunds and Check nows done');
  return { roundTrip, pinCheck, refund, checkNow };
}

/** 2. A customer at the counter, paying after a while. */
async function paidFigures(till: Till): Promise<Map<number, number[]>> {
  const paidTimes = new Map<number, number[]>(DELAYS_S.map((delay) => [delay, []]));
  let sale = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const delay of DELAYS_S)
      paidTimes.get(delay)!.push(await paidAfter(till.host, till.page, amountFor(70 + sale++), delay));
    till.log(`paid round ${round + 1} of ${ROUNDS} done`);
  }
  return paidTimes;
}

/** 3. What reached the provider over the till's whole run. */
async function lookupFigures(
  till: Till,
): Promise<
  Pick<
    TillFigures,
    | 'busiestSecond'
    | 'meanPerSecond'
    | 'perBackgroundOrderPerMinute'
    | 'perBackgroundOrderPerMinuteLastMinute'
    | 'runSeconds'
  >
> {
  const { host, count, runStart } = till;
  const runEnd = Date.now();
  const { requests } = await sandboxCall<{ requests: { at: number; method: string; path: string }[] }>(
    host,
    'GET',
    `/requests?since=${runStart}`,
  );
  const lookups = requests.filter(
    (r) => r.method === 'GET' && STATUS_GET.test(r.path) && !r.path.endsWith(ROUND_TRIP_REFERENCE) && r.at <= runEnd,
  );
  const backgroundSet = new Set(till.background);
  const ofBackground = (from: number): number =>
    lookups.filter((r) => r.at >= from && backgroundSet.has(STATUS_GET.exec(r.path)![1]!)).length;
  const runSeconds = (runEnd - runStart) / 1000;
  return {
    busiestSecond: busiestSecond(lookups.map((r) => r.at)),
    meanPerSecond: lookups.length / runSeconds,
    perBackgroundOrderPerMinute: count === 0 ? NaN : ofBackground(runStart) / count / (runSeconds / 60),
    perBackgroundOrderPerMinuteLastMinute: count === 0 ? NaN : ofBackground(runEnd - 60_000) / count,
    runSeconds,
  };
}

function busiestSecond(stamps: readonly number[]): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + 1_000) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

// ---------------------------------------------------------------------------------------------------- report

function report(
  tills: readonly TillFigures[],
  browserVersion: string,
  loadBefore: number[],
  loadAfter: number[],
): void {
  const cpu = cpus();
  const allRoundTrips = spread(tills.flatMap((t) => t.roundTrip));
  const goalPerson = allRoundTrips.p50 + 250;
  console.log('');
  console.log(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after`,
  );
  console.log(
    `Node ${process.version}, Chromium ${browserVersion} headless; ${tills.length} tills open at once (one per count), each its own preview host --polling-only`,
  );
  console.log(
    `Sandbox latency ${LATENCY_MS} ms; provider round trip of a status lookup p50 ${ms(allRoundTrips.p50)} → person goal p95 ≤ ${ms(goalPerson)}; paid goal p95 ≤ 1000 ms`,
  );
  console.log('');
  const pair = (samples: readonly number[]): string => {
    const s = spread(samples);
    return `${ms(s.p50)} / ${ms(s.p95)}`;
  };
  printTable([
    ['open background orders', ...tills.map((t) => String(t.count))],
    ['1  refund, p50 / p95', ...tills.map((t) => pair(t.refund))],
    ['     of which the PIN check (settings.verifyPin alone)', ...tills.map((t) => pair(t.pinCheck))],
    ['1  Check now, p50 / p95', ...tills.map((t) => pair(t.checkNow))],
    ...DELAYS_S.map((delay) => [
      `2  CAPTURED → Paid painted, paying after ${delay} s, p50 / p95`,
      ...tills.map((t) => pair(t.paid.get(delay) ?? [])),
    ]),
    ['3  status lookups: busiest sliding second', ...tills.map((t) => String(t.busiestSecond))],
    ['3  status lookups: mean per second', ...tills.map((t) => t.meanPerSecond.toFixed(2))],
    [
      '3  per background order per minute (whole run)',
      ...tills.map((t) =>
        Number.isFinite(t.perBackgroundOrderPerMinute) ? t.perBackgroundOrderPerMinute.toFixed(2) : '–',
      ),
    ],
    [
      "3  per background order in the run's last minute",
      ...tills.map((t) =>
        Number.isFinite(t.perBackgroundOrderPerMinuteLastMinute)
          ? t.perBackgroundOrderPerMinuteLastMinute.toFixed(2)
          : '–',
      ),
    ],
    ['   run time per till', ...tills.map((t) => `${t.runSeconds.toFixed(0)} s`)],
  ]);
  console.log('');
  console.log(
    `Samples: ${SAMPLES} refunds and ${SAMPLES} Check nows per till (${HUMAN_GAP_MS} ms apart, as a person clicks), ${ROUNDS} paid payments per delay.`,
  );
  console.log(
    'Refund = the whole payments.refund call (PIN, pre-read lookup, refund request, read-back lookup); Check now = payments.checkNow',
  );
  console.log(
    'on an open background order (with none open: on a paid one). Paid = CAPTURED in the sandbox order history →',
  );
  console.log(
    'the frame painting data-status="paid" (same machine clock). Lookups counted at the sandbox (GET /_sandbox/requests).',
  );
}

// ------------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  const renderer = rendererDir('lanes');
  process.env.WALLET_POS_RENDERER_DIR = renderer.dir;
  let browser: Browser | null = null;
  const deadline = setTimeout(() => {
    console.error(`lanes bench: still running after ${RUN_DEADLINE_MS / 60_000} min, stopping`);
    process.exit(1);
  }, RUN_DEADLINE_MS);
  deadline.unref();
  try {
    const loadBefore = loadavg();
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const started = Date.now();
    const log = (count: number) => (line: string) =>
      console.log(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] till with ${count}: ${line}`);
    const tills = await Promise.all(COUNTS.map((count) => openTill(browser!, count, log(count))));
    try {
      // One till at a time: a person's wait is measured without three other tills' customers on the CPU.
      const person = [];
      for (const till of tills) person.push(await personFigures(till));
      const paid = await Promise.all(tills.map((till) => paidFigures(till)));
      const figures: TillFigures[] = [];
      for (const [index, till] of tills.entries())
        figures.push({ count: till.count, ...person[index]!, paid: paid[index]!, ...(await lookupFigures(till)) });
      report(figures, browser.version(), loadBefore, loadavg());
    } finally {
      await Promise.all(tills.map((till) => till.host.stop()));
    }
  } finally {
    clearTimeout(deadline);
    await browser?.close().catch(() => undefined);
    renderer.cleanup();
  }
}

await main();
