import { roleHas, type SignedInStaff } from '../../../shared/staff.ts';

// Whose PIN the refund form asks for (issue 22). One approval, one refund: the PIN is typed for this refund and
// never remembered. The core decides again with the same rule; this only chooses the words and the field.

export type RefundApproval =
  /** Nobody signed in (a till without sign-in, as before staff): the supervisor's PIN. */
  | 'supervisor-pin'
  /** The person signed in may refund: they confirm with their own PIN. */
  | 'own-pin'
  /** The person signed in may not refund alone: someone who may approve types their PIN on the same screen. */
  | 'approver-pin'
  /**
   * A cashier, and the payment's refunds with this one are within Settings' limit for refunds without approval:
   * nothing is asked (unless the core, which also counts the cashier's shift, asks after all).
   */
  | 'none';

export function refundApprovalOf({
  staff,
  limitMinor,
  amountMinor,
  refundedBeforeMinor,
}: {
  staff: SignedInStaff | null;
  limitMinor: number;
  amountMinor: number;
  /** Of this payment, refunded (or being refunded) already: the limit holds for its refunds together. */
  refundedBeforeMinor: number;
}): RefundApproval {
  if (staff === null) return 'supervisor-pin';
  // Someone who may refund always confirms with their own PIN, whatever the amount.
  if (roleHas(staff.role, 'refund')) return 'own-pin';
  return limitMinor > 0 && amountMinor > 0 && refundedBeforeMinor + amountMinor <= limitMinor ? 'none' : 'approver-pin';
}
