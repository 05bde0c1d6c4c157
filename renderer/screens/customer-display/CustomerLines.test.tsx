import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { CustomerDisplay } from './CustomerDisplay.tsx';

// The register's lines on the customer display while the QR waits; gone with the result.

describe('customer display: the register’s lines', () => {
  it('lists what is being paid for beside the QR, then only the result', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const waiting = paymentView({
      referenceId: 'REF-CD-LINES',
      amount: { amountMinor: 1234, currency: 'SGD' },
      lines: [
        { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
        { description: 'Kopi C', quantity: 1, unitMinor: 734, amountMinor: 734 },
      ],
    });
    act(() => bridge.emit('payment.updated', waiting));
    const list = screen.getByTestId('customer-lines');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kaya toast 2 × S$2.50S$5.00', 'Kopi CS$7.34']);
    expect(screen.getByTestId('customer-qr')).toBeDefined();

    act(() =>
      bridge.emit('payment.updated', {
        ...waiting,
        displayStatus: 'paid',
        state: 'final',
        qrPayload: null,
        updatedAt: '2026-11-22T10:00:09.000Z',
      }),
    );
    expect(screen.queryByTestId('customer-lines')).toBeNull();
  });

  it('shows no list for a sale without lines', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    act(() => bridge.emit('payment.updated', paymentView({ referenceId: 'REF-CD-NOLINES' })));
    expect(screen.getByTestId('customer-qr')).toBeDefined();
    expect(screen.queryByTestId('customer-lines')).toBeNull();
  });
});
