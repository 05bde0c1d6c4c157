import { expect, onTestFinished } from 'vitest';
import type { Handlers } from '../../../shared/contract.ts';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/server.ts';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import type { DayReportChannel, PaymentHandlers, PaymentModule } from './payment-module.ts';
import { createPaymentModule, type PaymentServiceOptions } from './payment-service.ts';
import { openTestContext, type TestContext } from './payment-test-context.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// Test support for the payment service against the real embedded sandbox over real sockets, with a real
// journal file in a temp folder. Clocks are shortened so that timeouts and settle times fit in a test.

/** Client attempt deadline = connect + read = 500 ms; settle 1.5 s covers the slowest injected latency (800 ms). */
export const FAST: PaymentServiceOptions = {
  client: { timeouts: { connectMs: 200, readMs: 300 }, retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 40 } },
  schedule: { firstDelayMs: 40, steps: [[0, 80]] },
  settleMs: 1_500,
  statusRequestsPerSecond: 100,
  checkDelays: { baseMs: 40, maxMs: 250 },
  closeGraceMs: 500,
  // Local days equal UTC days, so a test can derive "today" from an ISO time.
  timeZone: 'UTC',
};

export interface Harness {
  readonly sandbox: RunningSandbox;
  readonly test: TestContext;
  readonly module: PaymentModule;
  /** The module's handlers, and its day figures under their channel names (in the app the day report serves those). */
  readonly h: PaymentHandlers & Pick<Handlers, DayReportChannel>;
  readonly dataDir: string;
}

export async function openHarness(
  options: PaymentServiceOptions = {},
  sandboxOptions: SandboxOptions = {},
): Promise<Harness> {
  const sandbox = await startSandbox({ confirmDelayMs: 300, seed: 11, ...sandboxOptions });
  const dataDir = tempFolder('payments-test-');
  const test = await openTestContext({ dataDir, sandbox });
  const module = await createPaymentModule({ ...FAST, ...options })(test.context);
  onTestFinished(async () => {
    await module.close();
    await test.close();
    await sandbox.close();
    removeFolder(dataDir);
  });
  const h = {
    ...module.handlers,
    'payments.summary': ({ day }: { day: string }) => module.daySummary(day),
    'payments.exportCsv': ({ day }: { day: string }) => module.exportCsv(day),
  };
  return { sandbox, test, module, h, dataDir };
}

export interface SandboxOrder {
  readonly referenceId: string;
  readonly status: string;
  readonly orderAmount: number;
  readonly refundAmount: number;
  readonly refunds: readonly { amount: number }[];
  readonly method: string;
  readonly qrPayload: string | null;
  readonly consumerCode: string | null;
  readonly webhookUrl: string | null;
  readonly failureReason: string | null;
}

export async function sandboxOrders(sandbox: RunningSandbox): Promise<SandboxOrder[]> {
  const result = await controlCall(sandbox, 'GET', '/orders');
  return result.body.orders as SandboxOrder[];
}

export async function control(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const result = await controlCall(sandbox, method, path, body);
  if (result.status !== 200)
    throw new Error(`control ${method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export async function mintCode(
  sandbox: RunningSandbox,
  behaviour: 'approve' | 'decline' | 'confirm' = 'approve',
): Promise<string> {
  const body = await control(sandbox, 'POST', '/consumer-codes', { behaviour });
  return (body.codes as string[])[0]!;
}

export async function setFaults(sandbox: RunningSandbox, faults: Record<string, unknown>): Promise<void> {
  await control(sandbox, 'POST', '/faults', faults);
}

/** Polls payments.get until `done` holds (or fails with the last detail seen). */
export async function waitForDetail(
  h: Pick<Handlers, 'payments.get'>,
  referenceId: string,
  done: (detail: PaymentDetail) => boolean,
  timeoutMs = 10_000,
): Promise<PaymentDetail> {
  let detail: PaymentDetail | undefined;
  return waitFor(
    async () => {
      detail = await h['payments.get']({ referenceId });
      return done(detail) ? detail : undefined;
    },
    timeoutMs,
    () =>
      `payment ${referenceId}; last seen: ${JSON.stringify({ payment: detail?.payment, refunds: detail?.refunds })}`,
  );
}

export const isSettled = (detail: PaymentDetail): boolean =>
  (detail.payment.state === 'final' || detail.payment.state === 'not-sent') &&
  detail.refunds.every((r) => r.state === 'succeeded' || r.state === 'failed');

/**
 * The journal agrees with the sandbox about one order: one order, same status, amount and refund total; every
 * refund the sandbox holds is one of ours except those `elsewhere` says were made outside this till, and only
 * their amount shows as refunded elsewhere (none by default: ours must never be taken for one made elsewhere).
 */
export async function expectJournalMatchesSandbox(
  harness: Harness,
  referenceId: string,
  elsewhere: { readonly refunds: number; readonly minor: number } = { refunds: 0, minor: 0 },
): Promise<SandboxOrder> {
  const orders = (await sandboxOrders(harness.sandbox)).filter((o) => o.referenceId === referenceId);
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  const detail = await harness.h['payments.get']({ referenceId });
  expect(detail.payment.providerStatus).toBe(order.status);
  expect(detail.payment.amount.amountMinor).toBe(order.orderAmount);
  expect(detail.payment.refunded.amountMinor).toBe(order.refundAmount);
  expect(detail.payment.refundedElsewhere?.amountMinor).toBe(elsewhere.minor);
  expect(detail.refunds.filter((r) => r.state === 'succeeded')).toHaveLength(order.refunds.length - elsewhere.refunds);
  return order;
}

/** Consecutive duplicates removed: the statuses a screen would have shown, in order. */
export function shownStatuses(harness: Harness, referenceId: string): string[] {
  const shown: string[] = [];
  for (const view of harness.test.payments) {
    if (view.referenceId !== referenceId) continue;
    if (shown.at(-1) !== view.displayStatus) shown.push(view.displayStatus);
  }
  return shown;
}
