import { describe, expect, it } from 'vitest';
import { paidPaymentView } from './paid-payment.test-helper.ts';
import type { PaymentDetail, PaymentView, RefundView } from './payments.ts';
import { buildReceipt, receiptRefusal } from './receipt.ts';
import { noticeInEnglish, type Notice } from './notices.ts';

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const paid = paidPaymentView;

function refund(overrides: Partial<RefundView>): RefundView {
  return {
    refundId: 'RF-1',
    referenceId: 'POS1-20261122-0007',
    amount: SGD(200),
    reason: 'Damaged',
    state: 'succeeded',
    failureReason: null,
    failureNotice: null,
    posId: 'POS-1',
    createdAt: '2026-11-22T06:00:00.000Z',
    updatedAt: '2026-11-22T06:00:01.000Z',
    ...overrides,
  };
}

const detail = (payment: PaymentView, refunds: RefundView[] = []): PaymentDetail => ({
  payment,
  refunds,
  history: [],
  events: [],
});
const terminal = { posId: 'POS-1', terminalReference: 'Counter 2' };
const valueOf = (doc: ReturnType<typeof buildReceipt>, field: string) =>
  doc.lines.find((line) => line.field === field)?.value;

describe('buildReceipt', () => {
  it('carries merchant, time in the till zone, amount, status, type, provider order id, reference, terminal and a QR of the reference', () => {
    const doc = buildReceipt({
      detail: detail(paid()),
      kind: 'receipt',
      merchantName: ' Harbour Bakery ',
      terminal,
      locale: 'en',
      timeZone: 'Asia/Singapore',
    });
    expect(doc.title).toBe('Receipt');
    expect(doc.merchantName).toBe('Harbour Bakery');
    expect(doc.lines.map((line) => line.field)).toEqual([
      'time',
      'amount',
      'status',
      'paymentType',
      'providerOrderId',
      'reference',
      'terminal',
    ]);
    expect(valueOf(doc, 'time')).toBe('22/11/2026, 13:04:03');
    expect(valueOf(doc, 'amount')).toBe('S$12.34');
    expect(valueOf(doc, 'status')).toBe('Paid');
    expect(valueOf(doc, 'paymentType')).toBe('Wallet payment');
    expect(valueOf(doc, 'providerOrderId')).toBe('2211220000123456');
    expect(valueOf(doc, 'reference')).toBe('POS1-20261122-0007');
    expect(valueOf(doc, 'terminal')).toBe('Counter 2 · POS-1');
    expect(doc.qrText).toBe('POS1-20261122-0007');
    expect(doc.refunds).toEqual([]);
    expect(doc.refundTotals).toBeNull();
  });

  it('names the terminal the payment was taken with, not a posId saved since (the demo terminal, a changed posId)', () => {
    const doc = buildReceipt({
      detail: detail(paid({ posId: 'POS-DEMO-1' })),
      kind: 'receipt',
      merchantName: 'M',
      terminal: { posId: 'TILL-9', terminalReference: 'Counter 2' },
      locale: 'en',
      timeZone: 'UTC',
    });
    expect(valueOf(doc, 'terminal')).toBe('Counter 2 · POS-DEMO-1');
  });

  it('writes the time in the zone asked for (Hong Kong and Sydney differ by hours)', () => {
    const hk = buildReceipt({
      detail: detail(paid()),
      kind: 'receipt',
      merchantName: 'M',
      terminal,
      locale: 'en',
      timeZone: 'Asia/Hong_Kong',
    });
    const syd = buildReceipt({
      detail: detail(paid()),
      kind: 'receipt',
      merchantName: 'M',
      terminal,
      locale: 'en',
      timeZone: 'Australia/Sydney',
    });
    expect(valueOf(hk, 'time')).toBe('22/11/2026, 13:04:03');
    expect(valueOf(syd, 'time')).toBe('22/11/2026, 16:04:03');
  });

  it('a refund slip lists every refund oldest first with refunded so far and refundable now', () => {
    const payment = paid({ refunded: SGD(500), refundable: SGD(734) });
    const doc = buildReceipt({
      detail: detail(payment, [
        refund({ refundId: 'RF-2', amount: SGD(300), createdAt: '2026-11-22T07:00:00.000Z', reason: null }),
        refund({}),
      ]),
      kind: 'refund-slip',
      merchantName: 'Harbour Bakery',
      terminal,
      locale: 'en',
      timeZone: 'UTC',
    });
    expect(doc.title).toBe('Refund slip');
    expect(valueOf(doc, 'status')).toBe('Partly refunded');
    expect(doc.refunds.map((r) => [r.refundId, r.amount, r.state, r.reason])).toEqual([
      ['RF-1', 'S$2.00', 'Refunded', 'Damaged'],
      ['RF-2', 'S$3.00', 'Refunded', null],
    ]);
    expect(doc.refunds[0]!.time).toBe('22/11/2026, 06:00:00');
    expect(doc.refundTotals).toEqual({
      refundedSoFarLabel: 'Refunded so far',
      refundedSoFar: 'S$5.00',
      refundableNowLabel: 'Refundable now',
      refundableNow: 'S$7.34',
    });
  });

  it('prints in Traditional Chinese on a zh-HK till, in HKD', () => {
    const payment = paid({
      amount: { amountMinor: 1234, currency: 'HKD' },
      refunded: { amountMinor: 1234, currency: 'HKD' },
      refundable: { amountMinor: 0, currency: 'HKD' },
      displayStatus: 'refunded',
      paymentType: 'PAYLATER',
    });
    const doc = buildReceipt({
      detail: detail(payment, [refund({ amount: { amountMinor: 1234, currency: 'HKD' } })]),
      kind: 'refund-slip',
      merchantName: '海港餅店',
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale: 'zh-HK',
      timeZone: 'Asia/Hong_Kong',
    });
    expect(doc.title).toBe('退款單');
    expect(valueOf(doc, 'amount')).toBe('HK$12.34');
    expect(valueOf(doc, 'status')).toBe('已退款');
    expect(valueOf(doc, 'paymentType')).toBe('先買後付');
    expect(valueOf(doc, 'terminal')).toBe('POS-1');
    expect(doc.lines.find((line) => line.field === 'providerOrderId')?.label).toBe('支付商訂單編號');
  });

  it('prints in Simplified Chinese on a zh-Hans till: day-first date (not 2026年11月22日), S$', () => {
    const doc = buildReceipt({
      detail: detail(paid({ paymentType: 'PAYLATER' }), []),
      kind: 'receipt',
      merchantName: '大巴窑咖啡店',
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale: 'zh-Hans',
      timeZone: 'Asia/Singapore',
    });
    expect(doc.title).toBe('收据');
    expect(valueOf(doc, 'time')).toBe('22/11/2026 13:04:03');
    expect(valueOf(doc, 'amount')).toBe('S$12.34');
    expect(valueOf(doc, 'paymentType')).toBe('先买后付');
  });
});

describe('the terminal lines: where the payment was taken, where it was refunded', () => {
  it('a refund slip made at the refund counter for a payment of another terminal says so, and names the counter', () => {
    const payment = paid({
      origin: 'looked-up',
      method: null,
      posId: null,
      refunded: SGD(500),
      refundable: SGD(734),
    });
    const counter = { posId: 'POS-COUNTER-B', terminalReference: 'COUNTER-B' };
    const refunds = [refund({ amount: SGD(500), posId: 'POS-COUNTER-B' })];
    const slip = buildReceipt({
      detail: detail(payment, refunds),
      kind: 'refund-slip',
      merchantName: 'Harbour Bakery',
      terminal: counter,
      locale: 'en',
      timeZone: 'UTC',
    });
    const terminalLines = slip.lines.filter((line) => line.field === 'terminal' || line.field === 'refundTerminal');
    expect(terminalLines.map((line) => [line.label, line.value])).toEqual([
      ['Taken at', 'Another terminal'],
      ['Refunded at', 'COUNTER-B · POS-COUNTER-B'],
    ]);
    // Its receipt, reprinted at the counter, never claims the counter took it.
    const receipt = buildReceipt({
      detail: detail(payment, refunds),
      kind: 'receipt',
      merchantName: 'Harbour Bakery',
      terminal: counter,
      locale: 'zh-HK',
      timeZone: 'UTC',
    });
    expect(receipt.lines.find((line) => line.field === 'terminal')).toEqual({
      field: 'terminal',
      label: '付款終端機',
      value: '另一部終端機',
    });
    expect(valueOf(receipt, 'refundTerminal')).toBeUndefined();
  });

  it("a slip of this till's own payment adds the refund's terminal only when it was sent as another posId", () => {
    const own = buildReceipt({
      detail: detail(paid(), [refund({ posId: 'POS-1' })]),
      kind: 'refund-slip',
      merchantName: 'M',
      terminal,
      locale: 'en',
      timeZone: 'UTC',
    });
    expect(valueOf(own, 'terminal')).toBe('Counter 2 · POS-1');
    expect(valueOf(own, 'refundTerminal')).toBeUndefined();
    // The till's posId changed between the sale and the refund: the refund went out as the new one.
    const moved = buildReceipt({
      detail: detail(paid(), [refund({ posId: 'POS-7' })]),
      kind: 'refund-slip',
      merchantName: 'M',
      terminal: { posId: 'POS-7', terminalReference: 'Counter 2' },
      locale: 'zh-HK',
      timeZone: 'UTC',
    });
    expect(valueOf(moved, 'terminal')).toBe('Counter 2 · POS-1');
    expect(moved.lines.find((line) => line.field === 'refundTerminal')).toEqual({
      field: 'refundTerminal',
      label: '退款終端機',
      value: 'Counter 2 · POS-7',
    });
  });
});

describe('receiptRefusal', () => {
  it('allows a receipt for a paid or refunded payment only', () => {
    expect(receiptRefusal(detail(paid()), 'receipt')).toBeNull();
    expect(receiptRefusal(detail(paid({ displayStatus: 'refunded' })), 'receipt')).toBeNull();
    for (const displayStatus of ['waiting', 'checking', 'failed', 'expired', 'cancelled', 'not-sent'] as const) {
      expect(english(receiptRefusal(detail(paid({ displayStatus })), 'receipt'))).toMatch(/not paid/);
    }
  });

  it('allows a refund slip only once the payment has a refund', () => {
    expect(english(receiptRefusal(detail(paid()), 'refund-slip'))).toMatch(/no refund/);
    expect(receiptRefusal(detail(paid(), [refund({})]), 'refund-slip')).toBeNull();
  });
});

function english(refusal: Notice | null): string | null {
  return refusal === null ? null : noticeInEnglish(refusal);
}
