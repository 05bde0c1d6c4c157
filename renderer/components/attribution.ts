import type { PaymentView, RefundView } from '../../shared/payments.ts';
import { shownStaffName, type StaffRef } from '../../shared/staff.ts';
import type { Translate } from '../i18n/i18n.tsx';

// Who did what, as the core records it with each payment and refund (issue 22). Read through these so that a
// view from a core that does not attribute yet (the fields absent) reads as "nobody recorded".

type Attributed<T, K extends string> = T & { readonly [key in K]?: StaffRef | null };

export function takenBy(payment: PaymentView): StaffRef | null {
  return (payment as Attributed<PaymentView, 'takenBy'>).takenBy ?? null;
}

export function cancelledBy(payment: PaymentView): StaffRef | null {
  return (payment as Attributed<PaymentView, 'cancelledBy'>).cancelledBy ?? null;
}

export function refundedBy(refund: RefundView): StaffRef | null {
  return (refund as Attributed<RefundView, 'refundedBy'>).refundedBy ?? null;
}

export function approvedBy(refund: RefundView): StaffRef | null {
  return (refund as Attributed<RefundView, 'approvedBy'>).approvedBy ?? null;
}

/** A person's name as the screen shows it (shownStaffName: the built-ins under their default names as their role). */
export function staffNameOf(ref: StaffRef, t: Translate): string {
  return shownStaffName(ref, (role) => t(`staff.role.${role}`));
}
