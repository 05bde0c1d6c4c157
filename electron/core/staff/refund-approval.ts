import type { Money } from '../../../shared/money.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

// When a cashier's refund needs an approver's PIN. The shop's no-approval limit holds for a payment's refunds
// together, not for each one (else 12.34 goes back as 5.00 + 5.00 + 2.34 under a 5.00 limit), and the optional
// per-shift cap holds for everything the cashier refunded without approval in their shift. The figures come from
// the journal (payments/refunds.ts passes them), so a restart forgets nothing. Pure: refund-approval.test.ts.

/** A refund as the approval rule needs to see it: passed by the refund path into StaffAccess.authorizeRefund. */
export interface RefundToAuthorize {
  readonly amount: Money;
  /**
   * Of the same payment, what this till knows was refunded already: our refunds confirmed and still in flight,
   * and those made elsewhere as the provider's total last said (0 for a payment this till has not seen yet).
   */
  readonly refundedBeforeMinor: number;
  /** What this person refunded without approval in the shift open now (in flight or confirmed), in minor units. */
  unapprovedInShiftMinor(staffId: string): number;
}

export interface CashierRefundFigures {
  readonly amount: Money;
  readonly refundedBeforeMinor: number;
  readonly unapprovedInShiftMinor: number;
  /** Settings → Staff: refundWithoutApprovalUpToMinor (0: every refund is approved). */
  readonly limitMinor: number;
  /** Settings → Staff: unapprovedRefundsPerShiftMinor (0: no cap beyond the limit). */
  readonly shiftCapMinor: number;
}

/** Why a cashier's refund needs an approver's PIN (the notice of supervisor.pin-required), or null: it needs none. */
export function cashierRefundNeedsApproval(figures: CashierRefundFigures): Notice | null {
  const { amount, refundedBeforeMinor, unapprovedInShiftMinor, limitMinor, shiftCapMinor } = figures;
  const of = (amountMinor: number): Money => ({ amountMinor, currency: amount.currency });
  if (limitMinor <= 0) return notice('auth.refund-needs-approval');
  if (refundedBeforeMinor + amount.amountMinor > limitMinor) {
    return refundedBeforeMinor > 0
      ? notice('auth.refund-needs-approval-payment-over', { limit: of(limitMinor), refunded: of(refundedBeforeMinor) })
      : notice('auth.refund-needs-approval-over', { limit: of(limitMinor) });
  }
  if (shiftCapMinor > 0 && unapprovedInShiftMinor + amount.amountMinor > shiftCapMinor) {
    return notice('auth.refund-needs-approval-shift-cap', {
      cap: of(shiftCapMinor),
      refunded: of(unapprovedInShiftMinor),
    });
  }
  return null;
}
