// Status lanes bench (issue 11): does a person ever wait for the till's background polling? Polling only (no
// webhook, as a till behind NAT: preview --polling-only), sandbox latency 50 ms, the default budget of 5 status
// lookups a second, and 0 / 10 / 60 / 200 open background orders nobody is looking at. A benchmark, not a
// test: it prints figures and asserts nothing about time.
//
//   npm run bench -- lanes      (or: node --experimental-strip-types e2e/bench/lanes.bench.ts)
//   options: --counts=0,10,60,200  --delays=2,10,30,90 (s)  --rounds=2 (paid samples per delay)
//            --samples=10 (refunds and Check nows per count, at each pace)  --latency-ms=50
//   WALLET_POS_RENDERER_DIR=dir serves a renderer built there; otherwise one is built into a temp dir.
//
// Each count runs on its own till (preview host: core, journal, embedded sandbox; its own budget), all four
// open at once. The person figures are taken one till at a time, then the customers pay on all four screens
// at once (each delay in turn, so the whole bench takes about 7 minutes).
// 1. refund of a paid order (PIN checked, total read, refund sent) and Check now on an open background order:
//    wall time of the contract call, as the screen makes it; at a person's pace (1.1 s between calls), then
//    back to back (a supervisor clearing a queue: refund, Check now, refund … with no pause), lanes-person.ts;
//    then one payment refunded part by part back to back, Check now of that payment between the parts.
// 2. CAPTURED at the provider → "Paid" painted on the payment screen (Chromium), the customer paying 2, 10, 30
//    or 90 s after the QR appeared.
// 3. status lookups the sandbox received: the busiest sliding second, the mean rate, and per background
//    order per minute (over the whole run, and over its last minute, when the orders have aged).
// 4. the budget alone: 1b and 1c on the real status budget with a virtual clock and quiet-machine costs
//    (lanes-model.ts), what the budget makes the supervisor wait however loaded the machine is.

import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright';
import type { PaymentView } from '../../shared/payments.ts';
import { CHROMIUM_ARGS, NO_CHROMIUM_MESSAGE, findChromium } from '../fixtures/chromium.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { benchArgs, hostCall, ms, noteResult, printTable, sandboxCall, sleep, spread } from './bench-kit.ts';
import { rendererDir } from './build-renderer.ts';
import {
  PART_MINOR,
  SUPERVISOR_PIN,
  backToBackFigures,
  busiestSecond,
  inPartsFigures,
  personFigures,
  statusLookupsSince,
  type BackToBackFigures,
  type PersonFigures,
  type Till,
} from './lanes-person.ts';
import { modelRun, type ModelFigures } from './lanes-model.ts';
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
const STEP_TIMEOUT_MS = 20_000;
const RUN_DEADLINE_MS = 14 * 60_000;

interface TillFigures extends PersonFigures {
  readonly count: number;
  readonly backToBack: BackToBackFigures;
  readonly inParts: BackToBackFigures;
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
    const [inParts, ...paid] = await paidOrders(host, 2 * SAMPLES + 1);
    log(`${count} background orders open, ${paid.length + 1} paid orders to refund`);
    return { count, host, page, runStart, background, paid, inParts: inParts!, log };
  } catch (error) {
    await host.stop();
    throw error;
  }
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
  const lookups = (await statusLookupsSince(host, runStart)).filter((r) => r.at <= runEnd);
  const backgroundSet = new Set(till.background);
  const ofBackground = (from: number): number =>
    lookups.filter((r) => r.at >= from && backgroundSet.has(r.referenceId)).length;
  const runSeconds = (runEnd - runStart) / 1000;
  return {
    busiestSecond: busiestSecond(lookups.map((r) => r.at)),
    meanPerSecond: lookups.length / runSeconds,
    perBackgroundOrderPerMinute: count === 0 ? NaN : ofBackground(runStart) / count / (runSeconds / 60),
    perBackgroundOrderPerMinuteLastMinute: count === 0 ? NaN : ofBackground(runEnd - 60_000) / count,
    runSeconds,
  };
}

// ---------------------------------------------------------------------------------------------------- report

/** The budget alone (4), with and without background polling: [queue, parts] each. */
type ModelTable = readonly {
  readonly background: boolean;
  readonly queue: ModelFigures;
  readonly parts: ModelFigures;
  readonly partsBefore: ModelFigures;
}[];

async function modelTable(roundTripMs: number): Promise<ModelTable> {
  const table = [];
  for (const background of [false, true])
    table.push({
      background,
      queue: await modelRun('queue', roundTripMs, background),
      parts: await modelRun('parts', roundTripMs, background),
      partsBefore: await modelRun('parts', roundTripMs, background, false),
    });
  return table;
}

function report(
  tills: readonly TillFigures[],
  model: ModelTable,
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
  const goals = `Sandbox latency ${LATENCY_MS} ms; provider round trip of a status lookup p50 ${ms(allRoundTrips.p50)} → person goal p95 ≤ ${ms(goalPerson)}; paid goal p95 ≤ 1000 ms`;
  console.log(goals);
  noteResult(`Chromium ${browserVersion} headless. ${goals}.`);
  console.log('');
  const pair = (samples: readonly number[]): string => {
    const s = spread(samples);
    return `${ms(s.p50)} / ${ms(s.p95)}`;
  };
  /** p50 / p95 and whether the p95 is within the goal. */
  const vsGoal = (samples: readonly number[], goal: number): string =>
    `${pair(samples)} ${spread(samples).p95 <= goal ? 'ok' : 'OVER'}`;
  const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
  printTable([
    ['open background orders', ...tills.map((t) => String(t.count))],
    [`1  refund, p50 / p95 (goal p95 ≤ ${ms(goalPerson)})`, ...tills.map((t) => vsGoal(t.refund, goalPerson))],
    ['     of which the PIN check (settings.verifyPin alone)', ...tills.map((t) => pair(t.pinCheck))],
    ['1  Check now, p50 / p95', ...tills.map((t) => vsGoal(t.checkNow, goalPerson))],
    ['1b back to back: refund, p50 / p95', ...tills.map((t) => vsGoal(t.backToBack.refund, goalPerson))],
    [
      '     call → its first lookup at the sandbox, p50 / p95',
      ...tills.map((t) => pair(t.backToBack.refundLookupLeft)),
    ],
    ['     status lookups per refund (mean)', ...tills.map((t) => mean(t.backToBack.lookupsPerRefund).toFixed(2))],
    ['1b back to back: Check now, p50 / p95', ...tills.map((t) => vsGoal(t.backToBack.checkNow, goalPerson))],
    [
      '1b busiest sliding second / half second / other background lookups per s',
      ...tills.map(
        (t) =>
          `${t.backToBack.busiestSecond} / ${t.backToBack.busiestHalfSecond} / ${t.backToBack.backgroundPerSecond.toFixed(2)}`,
      ),
    ],
    ['1c one payment in parts: refund, p50 / p95', ...tills.map((t) => vsGoal(t.inParts.refund, goalPerson))],
    ['     call → its first lookup at the sandbox, p50 / p95', ...tills.map((t) => pair(t.inParts.refundLookupLeft))],
    ['     status lookups per part refund (mean)', ...tills.map((t) => mean(t.inParts.lookupsPerRefund).toFixed(2))],
    ['1c one payment in parts: Check now, p50 / p95', ...tills.map((t) => vsGoal(t.inParts.checkNow, goalPerson))],
    [
      '1c busiest sliding second / half second / other background lookups per s',
      ...tills.map(
        (t) =>
          `${t.inParts.busiestSecond} / ${t.inParts.busiestHalfSecond} / ${t.inParts.backgroundPerSecond.toFixed(2)}`,
      ),
    ],
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
  printTable([
    [
      `4  the budget alone (virtual clock, round trip ${ms(allRoundTrips.p50)}, PIN check 50 ms)`,
      ...model.map((m) => (m.background ? 'background polling' : 'no background')),
    ],
    ['4  back to back, a queue: refund, p50 / p95', ...model.map((m) => vsGoal(m.queue.refund, goalPerson))],
    ['4  back to back, a queue: Check now, p50 / p95', ...model.map((m) => vsGoal(m.queue.checkNow, goalPerson))],
    ['4  one payment in parts: refund, p50 / p95', ...model.map((m) => vsGoal(m.parts.refund, goalPerson))],
    ['4  one payment in parts: Check now, p50 / p95', ...model.map((m) => vsGoal(m.parts.checkNow, goalPerson))],
    [
      '4  in parts before issue 37 (never marked changed): refund',
      ...model.map((m) => vsGoal(m.partsBefore.refund, goalPerson)),
    ],
    [
      '4  in parts before issue 37 (never marked changed): Check now',
      ...model.map((m) => vsGoal(m.partsBefore.checkNow, goalPerson)),
    ],
  ]);
  console.log('');
  console.log(
    `Samples: ${SAMPLES} refunds and ${SAMPLES} Check nows per till at a person's pace (1.1 s apart), then ${SAMPLES} of each back to back`,
  );
  console.log(
    `(1b: each call as soon as the previous one answered, ${tills.map((t) => `${t.backToBack.runSeconds.toFixed(1)} s`).join(' / ')}; 1c: ${SAMPLES} parts of ${PART_MINOR} minor units of one payment, Check now of it between, ${tills.map((t) => `${t.inParts.runSeconds.toFixed(1)} s`).join(' / ')}), ${ROUNDS} paid payments per delay.`,
  );
  console.log(
    'Refund = the whole payments.refund call (PIN, pre-read lookup, refund request, any read-back); Check now = payments.checkNow',
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
      const person: (PersonFigures & { backToBack: BackToBackFigures; inParts: BackToBackFigures })[] = [];
      for (const till of tills) {
        const humanPace = await personFigures(till, SAMPLES);
        const backToBack = await backToBackFigures(till, SAMPLES);
        person.push({ ...humanPace, backToBack, inParts: await inPartsFigures(till, SAMPLES) });
      }
      const paid = await Promise.all(tills.map((till) => paidFigures(till)));
      const figures: TillFigures[] = [];
      for (const [index, till] of tills.entries())
        figures.push({ count: till.count, ...person[index]!, paid: paid[index]!, ...(await lookupFigures(till)) });
      const model = await modelTable(spread(figures.flatMap((t) => t.roundTrip)).p50);
      report(figures, model, browser.version(), loadBefore, loadavg());
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
