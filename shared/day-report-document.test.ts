import { describe, expect, it } from 'vitest';
import { buildDayReport, moneyLinesOf } from './day-report-document.ts';
import type { DaySummary } from './payment-history.ts';
import { money } from './money.ts';

const SGD = (minor: number) => money(minor, 'SGD');

// Three payments taken (one since fully refunded here), a refund made here of another terminal's payment, and
// part of one refunded at the merchant portal: gross 3, refunds made here 2 (1 own, 1 of another terminal),
// refunded elsewhere for information, net = gross − refunds made here.
const SUMMARY: DaySummary = {
  day: '2026-11-25',
  currency: 'SGD',
  byStatus: {
    paid: { count: 2, total: SGD(2904) },
    refunded: { count: 1, total: SGD(1234) },
    failed: { count: 1, total: SGD(500) },
  },
  byMethod: { 'merchant-qr': { count: 2, total: SGD(3000) }, 'customer-qr': { count: 1, total: SGD(1138) } },
  paid: { count: 3, total: SGD(4138) },
  refunds: { count: 1, total: SGD(1234) },
  refundsOfOtherTerminals: { count: 1, total: SGD(300) },
  refundedElsewhere: { count: 1, total: SGD(200) },
  net: SGD(2604),
};

describe('end-of-day report', () => {
  it('adds each register’s sales and the refunds made here of them, as parts of the figures above', () => {
    const summary: DaySummary = {
      ...SUMMARY,
      byRegister: [
        { keyName: 'Back office', paid: { count: 1, total: SGD(1138) }, refunds: { count: 0, total: SGD(0) } },
        { keyName: 'Front register', paid: { count: 1, total: SGD(1234) }, refunds: { count: 1, total: SGD(1234) } },
      ],
    };
    const report = (locale: 'en' | 'zh-HK') =>
      buildDayReport({
        summary,
        merchantName: '',
        terminal: { posId: 'P', terminalReference: '' },
        locale,
        printedAt: '2026-11-25T14:05:09.000Z',
      });
    const section = report('en').sections.at(-1)!;
    expect(section.key).toBe('byRegister');
    expect(section.title).toBe('Register sales (part of the above)');
    expect(section.rows.map((row) => [row.label, row.count, row.amount, row.part])).toEqual([
      ['Back office', '1', 'S$11.38', false],
      ['refunds made here', '0', 'S$0.00', true],
      ['Front register', '1', 'S$12.34', false],
      ['refunds made here', '1', '−S$12.34', true],
    ]);
    // Not added again: the money section is the same with or without it.
    expect(report('en').sections[0]).toEqual(
      buildDayReport({
        summary: SUMMARY,
        merchantName: '',
        terminal: { posId: 'P', terminalReference: '' },
        locale: 'en',
        printedAt: '2026-11-25T14:05:09.000Z',
      }).sections[0],
    );
    expect(report('zh-HK').sections.at(-1)!.title).toBe('收銀系統交易（已包括在上列數字內）');
  });

  it('one layout: gross (paid), refunds made here split by whose payment, refunded elsewhere, net — each with its count', () => {
    const lines = moneyLinesOf(SUMMARY);
    expect(lines.map((line) => [line.key, line.count, line.total.amountMinor])).toEqual([
      ['gross', 3, 4138],
      ['refunds', 2, 1534],
      ['refundsOwn', 1, 1234],
      ['refundsOfOtherTerminals', 1, 300],
      ['refundedElsewhere', 1, 200],
      ['net', null, 2604],
    ]);
    // Net is gross − refunds made here; what was refunded elsewhere is counted by the terminal that made it.
    const [gross, refunds] = lines;
    expect(gross!.total.amountMinor - refunds!.total.amountMinor).toBe(SUMMARY.net.amountMinor);
  });

  it('prints the audit chain as it stood when the report was made, in each language', () => {
    const chain = { entries: 42, hash: 'ffee00112233'.padEnd(64, '9') };
    for (const [locale, label] of [
      ['en', 'Audit chain'],
      ['zh-HK', '審計鏈'],
      ['zh-Hans', '审计链'],
      ['ms', 'Rantai audit'],
    ] as const) {
      const report = buildDayReport({
        summary: { ...SUMMARY, chain },
        merchantName: 'Demo Coffee Bar',
        terminal: { posId: 'POS-DEMO-1', terminalReference: 'TILL-01' },
        locale,
        printedAt: '2026-11-25T14:05:09.000Z',
      });
      expect(report.facts.map((fact) => fact.key)).toEqual(['terminal', 'day', 'chain', 'printedAt']);
      expect(report.facts[2]).toEqual({ key: 'chain', label, value: '#42 ffee00112233' });
    }
  });

  it('prints merchant, terminal, day and time printed (24-hour), totals by status and method, in the till’s language', () => {
    const report = buildDayReport({
      summary: SUMMARY,
      merchantName: ' Demo Coffee Bar ',
      terminal: { posId: 'POS-DEMO-1', terminalReference: 'TILL-01' },
      locale: 'en',
      printedAt: '2026-11-25T14:05:09.000Z',
      timeZone: 'Asia/Singapore',
    });
    expect(report.merchantName).toBe('Demo Coffee Bar');
    expect(report.facts).toEqual([
      { key: 'terminal', label: 'Terminal', value: 'TILL-01 · POS-DEMO-1' },
      { key: 'day', label: 'Day', value: '25/11/2026' },
      { key: 'printedAt', label: 'Printed at', value: '25/11/2026, 22:05:09' },
    ]);
    const money = report.sections.find((section) => section.key === 'money')!;
    expect(money.rows.map((row) => [row.label, row.count, row.amount])).toEqual([
      ['Gross (paid)', '3', 'S$41.38'],
      ['Refunds made here', '2', '−S$15.34'],
      ['of payments taken here', '1', '−S$12.34'],
      ['of payments taken at other terminals', '1', '−S$3.00'],
      ['Refunded elsewhere (not in net)', '1', 'S$2.00'],
      ['Net', '', 'S$26.04'],
    ]);
    expect(report.sections.find((section) => section.key === 'byMethod')!.rows.map((row) => row.label)).toEqual([
      'Customer scanned our QR',
      'We scanned the customer',
    ]);
    // No register started a payment that day: no register section.
    expect(report.sections.map((section) => section.key)).toEqual(['money', 'byStatus', 'byMethod']);

    const zh = buildDayReport({
      summary: SUMMARY,
      merchantName: '',
      terminal: { posId: 'P', terminalReference: '' },
      locale: 'zh-HK',
      printedAt: '2026-11-25T14:05:09.000Z',
      timeZone: 'Asia/Hong_Kong',
    });
    expect(zh.title).toBe('日結報告');
    expect(zh.facts.find((fact) => fact.key === 'printedAt')!.value).toMatch(/^25\/11\/2026\s*22:05:09$/);
    expect(zh.sections.find((section) => section.key === 'byStatus')!.rows.map((row) => row.label)).toEqual([
      '已付款',
      '已退款',
      '失敗',
    ]);
  });
});
