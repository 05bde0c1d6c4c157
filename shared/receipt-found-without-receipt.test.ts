import { describe, expect, it } from 'vitest';
import { paidPaymentView } from './paid-payment.test-helper.ts';
import type { RefundView } from './payments.ts';
import { buildReceipt } from './receipt.ts';
import type { Locale } from './settings.ts';

// Issue 38, 3: a refund of a payment found without its receipt says so on its slip, in the till's language, naming
// which refunds were; a slip of refunds made with the receipt has no such line, and neither has the receipt.

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

function refund(refundId: string, foundWithoutReceipt: boolean | undefined): RefundView {
  return {
    refundId,
    referenceId: 'POS1-20261122-0007',
    amount: SGD(200),
    reason: 'Damaged',
    state: 'succeeded',
    failureReason: null,
    failureNotice: null,
    posId: 'POS-1',
    createdAt: '2026-11-22T06:00:00.000Z',
    updatedAt: '2026-11-22T06:00:01.000Z',
    ...(foundWithoutReceipt === undefined ? {} : { foundWithoutReceipt }),
  };
}

function slip(refunds: RefundView[], locale: Locale = 'en', kind: 'refund-slip' | 'receipt' = 'refund-slip') {
  const payment = paidPaymentView({ refunded: SGD(400), refundable: SGD(834) });
  return buildReceipt({
    detail: { payment, refunds, history: [], events: [] },
    kind,
    merchantName: 'Harbour Bakery',
    terminal: { posId: 'POS-1', terminalReference: '' },
    locale,
    timeZone: 'Asia/Singapore',
  });
}

const markOf = (doc: ReturnType<typeof buildReceipt>) => doc.lines.find((line) => line.field === 'foundWithoutReceipt');

describe('refund slip: found without receipt', () => {
  it('prints the line in each language, naming the refunds found so', () => {
    const refunds = [refund('POS1-20261122-0007-R1', undefined), refund('POS1-20261122-0007-R2', true)];
    const labels: Record<Locale, string> = {
      en: 'Found without receipt',
      'zh-HK': '無收據，經查找',
      'zh-Hans': '无收据，经查找',
      ms: 'Ditemui tanpa resit',
    };
    for (const [locale, label] of Object.entries(labels) as [Locale, string][]) {
      expect(markOf(slip(refunds, locale))).toEqual({
        field: 'foundWithoutReceipt',
        label,
        value: 'POS1-20261122-0007-R2',
      });
    }
  });

  it('has no such line for refunds made with the receipt, nor on the receipt itself', () => {
    expect(markOf(slip([refund('R1', undefined), refund('R2', false)]))).toBeUndefined();
    expect(markOf(slip([refund('R1', true)], 'en', 'receipt'))).toBeUndefined();
  });
});
