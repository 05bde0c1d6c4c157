import type { Page as HistoryPage } from '../../shared/payment-history.ts';
import type { PaymentView } from '../../shared/payments.ts';
import type { PreviewHost } from '../fixtures/preview-host.ts';
import { hostCall, sandboxCall, sleep } from './bench-kit.ts';
import { REFUND_MINOR, type SaleOutcome } from './soak-sales.ts';

// The soak's last word: the provider's records (the sandbox's own truth, GET /_sandbox/orders) against the
// till's journal (payments.history, every page), and both against what the till told the register and the
// screen at the time. Every order, refund and cancel must agree; none lost (at the provider, not in the
// journal), none invented (in the journal as sent, unknown to the provider), none doubled (two orders for one
// sale, two refunds for one).

interface ProviderOrder {
  readonly referenceId: string;
  readonly status: string;
  readonly orderAmount: number;
  readonly refundAmount: number;
  readonly refunds: readonly { readonly amount: number }[];
}

export interface Ledger {
  readonly orders: number;
  readonly refunds: number;
  readonly cancels: number;
  readonly journalPayments: number;
  readonly disagreements: readonly string[];
}

/** What the till told the caller, as the journal would call it (a partial refund leaves a sale paid). */
const FINAL_SAID = new Map([
  ['paid', 'CAPTURED'],
  ['cancelled', 'CANCELLED'],
  ['failed', 'FAILED'],
  ['refunded', 'REFUNDED'],
]);

export async function journalPayments(host: PreviewHost): Promise<PaymentView[]> {
  const all: PaymentView[] = [];
  let cursor: string | undefined;
  do {
    const page = await hostCall<HistoryPage<PaymentView>>(host, 'payments.history', { limit: 200, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** Waits until the till has nothing left to find out (late webhooks, lookups after a lost answer). */
export async function untilQuiet(host: PreviewHost, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let open = 0;
  while (Date.now() < deadline) {
    const unresolved = await hostCall<{ items?: readonly unknown[] } | readonly unknown[]>(
      host,
      'payments.unresolved',
      {},
    );
    open = Array.isArray(unresolved) ? unresolved.length : ((unresolved as { items?: unknown[] }).items?.length ?? 0);
    if (open === 0) return 0;
    await sleep(1_000);
  }
  return open;
}

export async function compareWithProvider(host: PreviewHost, outcomes: readonly SaleOutcome[]): Promise<Ledger> {
  const { orders } = await sandboxCall<{ orders: ProviderOrder[] }>(host, 'GET', '/orders', undefined, 120_000);
  const journal = await journalPayments(host);
  const disagreements: string[] = [];
  const say = (referenceId: string | null, what: string): void => void disagreements.push(`${referenceId}: ${what}`);

  const byReference = new Map<string, PaymentView>();
  for (const payment of journal) {
    if (byReference.has(payment.referenceId)) say(payment.referenceId, 'listed twice in the journal');
    byReference.set(payment.referenceId, payment);
  }
  const providerByReference = new Map(orders.map((order) => [order.referenceId, order]));

  for (const order of orders) {
    const payment = byReference.get(order.referenceId);
    if (!payment) {
      say(order.referenceId, `an order at the provider (${order.status}) the journal does not have (lost)`);
      continue;
    }
    if (payment.providerStatus !== order.status)
      say(order.referenceId, `provider ${order.status}, journal ${payment.providerStatus ?? 'none'}`);
    const providerRefunded = order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (payment.refunded.amountMinor !== providerRefunded)
      say(order.referenceId, `refunded: provider ${providerRefunded}, journal ${payment.refunded.amountMinor}`);
  }
  for (const payment of journal)
    if (payment.providerStatus !== null && !providerByReference.has(payment.referenceId))
      say(payment.referenceId, `the journal has it at the provider (${payment.providerStatus}), the provider does not`);

  let refunds = 0;
  let cancels = 0;
  for (const outcome of outcomes) {
    const { referenceId } = outcome;
    if (!referenceId) continue;
    const payment = byReference.get(referenceId);
    const order = providerByReference.get(referenceId);
    const said = FINAL_SAID.get(outcome.status);
    if (!payment) say(referenceId, `told "${outcome.status}", not in the journal`);
    else if (said && payment.providerStatus !== said && !(said === 'CAPTURED' && payment.providerStatus === 'REFUNDED'))
      say(referenceId, `told "${outcome.status}", journal ${payment.providerStatus ?? 'none'}`);
    const providerRefunds = order?.refunds.length ?? 0;
    if (providerRefunds !== outcome.refunds)
      say(referenceId, `${outcome.refunds} refund(s) told succeeded, ${providerRefunds} at the provider`);
    if (outcome.refunds > 0 && order?.refunds[0]?.amount !== REFUND_MINOR)
      say(referenceId, `refund of ${order?.refunds[0]?.amount ?? 'nothing'}, ${REFUND_MINOR} asked`);
    refunds += providerRefunds;
    if (order?.status === 'CANCELLED') cancels += 1;
  }
  // One provider order per register sale: a retried create must never make a second one.
  const perSale = new Map<string, number>();
  for (const payment of journal) {
    const reference = payment.fromRegister?.orderReference;
    if (reference && payment.providerStatus !== null) perSale.set(reference, (perSale.get(reference) ?? 0) + 1);
  }
  for (const [reference, count] of perSale) if (count > 1) say(reference, `${count} provider orders for one sale`);

  return { orders: orders.length, refunds, cancels, journalPayments: journal.length, disagreements };
}
