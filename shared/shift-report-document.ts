import { chainLine } from './audit-chain.ts';
import { formatMoney, type Money } from './money.ts';
import { formatDateTime, type ReceiptTerminal } from './receipt.ts';
import { LANGUAGES } from './locales/index.ts';
import { fillTemplate } from './notices.ts';
import type { Locale } from './settings.ts';
import { shownStaffName, type ShiftReport, type ShiftView, type StaffRef } from './staff.ts';
import type { SummaryLine } from './payment-history.ts';

// A shift's X report (the shift so far) or Z report (the shift closed, as kept at its close) as plain data for the
// 80 mm roll, laid out like the end-of-day report (day-report-document.ts, the same ESC/POS layout): who and
// where, the shift's number and who opened and closed it, its money (paid, refunds, cancels, register sales,
// net), by method, per cashier (with their refunds nobody approved), the payments still open when a
// supervisor closed it anyway, the payments of an earlier Z paid since (counted in this one), the cash drawer
// opened without a sale (when, who, why), and the audit chain's last entry when it was made. Built from the ShiftView the core answers: a Z is printed from the report stored
// at the close, never recomputed. Pure.

export type ShiftReportFactKey =
  'terminal' | 'number' | 'openedAt' | 'openedBy' | 'closedAt' | 'closedBy' | 'note' | 'chain' | 'printedAt';

export interface ShiftReportRow {
  readonly key: string;
  readonly label: string;
  /** "" where a count means nothing (net). */
  readonly count: string;
  readonly amount: string;
  readonly part: boolean;
}

export interface ShiftReportSection {
  readonly key: 'money' | 'byMethod' | 'byCashier' | 'openAtClose' | 'paidAfterClose' | 'drawerOpenings';
  readonly title: string;
  readonly rows: readonly ShiftReportRow[];
}

export interface ShiftReportDocument {
  readonly kind: 'shift-report';
  /** X while the shift is open, Z once closed. */
  readonly report: 'X' | 'Z';
  readonly title: string;
  readonly merchantName: string;
  readonly facts: readonly { readonly key: ShiftReportFactKey; readonly label: string; readonly value: string }[];
  readonly countLabel: string;
  readonly amountLabel: string;
  readonly sections: readonly ShiftReportSection[];
}

export interface ShiftReportInput {
  readonly shift: ShiftView;
  readonly merchantName: string;
  readonly terminal: ReceiptTerminal;
  readonly locale: Locale;
  /** When it is printed (ISO 8601). */
  readonly printedAt: string;
  readonly timeZone?: string | undefined;
}

export function buildShiftReport(input: ShiftReportInput): ShiftReportDocument {
  const { shift, locale } = input;
  const report: ShiftReport = shift.report;
  const words = LANGUAGES[locale].screens;
  const closed = shift.closedAt !== null;
  const when = (iso: string): string => formatDateTime(iso, locale, input.timeZone);
  const nameOf = (ref: StaffRef): string => shownStaffName(ref, (role) => words[`staff.role.${role}`]);
  const amount = (value: Money, outgoing = false): string =>
    (outgoing && value.amountMinor > 0 ? '−' : '') + formatMoney(value, locale);
  const row = (key: string, label: string, line: SummaryLine, flags: { part?: boolean; out?: boolean } = {}) => ({
    key,
    label,
    count: String(line.count),
    amount: amount(line.total, flags.out ?? false),
    part: flags.part ?? false,
  });
  const countOnly = (key: string, label: string, count: number, part = false): ShiftReportRow => ({
    key,
    label,
    count: String(count),
    amount: '',
    part,
  });
  const terminal = [input.terminal.terminalReference.trim(), input.terminal.posId.trim()]
    .filter((part) => part !== '')
    .join(' · ');
  const facts: ShiftReportDocument['facts'][number][] = [
    { key: 'terminal', label: words['shiftReport.terminal'], value: terminal || '—' },
    { key: 'number', label: words['shiftReport.number'], value: String(shift.number) },
    { key: 'openedAt', label: words['shiftReport.openedAt'], value: when(shift.openedAt) },
    { key: 'openedBy', label: words['shiftReport.openedBy'], value: shift.openedBy ? nameOf(shift.openedBy) : '—' },
  ];
  if (shift.closedAt !== null) {
    facts.push({ key: 'closedAt', label: words['shiftReport.closedAt'], value: when(shift.closedAt) });
    facts.push({
      key: 'closedBy',
      label: words['shiftReport.closedBy'],
      value: shift.closedBy ? nameOf(shift.closedBy) : '—',
    });
  }
  if (shift.note) facts.push({ key: 'note', label: words['shiftReport.note'], value: shift.note });
  // The audit chain as the report saw it: an auditor compares it with `npm run verify-journal` and the export.
  if (report.chain) facts.push({ key: 'chain', label: words['shiftReport.chain'], value: chainLine(report.chain) });
  facts.push({ key: 'printedAt', label: words['shiftReport.printedAt'], value: when(input.printedAt) });

  const money: ShiftReportRow[] = [
    row('paid', words['shiftReport.paid'], report.paid),
    row('registerSales', words['shiftReport.registerSales'], report.registerSales, { part: true }),
    row('refunds', words['shiftReport.refunds'], report.refunds, { out: true }),
    countOnly('cancels', words['shiftReport.cancels'], report.cancels),
    { key: 'net', label: words['shiftReport.net'], count: '', amount: amount(report.net), part: false },
  ];
  const byMethod = [
    row('merchant-qr', words['shiftReport.merchantQr'], report.byMethod['merchant-qr']),
    row('customer-qr', words['shiftReport.customerQr'], report.byMethod['customer-qr']),
  ];
  const byCashier = report.byCashier.flatMap((line) => {
    const id = line.staff?.id ?? '';
    return [
      row(`paid:${id}`, line.staff ? nameOf(line.staff) : words['shiftReport.nobody'], line.paid),
      row(`refunds:${id}`, words['shiftReport.refunds'], line.refunds, { part: true, out: true }),
      // A person's refunds nobody approved with a PIN (not the nobody line: its refunds never are a cashier's).
      ...(line.staff && line.unapprovedRefunds
        ? [
            row(`unapprovedRefunds:${id}`, words['shiftReport.unapprovedRefunds'], line.unapprovedRefunds, {
              part: true,
              out: true,
            }),
          ]
        : []),
      countOnly(`cancels:${id}`, words['shiftReport.cancels'], line.cancels, true),
    ];
  });
  const openAtClose = report.openAtClose.map((referenceId) => ({
    key: referenceId,
    label: referenceId,
    count: '',
    amount: '',
    part: false,
  }));
  // A list shown only when it has something in it.
  const listed = (
    key: 'openAtClose' | 'paidAfterClose' | 'drawerOpenings',
    title: string,
    rows: readonly ShiftReportRow[],
  ): ShiftReportSection[] => (rows.length > 0 ? [{ key, title, rows }] : []);
  return {
    kind: 'shift-report',
    report: closed ? 'Z' : 'X',
    title: `${closed ? words['shiftReport.titleZ'] : words['shiftReport.titleX']} #${shift.number}`,
    merchantName: input.merchantName.trim(),
    facts,
    countLabel: words['shiftReport.count'],
    amountLabel: words['shiftReport.amount'],
    sections: [
      { key: 'money', title: words['shiftReport.money'], rows: money },
      { key: 'byMethod', title: words['shiftReport.byMethod'], rows: byMethod },
      { key: 'byCashier', title: words['shiftReport.byCashier'], rows: byCashier },
      ...listed('openAtClose', words['shiftReport.openAtClose'], openAtClose),
      ...listed('paidAfterClose', words['shiftReport.paidAfterClose'], paidAfterCloseRows(report, words, locale)),
      ...listed('drawerOpenings', words['shiftReport.drawerOpenings'], drawerOpeningRows(report, words, when, nameOf)),
    ],
  };
}

type Words = (typeof LANGUAGES)[Locale]['screens'];

/** Counted in the shift's figures; each names the Z it was still open at. */
function paidAfterCloseRows(report: ShiftReport, words: Words, locale: Locale): ShiftReportRow[] {
  return (report.paidAfterClose ?? []).flatMap((payment) => [
    {
      key: payment.referenceId,
      label: payment.referenceId,
      count: '',
      amount: formatMoney(payment.amount, locale),
      part: false,
    },
    {
      key: `${payment.referenceId}:note`,
      label: fillTemplate(words['shiftReport.paidAfterCloseOf'], { number: payment.shiftNumber }, locale),
      count: '',
      amount: '',
      part: true,
    },
  ]);
}

/** When and who, then why in their words. */
function drawerOpeningRows(
  report: ShiftReport,
  words: Words,
  when: (iso: string) => string,
  nameOf: (ref: StaffRef) => string,
): ShiftReportRow[] {
  return (report.drawerOpenings ?? []).flatMap((opening, index) => [
    {
      key: `drawer:${index}`,
      label: `${when(opening.at)} ${opening.by ? nameOf(opening.by) : words['shiftReport.nobody']}`,
      count: '',
      amount: '',
      part: false,
    },
    { key: `drawer:${index}:reason`, label: opening.reason, count: '', amount: '', part: true },
  ]);
}
