import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Refunds made outside this till (merchant portal, another till), as the core reports them: the payment
// detail and the day summary say how much of the refunds was made elsewhere, so the cashier can tell.

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

describe('refunded elsewhere', () => {
  it('the payment detail shows the part refunded outside this till, and nothing when there is none', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set(
      'REF-ELSE-0001',
      paymentView({
        referenceId: 'REF-ELSE-0001',
        displayStatus: 'paid',
        state: 'final',
        amount: SGD(1400),
        refunded: SGD(1000),
        refundedElsewhere: SGD(700),
        refundable: SGD(400),
        canRefund: true,
        canCancel: false,
      }),
    );
    bridge.payments.set(
      'REF-HERE-0002',
      paymentView({
        referenceId: 'REF-HERE-0002',
        displayStatus: 'paid',
        state: 'final',
        refunded: SGD(300),
        refundedElsewhere: SGD(0),
        canCancel: false,
      }),
    );
    // The provider has nothing new to tell: the payment as it was.
    bridge.override('payments.checkNow', ({ referenceId }) => ({ ok: true, value: bridge.payments.get(referenceId)! }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment REF-ELSE-0001' }));
    expect((await screen.findByTestId('detail-refunded')).textContent).toBe('S$10.00');
    expect(screen.getByTestId('detail-refunded-elsewhere').textContent).toBe('S$7.00');
    expect(screen.getByText('Of which refunded elsewhere (merchant portal or another till)')).toBeDefined();
    expect(screen.getByTestId('detail-refundable').textContent).toBe('S$4.00');
    // A paid payment can be checked again: the provider tells of refunds made elsewhere since.
    fireEvent.click(screen.getByTestId('detail-check-now'));
    await waitFor(() => expect(bridge.callsTo('payments.checkNow')).toEqual([{ referenceId: 'REF-ELSE-0001' }]));

    fireEvent.click(screen.getByTestId('detail-back'));
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment REF-HERE-0002' }));
    expect((await screen.findByTestId('detail-refunded')).textContent).toBe('S$3.00');
    expect(screen.queryByTestId('detail-refunded-elsewhere')).toBeNull();
  });

  it("the day summary shows refunds made elsewhere as their own figure, beside this terminal's own refunds and net", async () => {
    const bridge = createFakeBridge();
    const summary: DaySummary = {
      day: '2026-11-21',
      currency: 'SGD',
      byStatus: { paid: { count: 1, total: SGD(250) }, refunded: { count: 1, total: SGD(1400) } },
      byMethod: { 'merchant-qr': { count: 0, total: SGD(0) }, 'customer-qr': { count: 2, total: SGD(1650) } },
      paid: { count: 2, total: SGD(1650) },
      refunds: { count: 0, total: SGD(0) },
      refundedElsewhere: { count: 1, total: SGD(1400) },
      net: SGD(1650),
    };
    bridge.override('payments.summary', () => ({ ok: true, value: summary }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    // For information, not in net: the terminal that made the refund counts it.
    await waitFor(() => expect(screen.getByTestId('summary-refunded-elsewhere-total').textContent).toBe('S$14.00'));
    expect(screen.getByTestId('summary-refunded-elsewhere').dataset.count).toBe('1');
    expect(screen.getByTestId('summary-refunds-total').textContent).toBe('S$0.00');
    expect(screen.getByTestId('summary-refunds').dataset.count).toBe('0');
    expect(screen.getByTestId('summary-net-total').textContent).toBe('S$16.50');

    bridge.override('payments.summary', () => ({
      ok: true,
      value: { ...summary, refundedElsewhere: { count: 0, total: SGD(0) } },
    }));
    fireEvent.click(screen.getByTestId('summary-day-previous'));
    // One layout every day: the line stays, at zero.
    await waitFor(() => expect(screen.getByTestId('summary-refunded-elsewhere').dataset.count).toBe('0'));
  });
});
