import { describe, expect, it } from 'vitest';
import { money } from '../../../shared/money.ts';
import { cashierRefundNeedsApproval } from './refund-approval.ts';

// The no-approval limit holds for a payment's refunds together, and the shift cap for a cashier's unapproved
// refunds of the shift together: the rule alone, figure by figure.

const sgd = (minor: number) => money(minor, 'SGD');

describe('when a cashier’s refund needs an approver', () => {
  it.each([
    // amount, refunded before, unapproved in shift, limit, shift cap → notice key (null: no approval)
    [500, 0, 0, 0, 0, 'auth.refund-needs-approval'],
    [500, 0, 0, 500, 0, null],
    [501, 0, 0, 500, 0, 'auth.refund-needs-approval-over'],
    // 12.34 as 5.00 + 5.00 + 2.34 under a 10.00 limit: the second fits, the third crosses.
    [500, 500, 500, 1000, 0, null],
    [234, 1000, 1000, 1000, 0, 'auth.refund-needs-approval-payment-over'],
    // Exactly at the limit together is still under it.
    [234, 766, 766, 1000, 0, null],
    // The shift cap: another payment's refund that would take the cashier past it.
    [500, 0, 1500, 1000, 2000, null],
    [501, 0, 1500, 1000, 2000, 'auth.refund-needs-approval-shift-cap'],
    // Once the cap is used up, every refund asks.
    [1, 0, 2000, 1000, 2000, 'auth.refund-needs-approval-shift-cap'],
    // 0 = no cap beyond the per-payment limit, however much went back this shift.
    [1000, 0, 99_000, 1000, 0, null],
    // The payment's limit is said first when both are crossed.
    [600, 500, 1900, 1000, 2000, 'auth.refund-needs-approval-payment-over'],
  ] as const)('%i after %i of the payment and %i in the shift (limit %i, cap %i): %s', (...row) => {
    const [amountMinor, refundedBeforeMinor, unapprovedInShiftMinor, limitMinor, shiftCapMinor, key] = row;
    const why = cashierRefundNeedsApproval({
      amount: sgd(amountMinor),
      refundedBeforeMinor,
      unapprovedInShiftMinor,
      limitMinor,
      shiftCapMinor,
    });
    expect(why?.key ?? null).toBe(key);
  });

  it('tells the clerk the limit and what went back already, in the refund’s currency', () => {
    const base = { amount: sgd(234), unapprovedInShiftMinor: 0, limitMinor: 1000, shiftCapMinor: 0 };
    expect(cashierRefundNeedsApproval({ ...base, refundedBeforeMinor: 1000 })).toEqual({
      key: 'auth.refund-needs-approval-payment-over',
      params: { limit: sgd(1000), refunded: sgd(1000) },
    });
    expect(
      cashierRefundNeedsApproval({
        ...base,
        refundedBeforeMinor: 0,
        unapprovedInShiftMinor: 1900,
        shiftCapMinor: 2000,
      }),
    ).toEqual({ key: 'auth.refund-needs-approval-shift-cap', params: { cap: sgd(2000), refunded: sgd(1900) } });
  });
});
