import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/domain.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/server.ts';
import { journalFileIn, openJournal, type Journal } from '../journal/index.ts';
import { sandboxOrders, setFaults, type SandboxOrder } from './payment-service.test-helper.ts';

// The crash test. A child process runs the real payment service on a real journal file and does payment
// cycles (merchant QR paid / declined / cancelled, customer QR paid, refunds), playing the consumer through
// the sandbox that runs here, in the parent. The parent SIGKILLs the child at random (seeded) moments — the
// sandbox adds latency to every request, so many kills land while a request is in flight — and starts it
// again; every start runs recovery. At the end a last child only recovers until nothing is open, and the
// journal must equal the sandbox's truth: nothing lost, nothing phantom, nothing twice.
//
// CRASH_CYCLES (default 200) and CRASH_SEED replay or stretch a run.

const CHILD = join(import.meta.dirname, 'crash-child.ts');
const TARGET_CYCLES = Number(process.env.CRASH_CYCLES ?? 200);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_121);
const ABANDON_MS = 1_500;
const SETTLE_MS = 1_200;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Life {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;
  /** Lines seen so far, for counting cycles. */
  onLine: ((line: string) => void) | null;
}

function startChild(dataDir: string, sandbox: RunningSandbox, mode: 'cycles' | 'settle', seed: number): Life {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', CHILD], {
    env: {
      ...process.env,
      CRASH_SANDBOX_ORIGIN: sandbox.origin,
      CRASH_DATA_DIR: dataDir,
      CRASH_MODE: mode,
      CRASH_SEED: String(seed),
      CRASH_SETTLE_MS: String(SETTLE_MS),
      CRASH_ABANDON_MS: String(ABANDON_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const life: Life = {
    child,
    lines,
    ready,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    onLine: null,
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (line === 'ready') markReady();
    life.onLine?.(line);
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  void life.exited.then(() => {
    markReady();
    if (stderr.trim()) lines.push(`stderr: ${stderr.trim()}`);
  });
  return life;
}

interface JournalSnapshot {
  readonly payments: PaymentView[];
  /** Attempts, refunds and cancels recorded but with no answer recorded: the kill hit a request in flight. */
  readonly inFlight: number;
  readonly unsettledRows: number;
}

function allPayments(journal: Journal): PaymentView[] {
  const views: PaymentView[] = [];
  let cursor: string | undefined;
  do {
    const page = journal.history({ limit: 200, cursor });
    views.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return views;
}

function snapshot(dataDir: string): JournalSnapshot {
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  try {
    const payments = allPayments(journal);
    const refunds = journal.unsettledRefunds();
    const cancels = journal.unsettledCancels();
    const unsettledRows = payments.filter((p) => p.state === 'sending' || p.state === 'checking').length + refunds.length + cancels.length;
    const inFlight =
      payments.filter((p) => p.state === 'sending').length + refunds.filter((r) => r.state === 'sending').length + cancels.filter((c) => c.state === 'sending').length;
    return { payments, inFlight, unsettledRows };
  } finally {
    journal.close();
  }
}

let sandbox: RunningSandbox | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`survives SIGKILL at random points across ${TARGET_CYCLES} payment cycles: journal == provider truth`, { timeout: 240_000 }, async () => {
  const started = Date.now();
  const random = mulberry32(SEED);
  sandbox = await startSandbox({ abandonAfterMs: ABANDON_MS, confirmDelayMs: 120, seed: SEED, webhookRetryBaseMs: 60_000 });
  dataDir = mkdtempSync(join(tmpdir(), 'payments-crash-'));

  let cycles = 0;
  let completed = 0;
  let kills = 0;
  let killsWithRequestInFlight = 0;
  let killsWhileResolving = 0;
  let life = 0;
  const outcomes = new Map<string, number>();
  while (cycles < TARGET_CYCLES) {
    life += 1;
    const child = startChild(dataDir, sandbox, 'cycles', SEED + life);
    child.onLine = (line) => {
      if (line.startsWith('cycle ')) cycles += 1;
      if (line.startsWith('done ') || line.startsWith('refused ')) {
        completed += 1;
        const key = line.split(' ').slice(0, 1).concat(line.split(' ').slice(2)).join(' ');
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    };
    // Each life sees its own network: the longer requests take, the likelier a kill lands in the middle of one;
    // now and then requests also fail outright, so some outcomes are already unknown when the kill comes.
    await setFaults(sandbox, {
      latencyMs: 20 + Math.floor(random() * 100),
      resetNext: random() < 0.25 ? 2 : 0,
      fail5xxNext: random() < 0.2 ? 2 : 0,
      dropAfterActNext: random() < 0.2 ? 1 : 0,
    });
    await child.ready;
    // Live 0.1–1.3 s, then die without warning.
    await new Promise((resolve) => setTimeout(resolve, 100 + random() * 1_200));
    child.child.kill('SIGKILL');
    const code = await child.exited;
    // A child that died by itself (not our kill) is a failure of the service, not a crash we caused.
    expect(code, child.lines.slice(-20).join('\n')).toBeNull();
    kills += 1;
    const afterKill = snapshot(dataDir);
    if (afterKill.inFlight > 0) killsWithRequestInFlight += 1;
    else if (afterKill.unsettledRows > 0) killsWhileResolving += 1;
  }

  // Last life: recovery only, until nothing is open or unresolved.
  const settle = startChild(dataDir, sandbox, 'settle', SEED);
  const settleCode = await settle.exited;
  expect(settleCode, settle.lines.join('\n')).toBe(0);

  // ---- journal == sandbox truth ----
  const { payments, unsettledRows } = snapshot(dataDir);
  const orders = await sandboxOrders(sandbox);
  const orderByRef = new Map<string, SandboxOrder>(orders.map((o) => [o.referenceId, o]));
  const rowByRef = new Map(payments.map((p) => [p.referenceId, p]));
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  const problems: string[] = [];
  try {
    expect(unsettledRows).toBe(0);
    for (const payment of payments) {
      if (payment.state !== 'final' && payment.state !== 'not-sent') problems.push(`${payment.referenceId} not final: ${payment.state}`);
      for (const cancel of journal.cancelsOf(payment.referenceId)) if (cancel.state !== 'done') problems.push(`${cancel.cancelId} not done`);
    }
    // No duplicate: one row per referenceId, one order per referenceId, each consumer code used once.
    if (rowByRef.size !== payments.length) problems.push('duplicate journal rows');
    if (orderByRef.size !== orders.length) problems.push('duplicate sandbox orders');
    const codes = orders.filter((o) => o.consumerCode !== null).map((o) => o.consumerCode);
    if (new Set(codes).size !== codes.length) problems.push('a consumer code was charged twice');
    // No lost: every order at the provider is in the journal with the same status, amount and refunds.
    for (const order of orders) {
      const row = rowByRef.get(order.referenceId);
      if (!row) {
        problems.push(`lost: ${order.referenceId} ${order.status}`);
        continue;
      }
      const refunds = journal.refundsOf(order.referenceId);
      const succeeded = refunds.filter((r) => r.state === 'succeeded');
      const facts = {
        status: [row.providerStatus, order.status],
        amount: [row.amount.amountMinor, order.orderAmount],
        refunded: [row.refunded.amountMinor, order.refundAmount],
        refundCount: [succeeded.length, order.refunds.length],
        refundAmounts: [succeeded.map((r) => r.amountMinor).join(','), order.refunds.map((r) => r.amount).join(',')],
      };
      for (const [what, [ours, theirs]] of Object.entries(facts)) {
        if (ours !== theirs) problems.push(`${order.referenceId} ${what}: journal ${String(ours)} vs provider ${String(theirs)}`);
      }
      if (refunds.some((r) => r.state !== 'succeeded' && r.state !== 'failed')) problems.push(`${order.referenceId} has an unsettled refund`);
    }
    // No phantom: a journal row claims an order only if the provider has it.
    for (const payment of payments) {
      if (orderByRef.has(payment.referenceId)) continue;
      const claimsOrder = payment.state !== 'not-sent' && payment.providerStatus !== null;
      if (claimsOrder) problems.push(`phantom: ${payment.referenceId} ${payment.providerStatus}`);
    }
  } finally {
    journal.close();
  }

  const byStatus: Record<string, number> = {};
  for (const payment of payments) byStatus[payment.displayStatus] = (byStatus[payment.displayStatus] ?? 0) + 1;
  const refundCount = orders.reduce((n, o) => n + o.refunds.length, 0);
  console.log(
    [
      `crash test (seed ${SEED}):`,
      `  cycles started ${cycles}, finished in the same life ${completed}`,
      `  kills ${kills}: ${killsWithRequestInFlight} with a write in flight (row still 'sending'), ${killsWhileResolving} more while an outcome was being resolved`,
      `  recoveries ${kills} restarts + 1 final settle`,
      `  journal rows ${payments.length} by final state ${JSON.stringify(byStatus)}`,
      `  provider orders ${orders.length}, refunds ${refundCount}`,
      `  cycle outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
      `  time ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join('\n'),
  );
  expect(problems).toEqual([]);
  expect(cycles).toBeGreaterThanOrEqual(TARGET_CYCLES);
  expect(kills).toBeGreaterThan(0);
  expect(killsWithRequestInFlight).toBeGreaterThan(0);
});
