import type { Money } from './money.ts';
import type { Notice } from './notices.ts';
import type { StaffRef } from './staff.ts';

// A linked customer's hold (a pre-auth: tokenized-payment-api.md, wire-details §3.2) as the till keeps it and the
// Customers screen shows it. The customer, their charges and the customers.* channels are in shared/customers.ts.

/** The provider's pre-auth (hold) states, PENDING included (wire-details §3.2). */
export const PRE_AUTH_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'CAPTURE_INITIATED',
  'CAPTURED',
  'VOIDED',
  'DECLINED',
  'EXPIRED',
] as const;
export type PreAuthStatus = (typeof PRE_AUTH_STATUSES)[number];
/**
 * What a cashier reads for a hold: sending / checking while our request's outcome is being found out,
 * then the provider's state in words. `not-placed`: proven never to have reached the provider.
 */
export const HOLD_DISPLAY_STATUSES = [
  'sending',
  'checking',
  'pending',
  'authorized',
  'declined',
  'capturing',
  'captured',
  'voiding',
  'voided',
  'expired',
  'not-placed',
  // The provider answered the capture REJECTED (reason in captureFailureReason): nothing was taken.
  'capture-failed',
] as const;
export type HoldDisplayStatus = (typeof HOLD_DISPLAY_STATUSES)[number];

export interface HoldView {
  /** Our reference for the hold (the provider's merchantRef); the key for capture and void. */
  readonly merchantRef: string;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly displayStatus: HoldDisplayStatus;
  readonly providerStatus: PreAuthStatus | null;
  readonly failureReason: string | null;
  /** Set once captured: the provider's order id. */
  readonly orderUuid: string | null;
  readonly placedAt: string;
  /** When an AUTHORIZED hold is expected to lapse (the provider does not publish its TTL: an estimate), else null. */
  readonly expiresAt: string | null;
  readonly canCapture: boolean;
  readonly canVoid: boolean;
  readonly voidReason: string | null;
  /**
   * Why the provider answered a capture REJECTED (e.g. INSUFFICIENT_FUNDS), or null. Kept while the hold is
   * capture-failed (then also in failureReason); canVoid says whether the hold is still there to release.
   */
  readonly captureFailureReason: string | null;
  /** Why the outcome is still being checked, or why the till stopped checking (isStoppedReason), or null. */
  readonly unresolvedReason: Notice | null;
  /** Who placed the hold (id, and name at the time); null: nobody signed in, or placed before staff. */
  readonly takenBy: StaffRef | null;
  /** Who approved its capture with their own PIN (Settings: a supervisor approves); null: the customer did, or none. */
  readonly approvedBy: StaffRef | null;
  /** Who sent its last capture or void (read with displayStatus: captured, voided, capture-failed…); null: none. */
  readonly finishedBy: StaffRef | null;
}
