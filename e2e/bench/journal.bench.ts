// Payment journal benchmark: seeds a realistic journal (100k payments over ~60 days, with refunds and events)
// through the journal's own API into a temp file, then times what a till does with it.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/journal.bench.ts
//   options: --payments=20000 (smaller seed), --keep (leave the file and print its path)

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { journalFileIn, openJournal } from '../../electron/core/payments/journal/journal.ts';
import { fullCheckOffThread } from '../../electron/core/sqlite/structure-check.ts';
import { chainCheckOffThreadMs, chainStepTimings, chainVerifyTimings, CHAIN_GOALS } from './journal-chain-cost.ts';
import { printTable } from './bench-kit.ts';
import { SEED_BATCH as BATCH, SEED_DAYS as DAYS, seedJournal } from './journal-seed.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value ?? 'true'] as const;
  }),
);
const PAYMENTS = Number(args.get('payments') ?? 100_000);
const TIME_ZONE = 'Asia/Singapore';
const WRITE_SAMPLES = 500;
const QUERY_RUNS = 30;

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

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const filePath = journalFileIn(folder);
  const clock = { at: 0 };
  const journal = openJournal({ filePath, timeZone: TIME_ZONE, now: () => clock.at });
  try {
    console.log(`Seeding ${PAYMENTS.toLocaleString('en')} payments over ${DAYS} days into ${filePath} …`);
    const seeded = seedJournal(journal, clock, PAYMENTS);
    const day = seeded.lastDay;
    const middle = Math.floor(seeded.referenceIds.length / 2);
    const reference = seeded.referenceIds[middle] ?? '';
    const orderId = seeded.providerOrderIds[middle + 1] ?? '';

    // A cursor ~half-way through all payments, reached the way the screen reaches it: page by page.
    let deepCursor: string | undefined;
    const pageSize = 50;
    const deepPage = Math.floor(PAYMENTS / 2 / pageSize);
    for (let page = 0; page < deepPage; page += 1)
      deepCursor = journal.history({ limit: pageSize, cursor: deepCursor }).nextCursor ?? undefined;
    let dayCursor: string | undefined;
    for (let page = 0; page < 20; page += 1)
      dayCursor = journal.history({ day, limit: pageSize, cursor: dayCursor }).nextCursor ?? undefined;

    const rows: [string, Timing, string][] = [];
    const add = (label: string, work: () => unknown, check: string) => rows.push([label, time(work), check]);
    add(
      'history, first page (all days)',
      () => journal.history({ limit: pageSize }),
      `${journal.history({ limit: pageSize }).items.length} rows`,
    );
    add(
      `history, deep page ${deepPage + 1} (all days)`,
      () => journal.history({ limit: pageSize, cursor: deepCursor }),
      `${journal.history({ limit: pageSize, cursor: deepCursor }).items.length} rows`,
    );
    add(
      'history, first page of one day',
      () => journal.history({ day, limit: pageSize }),
      `total ${journal.history({ day, limit: pageSize }).total}`,
    );
    add(
      'history, page 21 of one day',
      () => journal.history({ day, limit: pageSize, cursor: dayCursor }),
      `${journal.history({ day, limit: pageSize, cursor: dayCursor }).items.length} rows`,
    );
    add(
      'history, status=paid, day + customer-qr',
      () => journal.history({ day, status: 'paid', method: 'customer-qr', limit: pageSize }),
      `total ${journal.history({ day, status: 'paid', method: 'customer-qr' }).total}`,
    );
    add(
      'history, status=refunded (all days)',
      () => journal.history({ status: 'refunded', limit: pageSize }),
      `total ${journal.history({ status: 'refunded' }).total}`,
    );
    add(
      'search by reference (whole)',
      () => journal.history({ search: reference }),
      `${journal.history({ search: reference }).total} match`,
    );
    add(
      'search by reference (prefix, 1 day)',
      () => journal.history({ search: reference.slice(0, 15), limit: pageSize }),
      `${journal.history({ search: reference.slice(0, 15) }).total} matches`,
    );
    add(
      'search, broad prefix "TILL01-2026" (all)',
      () => journal.history({ search: 'TILL01-2026', limit: pageSize }),
      `${journal.history({ search: 'TILL01-2026' }).total} matches`,
    );
    add(
      'search by provider order id',
      () => journal.history({ search: orderId.toLowerCase() }),
      `${journal.history({ search: orderId }).total} match`,
    );
    add(
      'payment detail (view, refunds, events)',
      () => journal.detailOf(reference),
      `${journal.detailOf(reference)?.events.length} events`,
    );
    add('day summary', () => journal.daySummary(day, 'SGD'), `paid ${journal.daySummary(day, 'SGD').paid.count}`);
    add(
      'CSV export of one day',
      () => journal.exportCsv(day),
      `${(journal.exportCsv(day).csv.length / 1024).toFixed(0)} KB`,
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

    const dbBytes = fileSize(filePath);
    const walBytes = fileSize(`${filePath}-wal`);
    // A start: the checks that the file is the journal this till wrote (its mark, quick_check's walk of every
    // page and b-tree, the identity), on the full-size file (journal-file.ts); then the health check's whole
    // quick_check, rows' constraints too, in its worker thread (structure-check.ts).
    journal.close();
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
    const verifies = chainVerifyTimings(filePath);
    const offThreadMs = await chainCheckOffThreadMs(filePath);
    const chainSteps = chainStepTimings(filePath, writtenReferences, () => (clock.at += 1_000));
    const wholeChecks: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const t0 = performance.now();
      const problems = await fullCheckOffThread(filePath);
      if (problems) throw new Error(`the seeded journal failed its check: ${problems}`);
      wholeChecks.push(performance.now() - t0);
    }
    console.log('');
    console.log(
      `Seeded ${PAYMENTS.toLocaleString('en')} payments, ${seeded.refunds.toLocaleString('en')} refunds, ${seeded.events.toLocaleString('en')} events in ${(seeded.ms / 1000).toFixed(1)} s (batches of ${BATCH} per commit); last day ${day}, ${TIME_ZONE}`,
    );
    console.log(
      `Node ${process.version}, SQLite WAL, synchronous=FULL; each figure: ${QUERY_RUNS} runs after one warm-up`,
    );
    console.log('');
    const table: string[][] = [['operation', 'p50', 'p99', 'max', 'result']];
    for (const [label, timing, check] of rows)
      table.push([label, ms(timing.p50), ms(timing.p99), ms(timing.max), check]);
    for (const [label, samples] of [
      ['durable write: recordAttempt', records],
      ['durable write: updateAttempt', updates],
      ['durable write: record + update', pairs],
    ] as const) {
      const timing = percentiles(samples);
      table.push([label, ms(timing.p50), ms(timing.p99), ms(timing.max), `${WRITE_SAMPLES} samples`]);
    }
    table.push([
      'durable write: record + update, CPU',
      `${(cpuPerPairUs / 1000).toFixed(3)} ms`,
      '',
      '',
      `mean of ${WRITE_SAMPLES}, user + system`,
    ]);
    const openTiming = percentiles(opens);
    table.push([
      'open at start (mark, quick_check walk)',
      ms(openTiming.p50),
      '',
      ms(openTiming.max),
      `${opens.length} runs, ${mb(dbBytes + walBytes)}, CPU ${ms(openCpuMs)} each`,
    ]);
    const wholeTiming = percentiles(wholeChecks);
    table.push([
      'health check: whole quick_check (worker)',
      ms(wholeTiming.p50),
      '',
      ms(wholeTiming.max),
      `${wholeChecks.length} runs, rows' constraints too, off the event loop`,
    ]);
    const stepTiming = percentiles(chainSteps.perWriteMs);
    table.push([
      'audit chain: its step in one write',
      ms(stepTiming.p50),
      ms(stepTiming.p99),
      ms(stepTiming.max),
      `${chainSteps.perWriteMs.length} samples; goal ≤ ${CHAIN_GOALS.perWriteMs} ms added per payment write`,
    ]);
    const verifyTiming = percentiles(verifies.runsMs);
    const verifyCpu = percentiles(verifies.cpuMs);
    const per100k = (value: number): number => (value / verifies.entries) * 100_000;
    table.push([
      'audit chain: verify (walk + every row)',
      ms(verifyTiming.p50),
      '',
      ms(verifyTiming.max),
      `${verifies.runsMs.length} runs, ${verifies.entries.toLocaleString('en')} entries = ${ms(per100k(verifyTiming.p50))} per 100k; goal ≤ ${CHAIN_GOALS.verify100kMs} ms`,
    ]);
    table.push([
      'audit chain: verify, CPU',
      ms(verifyCpu.p50),
      '',
      ms(verifyCpu.max),
      `user + system = ${ms(per100k(verifyCpu.p50))} per 100k`,
    ]);
    table.push([
      'audit chain: Check this till (worker)',
      ms(offThreadMs),
      '',
      '',
      '1 run: worker start, its own connection, the same verify',
    ]);
    printTable(table, { left: [0, 4] });
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
