import type { AttemptState, PaymentView } from '../../shared/payments.ts';
import type { ScreenName } from '../stores/navigation.ts';

// When the till signs its cashier out by itself. The rule is the issue's: after Settings' idle minutes, but never
// while a payment is under way or its result is on screen (the customer is still in front of the till, and the
// cashier must see the outcome); the sign-out waits until that payment is over and the screen has moved on.

export interface AutoLockFacts {
  readonly signedIn: boolean;
  /** Settings → Staff: sign out after this many idle minutes; 0 = never. */
  readonly autoLockMinutes: number;
  /** Since the last touch or key press. */
  readonly idleMs: number;
  readonly screen: ScreenName;
  /** The payment the cashier's screen follows, if any. */
  readonly activePayment: PaymentView | null;
}

/** Screens that belong to a payment being taken: the QR or the scan, then its result. */
const PAYMENT_SCREENS: ReadonlySet<ScreenName> = new Set(['charging', 'payment', 'scan']);

/** Still being sent, checked or waiting for the customer (final and never-sent are over). */
const OPEN_STATES: ReadonlySet<AttemptState> = new Set(['sending', 'checking', 'active']);

export function paymentUnderWay(screen: ScreenName, activePayment: PaymentView | null): boolean {
  if (PAYMENT_SCREENS.has(screen)) return true;
  return activePayment !== null && OPEN_STATES.has(activePayment.state);
}

export function shouldAutoLock(facts: AutoLockFacts): boolean {
  if (!facts.signedIn || facts.autoLockMinutes <= 0) return false;
  if (paymentUnderWay(facts.screen, facts.activePayment)) return false;
  return facts.idleMs >= facts.autoLockMinutes * 60_000;
}
