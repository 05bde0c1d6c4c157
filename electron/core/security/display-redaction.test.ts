import { describe, expect, it } from 'vitest';
import type { LinkedCustomerDetail } from '../../../shared/customers.ts';
import { visibleTo } from './display-redaction.ts';

// The customer display is never handed a staff name, whatever carries it: a payment or refund (takenBy, cancelledBy,
// refundedBy, approvedBy) or a linked customer's charge or hold (takenBy, approvedBy, and finishedBy: who captured
// or voided it).

const ALICE = { id: 'alice', name: 'Alice Tan' };
const SUE = { id: 'sue', name: 'Sue Wong' };

const detail = {
  customer: { merchantUserId: 'cust-1', status: 'linked' },
  holds: [{ merchantRef: 'H-1', displayStatus: 'captured', takenBy: ALICE, approvedBy: SUE, finishedBy: ALICE }],
  charges: [{ merchantRef: 'C-1', displayStatus: 'approved', takenBy: ALICE, approvedBy: SUE }],
} as unknown as LinkedCustomerDetail;

describe('display redaction', () => {
  it('takes every staff field out of a linked customer’s holds and charges for the customer display only', () => {
    const onDisplay = visibleTo('customer-display', { event: 'customers.updated', payload: detail });
    expect(JSON.stringify(onDisplay)).not.toMatch(/Alice|Sue|takenBy|approvedBy|finishedBy/);
    expect(onDisplay.payload.holds[0]).toEqual({ merchantRef: 'H-1', displayStatus: 'captured' });
    expect(onDisplay.payload.charges[0]).toEqual({ merchantRef: 'C-1', displayStatus: 'approved' });
    expect(visibleTo('cashier', detail)).toBe(detail);
  });
});
