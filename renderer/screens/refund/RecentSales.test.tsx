import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { App } from '../../App.tsx';
import { localDay } from '../../components/format.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Issue 39, item 8: the Refund screen opens with today's last paid sales to tap, before anything is scanned, and
// one "amount or note" field narrows them. Both ask payments.find, so the core knows what it showed.

const paidSale = (referenceId: string, amountMinor: number, note: string): PaymentView =>
  paymentView({
    referenceId,
    amount: { amountMinor, currency: 'SGD' },
    note,
    state: 'final',
    providerStatus: 'CAPTURED',
    displayStatus: 'paid',
    qrPayload: null,
    canCancel: false,
    canRefund: true,
    refundable: { amountMinor, currency: 'SGD' },
  });

async function openRefund(...sales: PaymentView[]) {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  for (const sale of sales) bridge.payments.set(sale.referenceId, sale);
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-refund'));
  return bridge;
}

describe('refund screen: recent sales', () => {
  it("lists today's last ten paid sales (time, amount, note); a tap opens that payment", async () => {
    const bridge = await openRefund(paidSale('REF-PAID-0002', 1850, 'Table 4'));
    const sales = await screen.findAllByTestId('refund-recent-sale');
    expect(bridge.callsTo('payments.find')).toContainEqual({ latest: 10, day: localDay() });
    expect(bridge.callsTo('payments.history')).not.toContainEqual(expect.objectContaining({ status: 'paid' }));
    expect(sales).toHaveLength(1);
    expect(sales[0]!.textContent).toMatch(/^\d{1,2}:\d{2}.* · S\$18\.50 · Table 4$/);

    fireEvent.click(sales[0]!);
    expect((await screen.findByTestId('refund-reference')).textContent).toBe('REF-PAID-0002');
    expect(screen.queryByTestId('refund-recent')).toBeNull();
  });

  it('one field for an amount, words of the note, or both; says when nothing matches', async () => {
    const table4 = paidSale('REF-PAID-0004', 1250, 'table 4');
    const bridge = await openRefund(table4, paidSale('REF-PAID-0005', 990, 'blue shirt'));
    await screen.findAllByTestId('refund-recent-sale');
    const day = localDay();
    const search = (text: string): void => {
      fireEvent.change(screen.getByTestId('refund-sales-lookup'), { target: { value: text } });
      fireEvent.click(screen.getByTestId('refund-sales-find'));
    };

    bridge.override('payments.find', () => ({ ok: true, value: { items: [table4] } }));
    search('12.50 table 4');
    await waitFor(() =>
      expect(bridge.callsTo('payments.find').at(-1)).toEqual({ note: 'table 4', day, amountMinor: 1250 }),
    );
    expect(
      (await screen.findByRole('heading', { name: 'Today’s sales that match: tap one to refund it' })).tagName,
    ).toBe('H2');
    expect(screen.getAllByTestId('refund-recent-sale')).toHaveLength(1);

    search('Blue shirt');
    await waitFor(() => expect(bridge.callsTo('payments.find').at(-1)).toEqual({ note: 'Blue shirt', day }));
    search('9.90');
    await waitFor(() =>
      expect(bridge.callsTo('payments.find').at(-1)).toEqual({
        amountMinor: 990,
        from: `${day}T00:00`,
        to: `${day}T23:59`,
      }),
    );

    bridge.override('payments.find', () => ({ ok: true, value: { items: [] } }));
    search('green hat');
    expect((await screen.findByTestId('refund-sales-not-found')).textContent).toBe(
      'No sale paid today matches “green hat”.',
    );
    expect(screen.queryByTestId('refund-recent')).toBeNull();

    // Emptied: back to the day's latest.
    bridge.override('payments.find', () => ({ ok: true, value: { items: [table4] } }));
    search('');
    await screen.findByRole('heading', { name: 'Today’s last sales: tap one to refund it' });
    expect(bridge.callsTo('payments.find').at(-1)).toEqual({ latest: 10, day });
    expect(screen.queryByTestId('refund-sales-not-found')).toBeNull();
  });
});
