import { describe, expect, it } from 'vitest';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import type { Locale } from '../../../shared/settings.ts';

// The cashier on a receipt (Settings → Staff "cashier on receipt", default off): their first name only, in the
// receipt's language; nothing for a payment nobody was signed in for.

const payment: PaymentView = paidPaymentView({
  method: 'customer-qr',
  providerOrderId: '221122-0679-YVUY',
  updatedAt: '2026-11-22T05:04:03.000Z',
  takenBy: { id: 'alice', name: '  Alice Tan Mei Ling ' },
});

function cashierLine(view: PaymentView, cashierOnReceipt: boolean | undefined, locale: Locale = 'en') {
  const document = buildReceipt({
    detail: { payment: view, refunds: [], history: [], events: [] },
    kind: 'receipt',
    merchantName: 'Bakery',
    terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
    locale,
    timeZone: 'UTC',
    cashierOnReceipt,
  });
  return document.lines.find((line) => line.field === 'cashier') ?? null;
}

describe('the cashier on a receipt', () => {
  it('is left off by default and when the setting is off', () => {
    expect(cashierLine(payment, undefined)).toBeNull();
    expect(cashierLine(payment, false)).toBeNull();
  });

  it('prints the built-in Admin under its default name as its role in the receipt’s language', () => {
    const byAdmin = { ...payment, takenBy: { id: 'admin', name: 'Admin' } };
    expect(cashierLine(byAdmin, true, 'zh-HK')?.value).toBe('管理員');
    expect(cashierLine(byAdmin, true, 'en')?.value).toBe('Admin');
  });

  it('prints the first name only, labelled in the receipt’s language', () => {
    expect(cashierLine(payment, true)).toEqual({ field: 'cashier', label: 'Cashier', value: 'Alice' });
    expect(cashierLine({ ...payment, takenBy: { id: 'wong', name: '黃小明' } }, true, 'zh-HK')).toEqual({
      field: 'cashier',
      label: '收銀員',
      value: '黃小明',
    });
  });

  it('prints nothing for the kiosk’s sale or one nobody was signed in for', () => {
    expect(cashierLine({ ...payment, takenBy: null }, true)).toBeNull();
  });
});
