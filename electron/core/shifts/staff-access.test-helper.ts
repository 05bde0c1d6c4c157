import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { roleHas, type SignedInStaff, type StaffRef, type StaffRight } from '../../../shared/staff.ts';
import type { RefundToAuthorize } from '../staff/refund-approval.ts';
import type { RefundAuthority, StaffAccess } from '../staff/staff-access.ts';

// TESTS ONLY: a StaffAccess with the people a test chooses and the rights of their roles (shared/staff.ts
// ROLE_RIGHTS), so the payment and shift tests can sign someone in without the staff store ("staff" builds that).
// It refuses as the real one does: auth.sign-in-required, auth.not-allowed, supervisor.pin-required / -wrong.

export const ALICE: SignedInStaff = { id: 'alice', name: 'Alice Tan', role: 'cashier' };
export const BOB: SignedInStaff = { id: 'bob', name: 'Bob Lim', role: 'cashier' };
export const SUE: SignedInStaff = { id: 'sue', name: 'Sue Wong', role: 'supervisor' };
/** Each person's own PIN, for approvals. */
export const PINS: Readonly<Record<string, SignedInStaff>> = { '1111': ALICE, '2222': BOB, '9999': SUE };

export interface TestStaffAccess extends StaffAccess {
  /** Signs this person in (null: nobody). */
  signIn(person: SignedInStaff | null): void;
  /** Every right asked for, in order. */
  readonly asked: StaffRight[];
}

const SIGN_IN_REQUIRED: ErrorCode = 'auth.sign-in-required';
const NOT_ALLOWED: ErrorCode = 'auth.not-allowed';

function refusal(code: ErrorCode, right: string): PosError {
  return new PosError(code, { message: `${code}: ${right}`, details: { right } });
}

export function testStaffAccess(
  options: { signInRequired?: boolean; refundWithoutApprovalUpToMinor?: number } = {},
): TestStaffAccess {
  let signedIn: SignedInStaff | null = null;
  const asked: StaffRight[] = [];
  const ref = (person: SignedInStaff): StaffRef => ({ id: person.id, name: person.name });
  const requireRight = (right: StaffRight): StaffRef | null => {
    asked.push(right);
    if (!signedIn) {
      if (options.signInRequired) throw refusal(SIGN_IN_REQUIRED, right);
      return null;
    }
    if (!roleHas(signedIn.role, right)) throw refusal(NOT_ALLOWED, right);
    return ref(signedIn);
  };
  return {
    asked,
    signIn(person) {
      signedIn = person;
    },
    signedIn: () => signedIn,
    requireRight,
    async authorizeRefund(refund: RefundToAuthorize, approverPin: string | undefined): Promise<RefundAuthority> {
      const refundedBy = signedIn ? ref(signedIn) : null;
      if (approverPin === undefined) {
        // The payment's refunds together, as the real rule (staff/refund-approval.ts) judges them.
        if (refund.refundedBeforeMinor + refund.amount.amountMinor <= (options.refundWithoutApprovalUpToMinor ?? 0)) {
          if (!signedIn && options.signInRequired) throw refusal(SIGN_IN_REQUIRED, 'refund');
          return { refundedBy, approvedBy: null };
        }
        throw new PosError('supervisor.pin-required');
      }
      const approver = PINS[approverPin];
      if (!approver) throw new PosError('supervisor.pin-wrong');
      if (!roleHas(approver.role, 'approve-refund')) throw refusal(NOT_ALLOWED, 'approve-refund');
      return { refundedBy, approvedBy: ref(approver) };
    },
    async approverByPin(pin: string | undefined, right: StaffRight): Promise<StaffRef> {
      if (pin === undefined) throw new PosError('supervisor.pin-required');
      const approver = PINS[pin];
      if (!approver) throw new PosError('supervisor.pin-wrong');
      if (!roleHas(approver.role, right)) throw refusal(NOT_ALLOWED, right);
      return ref(approver);
    },
  };
}
