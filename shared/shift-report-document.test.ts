import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { buildShiftReport } from './shift-report-document.ts';
import type { ShiftView } from './staff.ts';

// The X and Z reports as printed: every figure of the ShiftView, in the till's language, and the payments still
// open at a forced close only when there were some.

const line = (count: number, minor: number) => ({ count, total: money(minor, 'SGD') });
const shift: ShiftView = {
  id: 'SHIFT-3-ABCDEF12',
  number: 3,
  openedAt: '2026-11-21T01:00:00.000Z',
  closedAt: '2026-11-21T09:00:00.000Z',
  openedBy: { id: 'alice', name: 'Alice Tan' },
  closedBy: { id: 'sue', name: 'Sue Wong' },
  note: null,
  leftOpenOvernight: false,
  report: {
    currency: 'SGD',
    from: '2026-11-21T01:00:00.000Z',
    to: '2026-11-21T09:00:00.000Z',
    paid: line(3, 4500),
    byMethod: { 'merchant-qr': line(1, 1000), 'customer-qr': line(2, 3500) },
    refunds: line(1, 250),
    cancels: 1,
    registerSales: line(1, 1000),
    net: money(4250, 'SGD'),
    byCashier: [
      {
        staff: { id: 'alice', name: 'Alice Tan' },
        paid: line(2, 3500),
        refunds: line(0, 0),
        unapprovedRefunds: line(0, 0),
        cancels: 1,
      },
      { staff: null, paid: line(1, 1000), refunds: line(1, 250), cancels: 0 },
    ],
    openAtClose: ['TILL01-20261121-OPEN0001'],
  },
};

describe('the shift report on paper', () => {
  it('a closed shift prints as its Z, with who opened and closed it and what was still open', () => {
    const document = buildShiftReport({
      shift,
      merchantName: ' Bakery ',
      terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
      locale: 'en',
      printedAt: '2026-11-21T09:05:00.000Z',
      timeZone: 'Asia/Singapore',
    });
    expect(document).toMatchObject({ kind: 'shift-report', report: 'Z', title: 'Z report (shift closed) #3' });
    expect(document.facts.map((fact) => [fact.key, fact.value])).toEqual([
      ['terminal', 'Counter 2 · POS-1'],
      ['number', '3'],
      ['openedAt', expect.stringContaining('09:00')],
      ['openedBy', 'Alice Tan'],
      ['closedAt', expect.stringContaining('17:00')],
      ['closedBy', 'Sue Wong'],
      ['printedAt', expect.stringContaining('17:05')],
    ]);
    const money = document.sections.find((section) => section.key === 'money')!;
    expect(money.rows.map((row) => [row.key, row.count, row.amount])).toEqual([
      ['paid', '3', 'S$45.00'],
      ['registerSales', '1', 'S$10.00'],
      ['refunds', '1', '−S$2.50'],
      ['cancels', '1', ''],
      ['net', '', 'S$42.50'],
    ]);
    const cashiers = document.sections.find((section) => section.key === 'byCashier')!;
    expect(cashiers.rows.filter((row) => !row.part).map((row) => row.label)).toEqual([
      'Alice Tan',
      'Nobody signed in (kiosk, register)',
    ]);
    expect(cashiers.rows.map((row) => row.key)).toEqual([
      'paid:alice',
      'refunds:alice',
      'unapprovedRefunds:alice',
      'cancels:alice',
      'paid:',
      'refunds:',
      'cancels:',
    ]);
    expect(document.sections.at(-1)).toMatchObject({
      key: 'openAtClose',
      rows: [{ label: 'TILL01-20261121-OPEN0001' }],
    });
  });

  it('an open shift prints as its X in the till’s language, with no list of open payments', () => {
    const open: ShiftView = {
      ...shift,
      closedAt: null,
      closedBy: null,
      note: '早更',
      report: { ...shift.report, openAtClose: [] },
    };
    const document = buildShiftReport({
      shift: open,
      merchantName: 'Bakery',
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale: 'zh-HK',
      printedAt: '2026-11-21T05:00:00.000Z',
    });
    expect(document).toMatchObject({ report: 'X', title: 'X 報表（本更至今） #3' });
    expect(document.facts.map((fact) => fact.key)).toEqual([
      'terminal',
      'number',
      'openedAt',
      'openedBy',
      'note',
      'printedAt',
    ]);
    expect(document.sections.map((section) => section.key)).toEqual(['money', 'byMethod', 'byCashier']);
  });

  it('prints the audit chain as the Z saw it: its last entry’s number and short hash', () => {
    const hash = 'a1b2c3d4e5f6'.padEnd(64, '0');
    const closed: ShiftView = { ...shift, report: { ...shift.report, chain: { entries: 1234, hash } } };
    for (const [locale, label] of [
      ['en', 'Audit chain'],
      ['zh-HK', '審計鏈'],
      ['zh-Hans', '审计链'],
      ['ms', 'Rantai audit'],
    ] as const) {
      const document = buildShiftReport({
        shift: closed,
        merchantName: 'Bakery',
        terminal: { posId: 'POS-1', terminalReference: 'TILL-01' },
        locale,
        printedAt: '2026-11-21T05:00:00.000Z',
      });
      expect(document.facts.find((fact) => fact.key === 'chain')).toEqual({
        key: 'chain',
        label,
        value: '#1234 a1b2c3d4e5f6',
      });
      expect(document.facts.at(-1)?.key).toBe('printedAt');
    }
  });

  it('the built-in Admin and Supervisor under their default names print as their role in the till’s language', () => {
    const byBuiltIns: ShiftView = {
      ...shift,
      openedBy: { id: 'supervisor', name: 'Supervisor' },
      closedBy: { id: 'admin', name: 'Manager Lee' },
      report: {
        ...shift.report,
        byCashier: [{ staff: { id: 'admin', name: 'Admin' }, paid: line(1, 100), refunds: line(0, 0), cancels: 0 }],
      },
    };
    const document = buildShiftReport({
      shift: byBuiltIns,
      merchantName: 'Bakery',
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale: 'zh-HK',
      printedAt: '2026-11-21T09:30:00.000Z',
    });
    const fact = (key: string) => document.facts.find((each) => each.key === key)?.value;
    expect(fact('openedBy')).toBe('主管');
    // Renamed by an admin: shown as typed.
    expect(fact('closedBy')).toBe('Manager Lee');
    const cashiers = document.sections.find((section) => section.key === 'byCashier')!;
    expect(cashiers.rows[0]?.label).toBe('管理員');
  });

  it("names each cashier's refunds nobody approved; a Z kept before they were counted prints without them", () => {
    const alice = {
      staff: { id: 'alice', name: 'Alice Tan' },
      paid: line(2, 3500),
      refunds: line(3, 1234),
      cancels: 0,
    };
    const withUnapproved: ShiftView = {
      ...shift,
      report: { ...shift.report, byCashier: [{ ...alice, unapprovedRefunds: line(2, 1000) }] },
    };
    const build = (view: ShiftView, locale: 'en' | 'ms' | 'zh-Hans' | 'zh-HK') =>
      buildShiftReport({
        shift: view,
        merchantName: 'Bakery',
        terminal: { posId: 'POS-1', terminalReference: '' },
        locale,
        printedAt: '2026-11-21T09:05:00.000Z',
      }).sections.find((section) => section.key === 'byCashier')!.rows;
    expect(build(withUnapproved, 'en').find((row) => row.key === 'unapprovedRefunds:alice')).toEqual({
      key: 'unapprovedRefunds:alice',
      label: 'Refunds without approval',
      count: '2',
      amount: '−S$10.00',
      part: true,
    });
    for (const locale of ['ms', 'zh-Hans', 'zh-HK'] as const)
      expect(build(withUnapproved, locale).find((row) => row.key === 'unapprovedRefunds:alice')?.label).not.toBe(
        'Refunds without approval',
      );
    const keptBefore: ShiftView = { ...shift, report: { ...shift.report, byCashier: [alice] } };
    expect(build(keptBefore, 'en').map((row) => row.key)).toEqual(['paid:alice', 'refunds:alice', 'cancels:alice']);
  });
});
