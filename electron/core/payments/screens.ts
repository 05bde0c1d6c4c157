import type { CashierSale, ScreenSurface, StatusCheck } from '../../../shared/payment-screens.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { requireAttempt, requireView, type PaymentRuntime } from './runtime.ts';
import { watch } from './workers.ts';

// What the screens say and are told: which payments they show (payments.onScreen: those are looked up in the
// screen lane, more often), when each payment was last looked up (payment.checked), a cashier's "check now",
// and where the cashier's own sale stands (payments.cashierSale: it holds the till for registers).

/** A payment just opened on a screen whose status is at most this old is not looked up in the person lane. */
const FRESH_ENOUGH_MS = 1_000;

/**
 * A screen shows a payment. An open payment just put on a screen is looked at now: in the person lane if what
 * the till knows is older than a second (someone opened it to see where it is), else in the screen lane, only
 * so that its sleep is cut to the on-screen pace.
 */
export function screenShows(rt: PaymentRuntime, surface: ScreenSurface, referenceId: string): StatusCheck | null {
  const newlyShown = rt.onScreen.show(surface, referenceId);
  const row = rt.journal.getAttempt(referenceId);
  const worker = rt.settle.running(referenceId);
  if (newlyShown && row && worker && !worker.stopped) {
    const knownSince = Math.max(row.updatedAt, rt.remembered.lastLookup(referenceId)?.answeredAt ?? 0);
    worker.wake(rt.options.now() - knownSince > FRESH_ENOUGH_MS ? 'shown' : 'screen');
  }
  return lastCheck(rt, referenceId);
}

/** A screen stopped showing a payment. */
export function screenLeft(rt: PaymentRuntime, surface: ScreenSurface, referenceId: string): StatusCheck | null {
  rt.onScreen.hide(surface, referenceId);
  return lastCheck(rt, referenceId);
}

/** The cashier's "check now": the payment looked up at once, in the person lane. */
export async function checkNow(rt: PaymentRuntime, referenceId: string): Promise<PaymentView> {
  requireAttempt(rt, referenceId);
  await watch(rt, referenceId).lookNow('check');
  return requireView(rt, referenceId);
}

/** A cashier's window says where its sale stands now (null: it has none any more). */
export function markCashierSale(rt: PaymentRuntime, window: string, sale: CashierSale | null): null {
  rt.cashierSales.mark(window, sale);
  return null;
}

/** A status lookup came back (answered: the provider said something): the screens hear payment.checked. */
export function noteChecked(rt: PaymentRuntime, referenceId: string, answered: boolean): void {
  const checkedAt = rt.options.now();
  const answeredAt = answered ? checkedAt : (rt.remembered.lastLookup(referenceId)?.answeredAt ?? null);
  rt.remembered.noteLookup(referenceId, { checkedAt, answeredAt });
  rt.context.emit('payment.checked', lastCheck(rt, referenceId)!);
}

function lastCheck(rt: PaymentRuntime, referenceId: string): StatusCheck | null {
  const check = rt.remembered.lastLookup(referenceId);
  if (!check) return null;
  return {
    referenceId,
    checkedAt: new Date(check.checkedAt).toISOString(),
    answeredAt: check.answeredAt === null ? null : new Date(check.answeredAt).toISOString(),
  };
}
