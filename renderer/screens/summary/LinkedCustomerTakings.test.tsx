import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Linked-customer takings in the day summary, as the core composes them: approved charges and captured holds
// as their own lines, already in net (net = in-store paid − refunds + linked-customer takings).

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const line = (count: number, amountMinor: number) => ({ count, total: SGD(amountMinor) });

const SUMMARY: DaySummary = {
  day: '2026-11-22',
  currency: 'SGD',
  byStatus: { paid: line(1, 1000) },
  byMethod: { 'merchant-qr': line(1, 1000), 'customer-qr': line(0, 0) },
  paid: line(1, 1000),
  refunds: line(1, 200),
  refundedElsewhere: line(0, 0),
  linkedCustomers: { charges: line(2, 1999), captures: line(1, 5000) },
  net: SGD(1000 - 200 + 1999 + 5000),
};

describe('day summary: linked customers', () => {
  it('shows approved charges and captured holds as their own lines, with a net that includes them', async () => {
    const bridge = createFakeBridge();
    bridge.override('payments.summary', () => ({ ok: true, value: SUMMARY }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await waitFor(() => expect(screen.getByTestId('summary-linked-charges-total').textContent).toBe('S$19.99'));
    expect(screen.getByTestId('summary-linked-charges').dataset.count).toBe('2');
    expect(screen.getByText('Linked customers: charges approved')).toBeDefined();
    expect(screen.getByTestId('summary-linked-captures-total').textContent).toBe('S$50.00');
    expect(screen.getByTestId('summary-linked-captures').dataset.count).toBe('1');
    expect(screen.getByText('Linked customers: holds captured')).toBeDefined();
    expect(screen.getByTestId('summary-net-total').textContent).toBe('S$77.99');
  });

  it('reads the same in Traditional Chinese; a summary without the lines (no customer module) shows none', async () => {
    // The app reads the till's language from its settings (app.info).
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    bridge.override('payments.summary', () => ({ ok: true, value: SUMMARY }));
    renderWithBridge(<App />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await waitFor(() => expect(screen.getByText('已綁定顧客：已扣取預授權')).toBeDefined());
    expect(screen.getByText('已綁定顧客：已批准即時收款')).toBeDefined();

    const { linkedCustomers: _dropped, ...inStoreOnly } = SUMMARY;
    void _dropped;
    bridge.override('payments.summary', () => ({ ok: true, value: { ...inStoreOnly, net: SGD(800) } }));
    fireEvent.click(screen.getByTestId('summary-day-previous'));
    await waitFor(() => expect(screen.queryByTestId('summary-linked-charges')).toBeNull());
    expect(screen.queryByTestId('summary-linked-captures')).toBeNull();
  });
});
