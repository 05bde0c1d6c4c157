import type { PaymentOnDisplay } from '../../../shared/payment-screens.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import type { PaymentRuntime } from './runtime.ts';

// payments.onDisplay: the payment at the counter, for a customer display opened (or reloaded) mid-payment. It
// faces the shopper, so it gets this one payment as it shows it, never the day's list (payments.history).

/** Still for the customer to pay, or being settled: what the display shows while it is under way. */
const AT_COUNTER: ReadonlySet<PaymentView['displayStatus']> = new Set([
  'sending',
  'waiting',
  'scanned',
  'confirming',
  'checking',
]);
/** A payment created longer ago than this is not the one at the counter now. */
const STALE_MS = 15 * 60_000;

/** The newest payment this till took that is still under way, if any. */
export function paymentOnDisplay(rt: PaymentRuntime): PaymentOnDisplay | null {
  const now = rt.options.now();
  const open = rt.journal
    .listNonFinal()
    .filter((row) => row.origin === 'taken-here')
    .map((row) => rt.journal.viewOf(row.referenceId))
    .filter(
      (view): view is PaymentView =>
        view !== null && AT_COUNTER.has(view.displayStatus) && now - Date.parse(view.createdAt) < STALE_MS,
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return open ? asShown(open) : null;
}

function asShown(view: PaymentView): PaymentOnDisplay {
  const { referenceId, amount, state, displayStatus, qrPayload, expiresAt, createdAt, updatedAt } = view;
  // A training sale says so to the customer: TRAINING, no real money (their display shows it).
  const shown = {
    referenceId,
    amount,
    state,
    displayStatus,
    qrPayload,
    expiresAt,
    createdAt,
    updatedAt,
    ...(view.training === true ? { training: true } : {}),
  };
  // A register's lines: what the customer is paying for, beside the QR (a cashier's amount has none).
  return view.lines && view.lines.length > 0 ? { ...shown, lines: view.lines } : shown;
}
