import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { roleHas, type SignedInStaff, type StaffRef, type StaffRight } from '../../../shared/staff.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { cashierRefundNeedsApproval, type RefundToAuthorize } from './refund-approval.ts';
import type { StaffAccess } from './staff-access.ts';
import type { StaffPins } from './staff-pins.ts';
import { signInRequired, type StaffSession } from './staff-session.ts';

// StaffAccess answered from who is signed in (staff-session.ts) and the rights of their role (shared/staff.ts).
// With "Ask who is at the till" off and nobody signed in, the till works as before staff existed: every right
// is open, nobody is recorded, and a refund is approved by a supervisor's (or an admin's) own PIN.

export function signedInStaffAccess(deps: {
  readonly session: Pick<StaffSession, 'signedIn' | 'touch'>;
  readonly pins: StaffPins;
  readonly settings: Pick<SettingsService, 'current'>;
}): StaffAccess {
  const { session, pins, settings } = deps;
  const ref = ({ id, name }: SignedInStaff): StaffRef => ({ id, name });

  function requireRight(right: StaffRight): StaffRef | null {
    const who = session.signedIn();
    // A call of the signed-in person: their idle time starts again (staff-session.ts).
    session.touch();
    if (who === null) {
      if (signInRequired(settings.current())) throw new PosError('auth.sign-in-required');
      return null;
    }
    if (!roleHas(who.role, right)) {
      throw new PosError('auth.not-allowed', {
        notice: notice('auth.not-allowed-right', {
          role: notice(`staff.role.${who.role}`),
          right: notice(`staff.right.${right}`),
        }),
      });
    }
    return ref(who);
  }

  return {
    signedIn: () => session.signedIn(),
    requireRight,

    // One approval, one refund: the PIN is checked for this refund and nothing is kept for the next one.
    async authorizeRefund(refund: RefundToAuthorize, approverPin: string | undefined) {
      const who = session.signedIn();
      session.touch();
      if (who === null) {
        if (signInRequired(settings.current())) throw new PosError('auth.sign-in-required');
        return { refundedBy: null, approvedBy: await pins.approverByPin(approverPin, 'approve-refund') };
      }
      if (roleHas(who.role, 'refund')) {
        // Someone who may refund confirms with their own PIN (another approver's does as well, and is named).
        if (approverPin === undefined || approverPin === '') {
          throw new PosError('supervisor.pin-required', { notice: notice('auth.refund-confirm-pin') });
        }
        return { refundedBy: ref(who), approvedBy: await pins.approverByPin(approverPin, 'approve-refund') };
      }
      // A cashier: small refunds alone when Settings allow it (refund-approval.ts: the payment's refunds together,
      // and the cashier's in this shift); otherwise (or when a PIN is given anyway) an approver's own PIN.
      if (approverPin === undefined || approverPin === '') {
        const { staff } = settings.current();
        const why = cashierRefundNeedsApproval({
          amount: refund.amount,
          refundedBeforeMinor: refund.refundedBeforeMinor,
          unapprovedInShiftMinor: refund.unapprovedInShiftMinor(who.id),
          limitMinor: staff.refundWithoutApprovalUpToMinor,
          shiftCapMinor: staff.unapprovedRefundsPerShiftMinor,
        });
        if (why === null) return { refundedBy: ref(who), approvedBy: null };
        throw new PosError('supervisor.pin-required', { notice: why });
      }
      return { refundedBy: ref(who), approvedBy: await pins.approverByPin(approverPin, 'approve-refund') };
    },

    approverByPin: (pin, right) => pins.approverByPin(pin, right),
  };
}
