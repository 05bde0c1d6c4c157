import { CURRENCY_OF_COUNTRY } from '../../../shared/money.ts';
import type { DaySummary, CsvExport } from '../../../shared/payment-history.ts';
import type { LearnedAmountLimits, PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import { unresolvedReasonOf } from './journal/index.ts';
import type { PaymentCounts } from './payment-module.ts';
import { lookUpAtProvider } from './other-terminal-payment.ts';
import { isTraining, merchantKeyOf, refuseWhenClosing, requireView, type PaymentRuntime } from './runtime.ts';

// What the service answers from its journal (and, for a payment taken elsewhere, from the provider): one
// payment, the unresolved list and the status bar's counts, the day's figures and CSV, the learned limits.

/** A payment with its refunds and cancels; one taken at another terminal is looked up at the provider. */
export async function paymentDetail(rt: PaymentRuntime, referenceId: string): Promise<PaymentDetail> {
  const detail = rt.journal.detailOf(referenceId);
  if (detail) return detail;
  // Not taken here: any payment of the merchant can be opened (the refund counter's whole job).
  refuseWhenClosing(rt);
  const payment = await lookUpAtProvider(rt, referenceId);
  return rt.journal.detailOf(payment.referenceId) ?? rt.journal.lookedUpDetail(payment);
}

/** The Unresolved list: each payment with what is still open about it. */
export function unresolved(rt: PaymentRuntime): PaymentView[] {
  return [...unresolvedReferenceIds(rt)].map((referenceId) => {
    const view = requireView(rt, referenceId);
    return {
      ...view,
      unresolvedReason: unresolvedReasonOf(view, rt.journal.refundsOf(referenceId), rt.journal.cancelsOf(referenceId)),
    };
  });
}

export function counts(rt: PaymentRuntime): PaymentCounts {
  const shown = shownNow(rt);
  const pending = rt.journal.listNonFinal().filter((row) => row.state === 'active' && shown(row.referenceId));
  // The status bar counts what the unresolved list shows: payments, each once, whatever is open about it.
  return { pendingCount: pending.length, unresolvedCount: unresolvedReferenceIds(rt).size };
}

export async function daySummary(rt: PaymentRuntime, day: string): Promise<DaySummary> {
  const currency = await terminalCurrency(rt);
  // The chain as it stands when the report is made: the day report prints it for an auditor to compare.
  return { ...rt.journal.daySummary(day, currency), chain: rt.journal.chain.head() };
}

export async function exportCsv(rt: PaymentRuntime, day: string): Promise<CsvExport> {
  return rt.journal.exportCsv(day);
}

/** What the provider's refusals taught about the merchant in effect (app.info: the Sale screen's limits). */
export async function learnedAmountLimits(rt: PaymentRuntime): Promise<LearnedAmountLimits> {
  const connection = await rt.context.provider.connection().catch(() => null);
  return connection ? rt.amountLimits.of(merchantKeyOf(connection)) : { minMinor: null, maxMinor: null };
}

/** Payments with something not settled yet: the payment itself, or one of its refunds or cancels. */
function unresolvedReferenceIds(rt: PaymentRuntime): Set<string> {
  const referenceIds = new Set<string>();
  for (const row of rt.journal.listNonFinal()) if (row.state !== 'active') referenceIds.add(row.referenceId);
  for (const refund of rt.journal.unsettledRefunds()) referenceIds.add(refund.referenceId);
  for (const cancel of rt.journal.unsettledCancels()) referenceIds.add(cancel.referenceId);
  return new Set([...referenceIds].filter(shownNow(rt)));
}

/**
 * Whether the status bar and its Unresolved list show a payment now. A training sale is shown while training
 * applies (the trainee sees a sale in doubt as a cashier would), never to someone selling for real: a lesson
 * left open must not tell them a payment of theirs waits, nor keep their session alive. The workers settle it
 * all the same, and it stays in the history, marked.
 */
function shownNow(rt: PaymentRuntime): (referenceId: string) => boolean {
  if (rt.context.training?.appliesNow() === true) return () => true;
  return (referenceId) => !isTraining(rt, referenceId);
}

async function terminalCurrency(rt: PaymentRuntime): Promise<CurrencyCode> {
  try {
    return CURRENCY_OF_COUNTRY[(await rt.context.provider.connection()).country];
  } catch {
    return rt.context.settings.current().currency;
  }
}
