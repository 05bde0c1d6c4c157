// Payment journal benchmark: a realistic journal (100k payments over 60 days by default; up to 1M over ~5 years,
// with refunds, events and the audit chain), seeded once into the temp folder and copied for each run
// (journal-seed.ts), then times what a till does with it, each figure beside its goal where it has one.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/journal.bench.ts
//   options: --payments 1000000 (the journal's size), --keep (leave the working copy and print its path)

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openJournal } from '../../electron/core/payments/journal/journal.ts';
import { encodeCursor } from '../../electron/core/payments/journal/history.ts';
import { fullCheckOffThread } from '../../electron/core/sqlite/structure-check.ts';
import { journalsHealth } from '../../electron/core/support/journal-health.ts';
import { settingsPartFromFiles } from '../../electron/core/support/settings-part.ts';
import { versionsOf, writeSupportBundle } from '../../electron/core/support/support-bundle.ts';
import { chainCheckOffThreadMs, chainStepTimings, chainVerifyTimings, CHAIN_GOALS } from './journal-chain-cost.ts';
import { benchArgs, printTable } from './bench-kit.ts';
import { copySeeded, SEED_BATCH as BATCH, seededJournalFile } from './journal-seed.ts';

const args = benchArgs();
const PAYMENTS = Number(args.get('payments') ?? 100_000);
const TIME_ZONE = 'Asia/Singapore';
const WRITE_SAMPLES = 500;
const QUERY_RUNS = 30;
/** The whole-file checks take seconds each beyond a few hundred thousand payments: run once there. */
const WHOLE_FILE_RUNS = PAYMENTS > 200_000 ? 1 : 3;
/** Issue 37's goals at a million payments. */
export const JOURNAL_GOALS = { historyPageMs: 20, daySummaryMs: 50, dayCsvMs: 100, eventLoopBlockMs: 50 } as const;

interface Timing {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { p50: at(50), p99: at(99), max: sorted[sorted.length - 1] ?? NaN };
}

/** Runs `work` once to warm caches and statements, then QUERY_RUNS times. */
function time(work: () => unknown, runs = QUERY_RUNS): Timing {
  work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The longest the event loop was held while `work` ran (perf_hooks' histogram, 1 ms resolution). */
async function eventLoopBlock<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; maxBlockMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  histogram.disable();
  return { value, wallMs, maxBlockMs: histogram.max / 1e6 };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const load = () => loadavg()[0]!.toFixed(2);
const goal = (limitMs: number, figure: number) => `≤ ${limitMs} ms ${figure <= limitMs ? 'met' : 'MISSED'}`;

async function main(): Promise<void> {
  if (!(PAYMENTS >= 2)) throw new Error('--payments must be at least 2');
  console.log(`Seeded journal of ${PAYMENTS.toLocaleString('en')} payments (seeded once, then reused) …`);
  const seed = seededJournalFile(PAYMENTS);
  const seeded = seed.seeded;
  const folder = mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const copyStarted = performance.now();
  const filePath = copySeeded(seed, folder);
  const copyMs = performance.now() - copyStarted;
  const clock = { at: Date.parse('2026-11-21T14:30:00Z') };
  const journal = openJournal({ filePath, timeZone: TIME_ZONE, now: () => clock.at });
  try {
    const day = seeded.lastDay;
    const reference = seeded.middleReference;
    const orderId = seeded.middleNextOrderId;
    const pageSize = 50;

    // A cursor half-way through all payments (the screen reaches it page by page; its cost does not depend on how).
    const middle = journal.getAttempt(reference);
    if (!middle) throw new Error(`the seeded journal has no ${reference}`);
    const deepCursor = encodeCursor({ createdAt: middle.createdAt, referenceId: middle.referenceId });
    let dayCursor: string | undefined;
    for (let page = 0; page < 5; page += 1)
      dayCursor = journal.history({ day, limit: pageSize, cursor: dayCursor }).nextCursor ?? undefined;

    const rows: [string, Timing, string, number | null, string][] = [];
    const add = (label: string, work: () => unknown, check: string, goalMs: number | null = null) =>
      rows.push([label, time(work), check, goalMs, load()]);
    add(
      'history, first page (all days)',
      () => journal.history({ limit: pageSize }),
      `${journal.history({ limit: pageSize }).items.length} rows`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'history, a page half-way back (all days)',
      () => journal.history({ limit: pageSize, cursor: deepCursor }),
      `${journal.history({ limit: pageSize, cursor: deepCursor }).items.length} rows`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'history, first page of one day',
      () => journal.history({ day, limit: pageSize }),
      `total ${journal.history({ day, limit: pageSize }).total}`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'history, page 6 of one day',
      () => journal.history({ day, limit: pageSize, cursor: dayCursor }),
      `${journal.history({ day, limit: pageSize, cursor: dayCursor }).items.length} rows`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'history, status=paid, day + customer-qr',
      () => journal.history({ day, status: 'paid', method: 'customer-qr', limit: pageSize }),
      `total ${journal.history({ day, status: 'paid', method: 'customer-qr' }).total}`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'history, status=refunded (all days)',
      () => journal.history({ status: 'refunded', limit: pageSize }),
      `total ${journal.history({ status: 'refunded' }).total}`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'search by reference (whole)',
      () => journal.history({ search: reference }),
      `${journal.history({ search: reference }).total} match`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'search by reference (prefix, 1 day)',
      () => journal.history({ search: reference.slice(0, 15), limit: pageSize }),
      `${journal.history({ search: reference.slice(0, 15) }).total} matches`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'search, broad prefix "TILL01-2026" (all)',
      () => journal.history({ search: 'TILL01-2026', limit: pageSize }),
      `${journal.history({ search: 'TILL01-2026' }).total} matches`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'search by provider order id',
      () => journal.history({ search: orderId.toLowerCase() }),
      `${journal.history({ search: orderId }).total} match`,
      JOURNAL_GOALS.historyPageMs,
    );
    add(
      'payment detail (view, refunds, events)',
      () => journal.detailOf(reference),
      `${journal.detailOf(reference)?.events.length} events`,
    );
    add(
      'day summary',
      () => journal.daySummary(day, 'SGD'),
      `paid ${journal.daySummary(day, 'SGD').paid.count}`,
      JOURNAL_GOALS.daySummaryMs,
    );
    add(
      'CSV export of one day',
      () => journal.exportCsv(day),
      `${(journal.exportCsv(day).csv.length / 1024).toFixed(0)} KB`,
      JOURNAL_GOALS.dayCsvMs,
    );
    add('recovery scan (listNonFinal)', () => journal.listNonFinal(), `${journal.listNonFinal().length} open`);

    // Durable writes: each call commits and fsyncs (synchronous=FULL) before it returns.
    const records: number[] = [];
    const updates: number[] = [];
    const pairs: number[] = [];
    // CPU time (user + system) of the writes: unlike wall time it hardly moves when other work shares the
    // machine, so it shows what a change to the write path costs (fsync waits are not in it).
    const cpuBefore = process.cpuUsage();
    const writtenReferences: string[] = [];
    for (let i = 0; i < WRITE_SAMPLES; i += 1) {
      clock.at += 1_000;
      const referenceId = journal.newReferenceId('TILL01');
      writtenReferences.push(referenceId);
      const t0 = performance.now();
      journal.recordAttempt({
        referenceId,
        method: 'merchant-qr',
        amount: { amountMinor: 1234, currency: 'SGD' },
        posId: 'POS-BENCH-1',
      });
      const t1 = performance.now();
      journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED', qrPayload: 'wallet://pay' }, 1);
      const t2 = performance.now();
      records.push(t1 - t0);
      updates.push(t2 - t1);
      pairs.push(t2 - t0);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerPairUs = (cpu.user + cpu.system) / WRITE_SAMPLES;
    const writesLoad = load();

    // The support bundle of a running till (the journal open beside it): how long it takes, and the longest the
    // event loop was held meanwhile, its journals' part alone and then the whole bundle.
    const healthLoad = load();
    const health = await eventLoopBlock(() => journalsHealth(folder));
    const healthProblem = health.value.find(
      (each) => each.exists && (each.error !== null || each.integrity?.[0] !== 'ok'),
    );
    if (healthProblem) throw new Error(`the journal's health: ${JSON.stringify(healthProblem)}`);
    const bundleLoad = load();
    const bundle = await eventLoopBlock(() =>
      writeSupportBundle({
        dataDir: folder,
        settings: settingsPartFromFiles(folder),
        status: null,
        versions: versionsOf('bench'),
      }),
    );

    const dbBytes = fileSize(filePath);
    const walBytes = fileSize(`${filePath}-wal`);
    // A start: the checks that the file is the journal this till wrote (its mark, quick_check's walk of every
    // page and b-tree, the identity), on the full-size file (journal-file.ts); then the health check's whole
    // quick_check, rows' constraints too, in its worker thread (structure-check.ts).
    journal.close();
    const openLoad = load();
    const opens: number[] = [];
    const openCpuBefore = process.cpuUsage();
    for (let run = 0; run < 3; run += 1) {
      const t0 = performance.now();
      openJournal({ filePath, timeZone: TIME_ZONE, now: () => clock.at }).close();
      opens.push(performance.now() - t0);
    }
    const openCpu = process.cpuUsage(openCpuBefore);
    const openCpuMs = (openCpu.user + openCpu.system) / 1000 / opens.length;
    // The audit chain: the verifier over the whole chain, then its step inside a payment write's commit alone.
    const chainLoad = load();
    const verifies = chainVerifyTimings(filePath, WHOLE_FILE_RUNS);
    const offThreadMs = await chainCheckOffThreadMs(filePath);
    const chainSteps = chainStepTimings(filePath, writtenReferences, () => (clock.at += 1_000));
    const checkLoad = load();
    const wholeChecks: number[] = [];
    // Also the baseline for the support bundle's figure: a job wholly in a worker thread, so the longest block
    // while it runs is what the machine's load and the process's other threads alone cost the event loop.
    let workerOnlyBlockMs = 0;
    for (let run = 0; run < WHOLE_FILE_RUNS; run += 1) {
      const t0 = performance.now();
      const checked = await eventLoopBlock(() => fullCheckOffThread(filePath));
      if (checked.value) throw new Error(`the seeded journal failed its check: ${checked.value}`);
      wholeChecks.push(performance.now() - t0);
      workerOnlyBlockMs = Math.max(workerOnlyBlockMs, checked.maxBlockMs);
    }
    console.log('');
    console.log(
      `Seeded ${PAYMENTS.toLocaleString('en')} payments over ${seeded.days} days (${seeded.firstDay} to ${day}, ${TIME_ZONE}), ${seeded.refunds.toLocaleString('en')} refunds, ${seeded.events.toLocaleString('en')} events, ${seeded.chainEntries.toLocaleString('en')} chain entries in ${(seeded.ms / 1000).toFixed(1)} s (batches of ${BATCH} per commit)${seed.reused ? ', reused from the temp folder' : ''}; copied for this run in ${ms(copyMs)}`,
    );
    console.log(
      `Node ${process.version}, SQLite WAL, synchronous=FULL; each figure: ${QUERY_RUNS} runs after one warm-up; load = the 1-minute load average when it was measured (other work shares the machine)`,
    );
    console.log('');
    const table: string[][] = [['operation', 'p50', 'p99', 'max', 'goal (p50)', 'load', 'result']];
    for (const [label, timing, check, goalMs, loadThen] of rows)
      table.push([
        label,
        ms(timing.p50),
        ms(timing.p99),
        ms(timing.max),
        goalMs === null ? '' : goal(goalMs, timing.p50),
        loadThen,
        check,
      ]);
    for (const [label, samples] of [
      ['durable write: recordAttempt', records],
      ['durable write: updateAttempt', updates],
      ['durable write: record + update', pairs],
    ] as const) {
      const timing = percentiles(samples);
      table.push([label, ms(timing.p50), ms(timing.p99), ms(timing.max), '', writesLoad, `${WRITE_SAMPLES} samples`]);
    }
    table.push([
      'durable write: record + update, CPU',
      `${(cpuPerPairUs / 1000).toFixed(3)} ms`,
      '',
      '',
      '',
      writesLoad,
      `mean of ${WRITE_SAMPLES}, user + system`,
    ]);
    table.push([
      "support bundle: journals' health, longest block",
      ms(health.maxBlockMs),
      '',
      '',
      goal(JOURNAL_GOALS.eventLoopBlockMs, health.maxBlockMs),
      healthLoad,
      `event loop held at most this while it ran; done in ${ms(health.wallMs)}`,
    ]);
    table.push([
      'support bundle: whole zip, longest block',
      ms(bundle.maxBlockMs),
      '',
      '',
      goal(JOURNAL_GOALS.eventLoopBlockMs, bundle.maxBlockMs),
      bundleLoad,
      `done in ${ms(bundle.wallMs)}, ${mb(bundle.value.bytes)}`,
    ]);
    const openTiming = percentiles(opens);
    table.push([
      'open at start (mark, quick_check walk)',
      ms(openTiming.p50),
      '',
      ms(openTiming.max),
      '',
      openLoad,
      `${opens.length} runs, ${mb(dbBytes + walBytes)}, CPU ${ms(openCpuMs)} each`,
    ]);
    const wholeTiming = percentiles(wholeChecks);
    table.push([
      'health check: whole quick_check (worker)',
      ms(wholeTiming.p50),
      '',
      ms(wholeTiming.max),
      '',
      checkLoad,
      `${wholeChecks.length} runs, rows' constraints too, off the event loop`,
    ]);
    table.push([
      '  baseline: longest block while it ran',
      ms(workerOnlyBlockMs),
      '',
      '',
      '',
      checkLoad,
      "nothing on the event loop: the machine's load alone (compare the support bundle's)",
    ]);
    const stepTiming = percentiles(chainSteps.perWriteMs);
    table.push([
      'audit chain: its step in one write',
      ms(stepTiming.p50),
      ms(stepTiming.p99),
      ms(stepTiming.max),
      `≤ ${CHAIN_GOALS.perWriteMs} ms`,
      chainLoad,
      `${chainSteps.perWriteMs.length} samples, added per payment write`,
    ]);
    const verifyTiming = percentiles(verifies.runsMs);
    const verifyCpu = percentiles(verifies.cpuMs);
    const per100k = (value: number): number => (value / verifies.entries) * 100_000;
    table.push([
      'audit chain: verify (walk + every row)',
      ms(verifyTiming.p50),
      '',
      ms(verifyTiming.max),
      `≤ ${CHAIN_GOALS.verify100kMs} ms per 100k`,
      chainLoad,
      `${verifies.runsMs.length} runs, ${verifies.entries.toLocaleString('en')} entries = ${ms(per100k(verifyTiming.p50))} per 100k`,
    ]);
    table.push([
      'audit chain: verify, CPU',
      ms(verifyCpu.p50),
      '',
      ms(verifyCpu.max),
      '',
      chainLoad,
      `user + system = ${ms(per100k(verifyCpu.p50))} per 100k`,
    ]);
    table.push([
      'audit chain: Check this till (worker)',
      ms(offThreadMs),
      '',
      '',
      '',
      chainLoad,
      '1 run: worker start, its own connection, the same verify',
    ]);
    printTable(table, { left: [0, 4, 6] });
    console.log('');
    console.log(
      `file size: ${mb(dbBytes)} database + ${mb(walBytes)} WAL = ${mb(dbBytes + walBytes)} (${((dbBytes + walBytes) / PAYMENTS / 1024).toFixed(2)} KB per payment)`,
    );
  } finally {
    journal.close(); // a no-op when already closed for the open timing
    if (args.has('keep')) console.log(`kept: ${filePath}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

await main();
