// The crash test's checks (core/payments/crash.slow.test.ts), read in the parent between lives: what the journal
// holds after a kill, the journal against the sandbox's truth once recovery has finished, and the step of a
// refund of the other till's payment a kill landed in. Pure reads of the journal file and the sandbox; they assert
// nothing themselves, so the test can label what they find.

import type { PaymentView } from '../../shared/payments.ts';
import type { RunningSandbox } from '../sandbox/server.ts';
import { journalFileIn, openJournal, type Journal } from '../core/payments/journal/index.ts';
import { sandboxOrders, type SandboxOrder } from '../core/payments/payment-service.test-helper.ts';
import { OTHER_TERMINAL_POS_ID, type LookedUpPhase } from './crash-child.ts';
import { registerProblemsIn } from './crash-register.ts';

export interface JournalSnapshot {
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

export function snapshot(dataDir: string): JournalSnapshot {
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  try {
    const payments = allPayments(journal);
    const refunds = journal.unsettledRefunds();
    const cancels = journal.unsettledCancels();
    const unsettledRows =
      payments.filter((p) => p.state === 'sending' || p.state === 'checking').length + refunds.length + cancels.length;
    const inFlight =
      payments.filter((p) => p.state === 'sending').length +
      refunds.filter((r) => r.state === 'sending').length +
      cancels.filter((c) => c.state === 'sending').length;
    return { payments, inFlight, unsettledRows };
  } finally {
    journal.close();
  }
}

export interface Comparison {
  readonly payments: PaymentView[];
  /** The other till's sales at the provider, and those this journal holds (refunded here). */
  readonly lookedUpOrders: number;
  readonly lookedUpRows: number;
  readonly orders: SandboxOrder[];
  readonly unsettledRows: number;
  readonly problems: string[];
  /** Register sales whose answer the register got (first time or by a replay after a kill). */
  readonly registerSales: number;
  /** Register requests answered only when sent again, after a kill swallowed the first answer. */
  readonly registerReplays: number;
}

/** journal == sandbox truth, read once a settle life has let recovery finish: every row final, nothing lost,
 * nothing phantom, nothing twice. Returns the problems rather than asserting, so the caller can label them. */
export async function compareWithProvider(dataDir: string, sandbox: RunningSandbox): Promise<Comparison> {
  const { payments, unsettledRows } = snapshot(dataDir);
  const orders = await sandboxOrders(sandbox);
  const orderByRef = new Map<string, SandboxOrder>(orders.map((o) => [o.referenceId, o]));
  const rowByRef = new Map(payments.map((p) => [p.referenceId, p]));
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  const problems: string[] = [];
  let lookedUpOrders = 0;
  let lookedUpRows = 0;
  try {
    if (unsettledRows > 0) problems.push(`${unsettledRows} rows still open after the settle life`);
    for (const payment of payments) {
      if (payment.state !== 'final' && payment.state !== 'not-sent')
        problems.push(`${payment.referenceId} not final: ${payment.state}`);
      for (const cancel of journal.cancelsOf(payment.referenceId))
        if (cancel.state !== 'done') problems.push(`${cancel.cancelId} not done`);
    }
    // No duplicate: one row per referenceId, one order per referenceId, each consumer code used once.
    if (rowByRef.size !== payments.length) problems.push('duplicate journal rows');
    if (orderByRef.size !== orders.length) problems.push('duplicate sandbox orders');
    const codes = orders.filter((o) => o.consumerCode !== null).map((o) => o.consumerCode);
    if (new Set(codes).size !== codes.length) problems.push('a consumer code was charged twice');
    // No lost: every order at the provider is in the journal with the same status, amount and refunds. The
    // other till's sales are this journal's only once this till refunded them (origin looked-up); every refund
    // at the provider is this till's (the other till never refunds here).
    for (const order of orders) {
      const row = rowByRef.get(order.referenceId);
      const otherTills = (order as SandboxOrder & { posId: string }).posId === OTHER_TERMINAL_POS_ID;
      if (otherTills) lookedUpOrders += 1;
      if (!row) {
        if (!otherTills || order.refunds.length > 0)
          problems.push(`lost: ${order.referenceId} ${order.status}${otherTills ? ' (refunded here)' : ''}`);
        continue;
      }
      if (row.origin !== (otherTills ? 'looked-up' : 'taken-here'))
        problems.push(`${order.referenceId} origin ${String(row.origin)}`);
      if (otherTills) lookedUpRows += 1;
      const refundPosIds = (order.refunds as readonly { posId?: string | null }[]).map((r) => r.posId);
      if (refundPosIds.some((posId) => posId !== 'POS-DEMO-1'))
        problems.push(`${order.referenceId} refunded as ${refundPosIds.join(',')}, not as this till`);
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
        if (ours !== theirs)
          problems.push(`${order.referenceId} ${what}: journal ${String(ours)} vs provider ${String(theirs)}`);
      }
      if (refunds.some((r) => r.state !== 'succeeded' && r.state !== 'failed'))
        problems.push(`${order.referenceId} has an unsettled refund`);
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
  // The register's memory (crash-register.ts) against the journal: each answered request names the payment its
  // Idempotency-Key recorded, and no register payment exists that no answered request made.
  const register = registerProblemsIn(dataDir, payments);
  problems.push(...register.problems);

  return {
    payments,
    orders,
    unsettledRows,
    problems,
    lookedUpOrders,
    lookedUpRows,
    registerSales: register.creates,
    registerReplays: register.answeredAfterReplay,
  };
}

/** Where in a refund of the other till's payment a kill landed (see crash-child.ts LookedUpPhase). */
export const KILL_STEPS = {
  sale: 'while the other till was selling it',
  lookup: 'during the lookup (nothing recorded yet)',
  send: 'during the send (written ahead; the provider had not acted)',
  answer: 'during the answer (the provider had acted; its answer not recorded)',
  answered: 'after the answer was recorded',
  checking: 'while its lost answer was being settled',
} as const;
export type KillStep = keyof typeof KILL_STEPS;

/**
 * The step the life died in: its last phase line, checked against what the journal holds (a kill can land
 * between a commit and the phase line that follows it), and for a send, whether the provider had acted on it.
 */
export async function killStep(
  life: { readonly phase: { readonly name: LookedUpPhase; readonly referenceId: string } | null },
  dataDir: string,
  sandbox: RunningSandbox,
): Promise<KillStep> {
  const phase = life.phase;
  if (phase === null) return 'sale';
  if (phase.name !== 'lookup' && phase.name !== 'sending') return phase.name;
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  let ours;
  try {
    ours = journal.refundsOf(phase.referenceId);
  } finally {
    journal.close();
  }
  const last = ours.at(-1);
  if (last === undefined) return 'lookup';
  if (last.state === 'succeeded' || last.state === 'failed') return 'answered';
  if (last.state === 'checking') return 'checking';
  const response = await fetch(`${sandbox.origin}/_sandbox/orders/${phase.referenceId}`);
  const theirs = ((await response.json()) as Partial<SandboxOrder>).refunds?.length ?? 0;
  return theirs >= ours.filter((refund) => refund.state !== 'failed').length ? 'answer' : 'send';
}
