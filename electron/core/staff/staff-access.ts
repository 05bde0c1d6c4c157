import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import {
  BUILT_IN_DEFAULT_NAMES,
  BUILT_IN_STAFF_IDS,
  type SignedInStaff,
  type StaffRef,
  type StaffRight,
} from '../../../shared/staff.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { RefundToAuthorize } from './refund-approval.ts';

// The one door the payment and customer services ask "who is doing this, and may they?". The staff module
// (this folder) answers it from the signed-in person and the staff list; `twoPinStaffAccess` answers it as the
// till did before staff existed (nobody signs in; a refund is approved by the supervisor PIN).

/** Who made a refund and who approved it, as recorded with the refund. */
export interface RefundAuthority {
  readonly refundedBy: StaffRef | null;
  readonly approvedBy: StaffRef | null;
}

export interface StaffAccess {
  /** Who is signed in now; null when nobody is (or sign-in is not used on this till). */
  signedIn(): SignedInStaff | null;
  /**
   * Before a sale, a cancel, a report…: refuses `auth.sign-in-required` (sign-in required, nobody signed in) or
   * `auth.not-allowed` (the person's role lacks the right). Answers who acts (null: nobody signed in, allowed).
   * Kiosk sales do not ask: they are the kiosk's.
   */
  requireRight(right: StaffRight): StaffRef | null;
  /**
   * A refund at the counter: who refunds, and who approved it with their own PIN (`approverPin`; a supervisor
   * refunding for themselves confirms with theirs). Refused `supervisor.pin-wrong` / `supervisor.pin-required`
   * as before staff existed; `auth.not-allowed` when the approver lacks the approve-refund right. A cashier's
   * refund without a PIN is judged with what was refunded before it (refund-approval.ts).
   */
  authorizeRefund(refund: RefundToAuthorize, approverPin: string | undefined): Promise<RefundAuthority>;
  /**
   * Another approval by someone's own PIN (a linked customer's charge approved by a supervisor): who, holding
   * `right`. Refused `supervisor.pin-required` / `supervisor.pin-wrong` (locked: the wait in the notice) /
   * `auth.not-allowed` (the PIN's holder lacks the right). Counted against the supervisor PIN lockout.
   */
  approverByPin(pin: string | undefined, right: StaffRight): Promise<StaffRef>;
}

/** Before staff: nobody signs in, every right is open, and a refund needs the supervisor PIN. */
export function twoPinStaffAccess(settings: SettingsService): StaffAccess {
  return {
    signedIn: () => null,
    requireRight: () => null,
    async authorizeRefund(_refund, approverPin) {
      if (approverPin === undefined) throw new PosError('supervisor.pin-required');
      const pin = await settings.verifyPin('supervisor', approverPin);
      if (pin === 'not-set') {
        throw new PosError('supervisor.pin-required', { notice: notice('refund.supervisor-pin-not-set') });
      }
      if (pin !== 'valid') throw new PosError('supervisor.pin-wrong');
      return { refundedBy: null, approvedBy: null };
    },
    async approverByPin(pin) {
      if (pin === undefined) throw new PosError('supervisor.pin-required');
      const check = await settings.verifyPin('supervisor', pin);
      if (check === 'not-set') throw new PosError('supervisor.pin-required');
      if (check !== 'valid') throw new PosError('supervisor.pin-wrong');
      return { id: BUILT_IN_STAFF_IDS.supervisor, name: BUILT_IN_DEFAULT_NAMES.supervisor };
    },
  };
}
