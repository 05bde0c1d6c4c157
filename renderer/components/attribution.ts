import type { PaymentView, RefundView } from '../../shared/domain.ts';
import { BUILT_IN_STAFF_IDS, type StaffRef } from '../../shared/staff.ts';
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

/** The names the core gives its two built-in people until an admin renames them (electron/core/staff/). */
const BUILT_IN_DEFAULT_NAMES: Readonly<Record<string, { name: string; role: 'admin' | 'supervisor' }>> = {
  [BUILT_IN_STAFF_IDS.admin]: { name: 'Admin', role: 'admin' },
  [BUILT_IN_STAFF_IDS.supervisor]: { name: 'Supervisor', role: 'supervisor' },
};

/**
 * A person's name as the screen shows it: as recorded, except the built-in Admin and Supervisor still under the
 * core's English default names, which read as their role in the till's language (a name typed by the admin is
 * shown as typed, in any language).
 */
export function staffNameOf(ref: StaffRef, t: Translate): string {
  const builtIn = BUILT_IN_DEFAULT_NAMES[ref.id];
  return builtIn && builtIn.name === ref.name ? t(`staff.role.${builtIn.role}`) : ref.name;
}
