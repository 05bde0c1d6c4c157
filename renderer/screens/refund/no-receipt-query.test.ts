import { describe, expect, it } from 'vitest';
import { findQueryOf, freshForm, localMinute, type NoReceiptForm } from './no-receipt-query.ts';

// The "No receipt?" form as the payments.find request, and what the cashier is told is missing.

const NOW = new Date(2026, 10, 29, 15, 7, 30); // 29/11/2026 15:07:30, the browser's local time
const form = (patch: Partial<NoReceiptForm>): NoReceiptForm => ({ ...freshForm(NOW, '2026-11-29'), ...patch });

describe('no receipt: the search request', () => {
  it('opens on the order id, with a window of the last two hours and today', () => {
    expect(freshForm(NOW, '2026-11-29')).toMatchObject({
      way: 'order',
      from: '2026-11-29T13:07',
      to: '2026-11-29T15:07',
      day: '2026-11-29',
    });
    expect(localMinute(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });

  it('sends the order id as read off a phone, spaces dropped; asks for one that is missing or not an id', () => {
    expect(findQueryOf(form({ providerOrderId: ' 220801 -0679-yvuy ' }))).toEqual({
      query: { providerOrderId: '220801-0679-yvuy' },
    });
    expect(findQueryOf(form({ providerOrderId: '' }))).toEqual({ problem: 'refund.noReceipt.orderIdMissing' });
    expect(findQueryOf(form({ providerOrderId: 'no/such' }))).toEqual({ problem: 'refund.noReceipt.orderIdMissing' });
  });

  it('sends an amount with its window; asks for the amount, and for a window that starts before it ends', () => {
    const asked = form({ way: 'amount', amountMinor: 1850, from: '2026-11-29T14:00', to: '2026-11-29T15:00' });
    expect(findQueryOf(asked)).toEqual({
      query: { amountMinor: 1850, from: '2026-11-29T14:00', to: '2026-11-29T15:00' },
    });
    expect(findQueryOf({ ...asked, amountMinor: 0 })).toEqual({ problem: 'refund.noReceipt.amountMissing' });
    expect(findQueryOf({ ...asked, from: '2026-11-29T16:00' })).toEqual({ problem: 'refund.noReceipt.windowInvalid' });
    expect(findQueryOf({ ...asked, to: '' })).toEqual({ problem: 'refund.noReceipt.windowInvalid' });
  });

  it('sends who took it on a day; asks who when nobody is picked', () => {
    expect(findQueryOf(form({ way: 'staff', takenBy: 'staff-anna', day: '2026-11-28' }))).toEqual({
      query: { takenBy: 'staff-anna', day: '2026-11-28' },
    });
    expect(findQueryOf(form({ way: 'staff' }))).toEqual({ problem: 'refund.noReceipt.staffMissing' });
  });
});
