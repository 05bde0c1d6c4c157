import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/app-store.ts';
import { PaymentDetailScreen } from '../../screens/payments/PaymentDetailScreen.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The browser's print (no printer behind the core) of a Singapore tax receipt with the register's lines: the
// business from Settings → Terminal, its GST facts and the lines, as main prints them.

const REFERENCE = 'POS1-20261122-0008';
const print = vi.fn();
beforeEach(() => {
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
  useAppStore.getState().setSettingsView({
    settings: {
      ...createFakeBridge().settings,
      country: 'SG',
      merchantName: 'Harbour Bakery',
      business: {
        name: 'Harbour Bakery Pte Ltd',
        address: '1 Harbourfront Walk, Singapore 098585',
        taxNumber: 'M2-0123456-7',
        pricesIncludeTax: true,
        taxRatePercent: 9,
      },
    },
    secrets: { accessKeySecret: false, adminPin: false, supervisorPin: true } as never,
    demo: true,
    vaultUnreadable: false,
    pinLockouts: [],
  });
});
afterEach(() => Reflect.deleteProperty(window, 'print'));

describe('a tax receipt printed from the screens', () => {
  it('carries the business, its GST number, the items, the GST facts and "Price Payable includes GST"', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set(
      REFERENCE,
      paymentView({
        referenceId: REFERENCE,
        state: 'final',
        providerStatus: 'CAPTURED',
        displayStatus: 'paid',
        qrPayload: null,
        canCancel: false,
        canRefund: true,
        amount: { amountMinor: 1234, currency: 'SGD' },
        refundable: { amountMinor: 1234, currency: 'SGD' },
        lines: [
          { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
          { description: 'Kopi C', quantity: 1, unitMinor: 734, amountMinor: 734 },
        ],
      }),
    );
    renderWithBridge(<PaymentDetailScreen referenceId={REFERENCE} />, bridge);
    fireEvent.click(await screen.findByTestId('detail-reprint'));
    const area = await screen.findByTestId('receipt-print-area');
    expect(within(area).getByRole('heading', { level: 1 }).textContent).toBe('Harbour Bakery Pte Ltd');
    expect(
      within(area)
        .getAllByTestId('receipt-identity')
        .map((p) => p.textContent),
    ).toEqual(['1 Harbourfront Walk, Singapore 098585', 'GST Reg. No. M2-0123456-7']);
    expect(within(area).getByTestId('receipt-items').textContent).toContain('Kaya toast2 × S$2.50');
    expect(within(area).getByTestId('receipt-totalInclTax').textContent).toBe('S$12.34');
    expect(within(area).getByTestId('receipt-tax').textContent).toBe('S$1.02');
    expect(within(area).getByTestId('receipt-note').textContent).toBe('Price Payable includes GST');
  });
});
