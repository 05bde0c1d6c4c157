import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { localDay } from '../../components/format.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Issue 39, item 8: the Refund screen opens with today's last paid sales to tap, before anything is scanned.

describe('refund screen: recent sales', () => {
  it("lists today's last ten paid sales (time, amount, note); a tap opens that payment", async () => {
    const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
    bridge.payments.set(
      'REF-PAID-0002',
      paymentView({
        referenceId: 'REF-PAID-0002',
        amount: { amountMinor: 1850, currency: 'SGD' },
        note: 'Table 4',
        state: 'final',
        providerStatus: 'CAPTURED',
        displayStatus: 'paid',
        qrPayload: null,
        canCancel: false,
        canRefund: true,
        refundable: { amountMinor: 1850, currency: 'SGD' },
      }),
    );
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    const sales = await screen.findAllByTestId('refund-recent-sale');
    expect(bridge.callsTo('payments.history')).toContainEqual({ day: localDay(), status: 'paid', limit: 10 });
    expect(sales).toHaveLength(1);
    expect(sales[0]!.textContent).toMatch(/^\d{1,2}:\d{2}.* · S\$18\.50 · Table 4$/);

    fireEvent.click(sales[0]!);
    expect((await screen.findByTestId('refund-reference')).textContent).toBe('REF-PAID-0002');
    expect(screen.queryByTestId('refund-recent')).toBeNull();
  });
});
