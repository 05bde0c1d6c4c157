import { describe, expect, it } from 'vitest';
import type { SignedInStaff } from '../../../shared/staff.ts';
import { refundApprovalOf } from './refund-approval.ts';

const cashier: SignedInStaff = { id: 'c1', name: 'Wing', role: 'cashier' };
const supervisor: SignedInStaff = { id: 's1', name: 'Mei', role: 'supervisor' };
const admin: SignedInStaff = { id: 'admin', name: 'Owner', role: 'admin' };

describe('refundApprovalOf', () => {
  it('asks the supervisor PIN when nobody is signed in, whatever the limit (as before staff)', () => {
    expect(refundApprovalOf({ staff: null, limitMinor: 0, amountMinor: 500, refundedBeforeMinor: 0 })).toBe(
      'supervisor-pin',
    );
    expect(refundApprovalOf({ staff: null, limitMinor: 10_000, amountMinor: 500, refundedBeforeMinor: 0 })).toBe(
      'supervisor-pin',
    );
  });

  it('asks an approver for a cashier, who may not refund alone', () => {
    expect(refundApprovalOf({ staff: cashier, limitMinor: 0, amountMinor: 500, refundedBeforeMinor: 0 })).toBe(
      'approver-pin',
    );
  });

  it('asks a supervisor or an admin for their own PIN', () => {
    expect(refundApprovalOf({ staff: supervisor, limitMinor: 0, amountMinor: 500, refundedBeforeMinor: 0 })).toBe(
      'own-pin',
    );
    expect(refundApprovalOf({ staff: admin, limitMinor: 0, amountMinor: 500, refundedBeforeMinor: 0 })).toBe('own-pin');
  });

  it('asks a cashier nothing up to the limit without approval, and an approver above it', () => {
    expect(refundApprovalOf({ staff: cashier, limitMinor: 1_000, amountMinor: 1_000, refundedBeforeMinor: 0 })).toBe(
      'none',
    );
    expect(refundApprovalOf({ staff: cashier, limitMinor: 1_000, amountMinor: 1_001, refundedBeforeMinor: 0 })).toBe(
      'approver-pin',
    );
  });

  it("counts the payment's refunds before this one against the limit", () => {
    expect(refundApprovalOf({ staff: cashier, limitMinor: 1_000, amountMinor: 500, refundedBeforeMinor: 500 })).toBe(
      'none',
    );
    expect(refundApprovalOf({ staff: cashier, limitMinor: 1_000, amountMinor: 234, refundedBeforeMinor: 1_000 })).toBe(
      'approver-pin',
    );
  });

  it('a supervisor confirms with their own PIN even within the limit (the core asks it too)', () => {
    expect(refundApprovalOf({ staff: supervisor, limitMinor: 1_000, amountMinor: 300, refundedBeforeMinor: 0 })).toBe(
      'own-pin',
    );
  });
});
