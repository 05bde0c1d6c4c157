// The crash test's child process (core/payments/crash.slow.test.ts): the real payment service and journal, run under
// plain Node, doing payment cycles against the sandbox in the parent process, playing the consumer through the
// sandbox's control API. The parent SIGKILLs it at random moments and starts it again; every start runs recovery. Modes
// (CRASH_MODE):
//   cycles  run payment cycles until killed; prints `ready`, `cycle <kind>` and `done <kind> <status>` lines,
//           and, for refunds of the other till's payments, `phase <phase> <referenceId>` as each step begins
//           (LookedUpPhase): stdout to a pipe is written synchronously, so the last phase line the parent
//           reads after a SIGKILL is where the child was when it died. CRASH_FIRST_CYCLE picks the first cycle.
//   settle  only recovery: wait until nothing is open or unresolved, print `settled <json>`, exit 0
//
// Run: node --experimental-strip-types --no-warnings=ExperimentalWarning electron/testing/crash-child.ts

import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { PaymentHandlers } from '../core/payments/payment-module.ts';
import type { PaymentDetail, PaymentView, RefundView } from '../../shared/payments.ts';
import { PosError } from '../../shared/errors.ts';
import { EMBEDDED_BASE_PATH } from '../core/instore/profiles.ts';
import { EMBEDDED_TOKENIZED_BASE_PATH } from '../core/tokenized/wire.ts';
import { createPaymentModule } from '../core/payments/payment-service.ts';
import { money } from '../../shared/money.ts';
import {
  openTestContext,
  otherTerminalClient,
  TEST_SUPERVISOR_PIN,
} from '../core/payments/payment-test-context.test-helper.ts';
import { startCrashRegister, withEventBus } from './crash-register-till.ts';
import type { CrashRegister } from './crash-register.ts';
import { sleep } from './helpers.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`crash-child: ${name} is not set`);
  return value;
};

// Read in main(): importing this file (the bare-Node import check does) must do nothing.
let origin = '';
let random: () => number = Math.random;
let register: CrashRegister | null = null;

/** Seeded, so a failing run can be replayed with the same CRASH_SEED. */
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

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function consumer(path: string, body: unknown): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${origin}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return response.ok ? json : null;
}

/**
 * Where a refund of the other till's payment is: `sale` (that till is still selling it), `lookup` (this till
 * looks it up and reads the refund's baseline: nothing of it recorded here yet), `sending` (the refund is
 * written ahead and its request is out), `answered` (the provider's answer is recorded; the till reads the
 * order back, or goes on to refund the rest), `checking` (the answer was lost: the till is settling it).
 */
export const LOOKED_UP_PHASES = ['sale', 'lookup', 'sending', 'answered', 'checking'] as const;
export type LookedUpPhase = (typeof LOOKED_UP_PHASES)[number];

/** The looked-up payment whose refund.updated events are phases (one cycle at a time). */
let phaseOf: string | null = null;
const phase = (name: LookedUpPhase, referenceId: string): void => say(`phase ${name} ${referenceId}`);

/** The refund's own events say when it was written ahead and when its answer was recorded. */
function reportRefundPhase(refund: RefundView): void {
  if (refund.referenceId !== phaseOf) return;
  if (refund.state === 'sending') phase('sending', refund.referenceId);
  else if (refund.state === 'checking') phase('checking', refund.referenceId);
  else phase('answered', refund.referenceId);
}

async function waitUntil(
  h: PaymentHandlers,
  referenceId: string,
  done: (detail: PaymentDetail) => boolean,
  timeoutMs = 4_000,
): Promise<PaymentDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await h['payments.get']({ referenceId });
    if (done(detail) || Date.now() > until) return detail;
    await sleep(25);
  }
}

const settledPayment = (d: PaymentDetail) => d.payment.state === 'final' || d.payment.state === 'not-sent';
const amount = (): number => 100 + Math.floor(random() * 4_900);

async function maybeRefund(h: PaymentHandlers, view: PaymentView): Promise<void> {
  const detail = await waitUntil(h, view.referenceId, settledPayment);
  if (detail.payment.displayStatus !== 'paid' || random() < 0.5) return;
  const total = detail.payment.refundable.amountMinor;
  const partial = random() < 0.5 ? Math.max(1, Math.floor(total / 3)) : undefined;
  await h['payments.refund']({
    referenceId: view.referenceId,
    amountMinor: partial,
    reason: 'crash test refund',
    supervisorPin: TEST_SUPERVISOR_PIN,
  });
  if (partial !== undefined && random() < 0.5) {
    await waitUntil(h, view.referenceId, (d) =>
      d.refunds.every((r) => r.state === 'succeeded' || r.state === 'failed'),
    );
    await h['payments.refund']({
      referenceId: view.referenceId,
      reason: 'crash test refund (rest)',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
  }
}

/** The other till of the shop (same merchant, its own posId): see core/payments/crash.slow.test.ts. */
export const OTHER_TERMINAL_POS_ID = 'POS-DEMO-2';

/**
 * A sale at the shop's other till, straight through the provider's API with the merchant's credentials (that
 * till's own journal is not part of this test), paid by the consumer. Its reference is that till's.
 */
async function paidAtOtherTill(): Promise<string> {
  const referenceId = `TILL02-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomUUID().slice(0, 8).toUpperCase()}`;
  phase('sale', referenceId);
  const otherTill = otherTerminalClient(
    { origin, instoreBaseUrl: origin + EMBEDDED_BASE_PATH, tokenizedBaseUrl: origin + EMBEDDED_TOKENIZED_BASE_PATH },
    OTHER_TERMINAL_POS_ID,
  );
  await otherTill.createOrder(
    { referenceId, amount: money(amount(), 'SGD'), qrType: 'payload' },
    { idempotencyKey: randomUUID() },
  );
  await consumer('/consumer/confirm', { referenceId });
  const until = Date.now() + 4_000;
  while (Date.now() < until) {
    const truth = (await (await fetch(`${origin}/_sandbox/orders/${referenceId}`)).json()) as { status?: string };
    if (truth.status === 'CAPTURED') break;
    await sleep(25);
  }
  return referenceId;
}

const CYCLES = {
  /**
   * A customer brings the other till's receipt: this till looks the payment up by its reference (a kill here
   * leaves nothing recorded), then refunds part or all of it, sometimes the rest too: recorded write-ahead with
   * the looked-up payment, sent as this till's posId (a kill during the send or its answer leaves it to recovery).
   */
  async lookedUpRefund(h: PaymentHandlers): Promise<PaymentView> {
    const referenceId = await paidAtOtherTill();
    phaseOf = referenceId;
    phase('lookup', referenceId);
    const found = await h['payments.get']({ referenceId });
    if (found.payment.origin !== 'looked-up')
      throw new Error(`${referenceId} should be looked up, is ${String(found.payment.origin)}`);
    const total = found.payment.refundable.amountMinor;
    const partial = random() < 0.5 ? Math.max(1, Math.floor(total / 3)) : undefined;
    await h['payments.refund']({
      referenceId,
      amountMinor: partial,
      reason: 'crash test refund of another till',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    if (partial !== undefined && random() < 0.5) {
      await waitUntil(h, referenceId, (d) => d.refunds.every((r) => r.state === 'succeeded' || r.state === 'failed'));
      await h['payments.refund']({
        referenceId,
        reason: 'crash test refund of another till (rest)',
        supervisorPin: TEST_SUPERVISOR_PIN,
      });
    }
    return found.payment;
  },

  async merchantPaid(h: PaymentHandlers): Promise<PaymentView> {
    const view = await h['payments.chargeMerchantQr']({ amountMinor: amount(), currency: 'SGD' });
    const ready = await waitUntil(
      h,
      view.referenceId,
      (d) => d.payment.state !== 'sending' && d.payment.state !== 'checking',
    );
    if (ready.payment.qrPayload) await consumer('/consumer/scan', { qrPayload: ready.payment.qrPayload });
    await consumer('/consumer/confirm', { referenceId: view.referenceId });
    await maybeRefund(h, view);
    return view;
  },
  async merchantDeclined(h: PaymentHandlers): Promise<PaymentView> {
    const view = await h['payments.chargeMerchantQr']({ amountMinor: amount(), currency: 'SGD' });
    await waitUntil(h, view.referenceId, (d) => d.payment.state !== 'sending' && d.payment.state !== 'checking');
    await consumer('/consumer/decline', { referenceId: view.referenceId, reason: 'CONSUMER_DECLINED' });
    return view;
  },
  async merchantCancelled(h: PaymentHandlers): Promise<PaymentView> {
    const view = await h['payments.chargeMerchantQr']({ amountMinor: amount(), currency: 'SGD' });
    await waitUntil(h, view.referenceId, (d) => d.payment.state !== 'sending' && d.payment.state !== 'checking');
    // Sometimes the customer scans first: a cancel of a PENDING order is still allowed.
    if (view.qrPayload && random() < 0.3) await consumer('/consumer/scan', { qrPayload: view.qrPayload });
    await h['payments.cancel']({ referenceId: view.referenceId, reason: 'crash test cancel' });
    return view;
  },
  /**
   * A sale the shop's register started over the register connection (crash-register.ts): killed between its
   * request and the answer, the register sends it again with the same Idempotency-Key at the next start.
   */
  async registerSale(h: PaymentHandlers): Promise<PaymentView> {
    const referenceId = await register!.sale(h, random, {
      mintCode: async () => {
        const minted = await consumer('/consumer-codes', { behaviour: 'approve' });
        return (minted?.codes as string[])[0]!;
      },
      scan: async (qrPayload) => void (await consumer('/consumer/scan', { qrPayload })),
      confirm: async (referenceId) => void (await consumer('/consumer/confirm', { referenceId })),
    });
    if (referenceId === null) throw new PosError('ecr.busy');
    const detail = await h['payments.get']({ referenceId }).catch(() => null);
    // A customer-QR sale called off before its scan has no payment: nothing to follow.
    if (!detail) throw new PosError('ecr.sale-cancelled');
    return detail.payment;
  },
  async customerPaid(h: PaymentHandlers): Promise<PaymentView> {
    const minted = await consumer('/consumer-codes', { behaviour: 'approve' });
    const code = (minted?.codes as string[] | undefined)?.[0];
    if (!code) throw new Error('no consumer code minted');
    const view = await h['payments.chargeCustomerQr']({ amountMinor: amount(), currency: 'SGD', consumerCode: code });
    await maybeRefund(h, view);
    return view;
  },
} as const;

type CycleKind = keyof typeof CYCLES;
const KINDS: readonly [CycleKind, number][] = [
  ['merchantPaid', 0.2],
  ['customerPaid', 0.2],
  ['registerSale', 0.2],
  ['lookedUpRefund', 0.2],
  ['merchantCancelled', 0.1],
  ['merchantDeclined', 0.1],
];

function pickKind(): CycleKind {
  const first = process.env.CRASH_FIRST_CYCLE;
  if (first !== undefined && Object.hasOwn(CYCLES, first)) {
    delete process.env.CRASH_FIRST_CYCLE;
    return first as CycleKind;
  }
  let draw = random();
  for (const [kind, weight] of KINDS) {
    if (draw < weight) return kind;
    draw -= weight;
  }
  return 'merchantPaid';
}

async function main(): Promise<void> {
  origin = env('CRASH_SANDBOX_ORIGIN');
  random = mulberry32(Number(env('CRASH_SEED')));
  const mode = env('CRASH_MODE');
  const test = await openTestContext({
    onEvent: (event, payload) => {
      if (event === 'refund.updated') reportRefundPhase(payload as RefundView);
    },
    dataDir: env('CRASH_DATA_DIR'),
    sandbox: {
      origin,
      instoreBaseUrl: origin + EMBEDDED_BASE_PATH,
      tokenizedBaseUrl: origin + EMBEDDED_TOKENIZED_BASE_PATH,
    },
  });
  const events = withEventBus(test.context);
  const module = await createPaymentModule({
    client: { timeouts: { connectMs: 300, readMs: 500 }, retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 60 } },
    schedule: { firstDelayMs: 40, steps: [[0, 80]] },
    settleMs: Number(env('CRASH_SETTLE_MS')),
    orderLifetimeMs: Number(env('CRASH_ABANDON_MS')),
    statusRequestsPerSecond: 60,
    checkDelays: { baseMs: 50, maxMs: 300 },
    timeZone: 'UTC',
  })(events.context);
  const h = module.handlers;
  const till = await startCrashRegister({
    dataDir: env('CRASH_DATA_DIR'),
    test,
    module,
    subscribe: events.subscribe,
    say,
  });
  register = till.register;
  say('ready');

  if (mode === 'settle') {
    await register.recover();
    const until = Date.now() + 30_000;
    for (;;) {
      const counts = module.counts();
      if (counts.pendingCount === 0 && counts.unresolvedCount === 0) break;
      if (Date.now() > until) {
        say(`unsettled ${JSON.stringify({ counts, unresolved: await h['payments.unresolved']({}) })}`);
        process.exit(2);
      }
      await sleep(50);
    }
    await till.close();
    await module.close();
    await test.close();
    say('settled');
    process.exit(0);
  }

  for (;;) {
    const kind = pickKind();
    phaseOf = null;
    say(`cycle ${kind}`);
    try {
      const view = await CYCLES[kind](h);
      const detail = await waitUntil(h, view.referenceId, settledPayment, 2_000);
      say(`done ${kind} ${detail.payment.displayStatus}`);
    } catch (error) {
      // A refusal the cashier would read (a cancel that came too late, a refund still confirming…): the
      // cycle ends there, like at a real counter.
      say(`refused ${kind} ${error instanceof PosError ? error.code : String(error)}`);
    }
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `crash-child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
