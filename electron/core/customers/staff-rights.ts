import type { StaffRef, StaffRight } from '../../../shared/staff.ts';
import type { CustomerAttemptRow } from './rows.ts';
import type { CustomerRuntime } from './runtime.ts';

// Who may act on a linked customer: asked of the core's StaffAccess (../staff/staff-access.ts) before anything is
// recorded, consumed or sent, because the screens are not a security boundary (a page, a script or the web host
// can call customers.* directly). The same rights as an in-store sale (payments/charges.ts, cancels.ts): refused
// `auth.sign-in-required` when the till asks who is at it and nobody is signed in, `auth.not-allowed` when the
// person's role lacks the right. Each answers who acts (null: nobody signed in and the till does not ask), and
// that person is recorded with what they did.

/** Linking, charging, placing a hold and capturing it: each takes (or opens the way to take) a customer's money. */
export const SELL_RIGHT: StaffRight = 'sell';

/**
 * Unlinking drops the customer's stored wallet link, which only the customer can give back (by linking again on
 * the display). No money moves, so it is not a Settings matter for the admin alone; but it undoes what someone
 * else (the cashier who linked them, maybe on another day) set up, like cancelling another person's sale. So it
 * takes cancel-any: a supervisor or admin, not a cashier.
 */
export const UNLINK_RIGHT: StaffRight = 'cancel-any';

export function requireSell(rt: CustomerRuntime): StaffRef | null {
  return rt.context.staff.requireRight(SELL_RIGHT);
}

export function requireUnlink(rt: CustomerRuntime): StaffRef | null {
  return rt.context.staff.requireRight(UNLINK_RIGHT);
}

/**
 * Voiding a hold releases money the shop was counting on, as a cancel does a sale: the person who placed it may
 * void their own (cancel-own); anyone else's, or a hold placed before staff or while nobody was signed in, takes
 * cancel-any. Asked before the hold is looked for (null: not on this till), so that a refusal says nothing of it.
 */
export function requireVoid(rt: CustomerRuntime, hold: CustomerAttemptRow | null): StaffRef | null {
  const signedIn = rt.context.staff.signedIn();
  const own = signedIn !== null && hold?.takenBy != null && hold.takenBy.id === signedIn.id;
  return rt.context.staff.requireRight(own ? 'cancel-own' : 'cancel-any');
}
