import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The day summary on a day the shop's register programs sold: each register's takings and the refunds made here
// of them, for the manager to compare with the register's own report; nothing of it on a day none did.

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const SUMMARY: DaySummary = {
  day: '2026-11-21',
  currency: 'SGD',
  byStatus: { paid: { count: 3, total: SGD(4614) } },
  byMethod: { 'merchant-qr': { count: 2, total: SGD(3734) }, 'customer-qr': { count: 1, total: SGD(880) } },
  paid: { count: 3, total: SGD(4614) },
  refunds: { count: 1, total: SGD(234) },
  byRegister: [
    { keyName: 'Front register', paid: { count: 2, total: SGD(2114) }, refunds: { count: 1, total: SGD(234) } },
  ],
  net: SGD(4380),
};

describe('register sales on the day summary', () => {
  for (const [locale, caption, paidRow, refundsRow] of [
    [
      'en',
      'Register sales, by register (parts of the figures above)',
      'Front register: Paid',
      'Front register: Refunds made here',
    ],
    [
      'zh-HK',
      '收銀系統交易（按收銀系統；已包括在上列數字內）',
      'Front register: 已付款',
      'Front register: 於本終端機退款',
    ],
  ] as const) {
    it(`lists each register's takings and the refunds made here of them, named for a screen reader (${locale})`, async () => {
      const bridge = createFakeBridge();
      bridge.settings = { ...bridge.settings, locale };
      bridge.override('payments.summary', () => ({ ok: true, value: SUMMARY }));
      renderWithBridge(<App />, bridge, locale);
      fireEvent.click(await screen.findByTestId('nav-summary'));
      const table = await screen.findByRole('table', { name: caption });
      expect(within(table).getByRole('rowheader', { name: paidRow }).closest('tr')!.textContent).toContain('S$21.14');
      const refunds = within(table).getByRole('rowheader', { name: refundsRow }).closest('tr')!;
      expect(refunds.dataset.count).toBe('1');
      expect(refunds.textContent).toContain('−S$2.34');
      // Parts of the figures above: gross and net are the core's, nothing added.
      expect(screen.getByTestId('summary-paid-total').textContent).toBe('S$46.14');
      expect(screen.getByTestId('summary-net-total').textContent).toBe('S$43.80');
    });
  }

  it('shows no register table on a day no register sold', async () => {
    const bridge = createFakeBridge();
    bridge.override('payments.summary', () => ({ ok: true, value: { ...SUMMARY, byRegister: [] } }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await waitFor(() => expect(screen.getByTestId('summary-paid-total').textContent).toBe('S$46.14'));
    expect(screen.queryByTestId('summary-by-register')).toBeNull();
  });
});
