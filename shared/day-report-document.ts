import { chainLine } from './audit-chain.ts';
import type { DaySummary, SummaryLine } from './payment-history.ts';
import type { DisplayStatus, PaymentMethod } from './payments.ts';
import { formatMoney, money, type Money } from './money.ts';
import { formatDateTime, formatDay, type ReceiptTerminal } from './receipt.ts';
import { LANGUAGES } from './locales/index.ts';
import type { Locale } from './settings.ts';

// The end-of-day report (close of day) as plain data for the 80 mm roll, like a receipt (receipt.ts): who and
// where (merchant, terminal), which day, when it was printed, the day's money in one layout — gross (paid),
// refunds made here (of this till's payments, of other terminals'), refunded elsewhere (for information),
// linked-customer takings, net (and, on a day worked in shifts, the part of it taken outside any shift) — then totals by status and by method, and, on a day the shop's register programs
// started payments, what each register took and what was refunded of it (to compare with its own report).
// The same figures, in the same order, as the Day summary screen (moneyLinesOf): a manager comparing paper
// and screen finds the same lines. Pure: no Node, no DOM.

export type DayMoneyLineKey =
  | 'gross'
  | 'refunds'
  | 'refundsOwn'
  | 'refundsOfOtherTerminals'
  | 'refundedElsewhere'
  | 'linkedCharges'
  | 'linkedCaptures'
  | 'net'
  | 'outsideShifts';

export interface DayMoneyLine {
  readonly key: DayMoneyLineKey;
  /** Present for every line but net. */
  readonly count: number | null;
  /** Refunds as money going out: positive here, the layout shows the sign. */
  readonly total: Money;
  /** A part of the line above it (drawn indented). */
  readonly part: boolean;
  readonly outgoing: boolean;
  /** For information only: not in net (refunds made elsewhere of this till's payments). */
  readonly info: boolean;
}

/**
 * The day's money in one layout: gross (paid); the refunds this till made, split into those of its own
 * payments and those of payments taken at other terminals (the refund counter); for information, what was
 * refunded elsewhere (merchant portal, another till) of this till's payments, which that terminal counts;
 * linked-customer takings when that service ran; net = gross − refunds made here + linked takings.
 */
export function moneyLinesOf(summary: DaySummary): DayMoneyLine[] {
  const zero: SummaryLine = { count: 0, total: money(0, summary.currency) };
  const own = summary.refunds;
  const ofOthers = summary.refundsOfOtherTerminals ?? zero;
  const elsewhere = summary.refundedElsewhere ?? zero;
  const line = (
    key: DayMoneyLineKey,
    of: SummaryLine,
    flags: Partial<Pick<DayMoneyLine, 'part' | 'outgoing' | 'info'>> = {},
  ): DayMoneyLine => ({
    key,
    count: of.count,
    total: of.total,
    part: flags.part ?? false,
    outgoing: flags.outgoing ?? false,
    info: flags.info ?? false,
  });
  const lines: DayMoneyLine[] = [
    line('gross', summary.paid),
    line(
      'refunds',
      {
        count: own.count + ofOthers.count,
        total: money(own.total.amountMinor + ofOthers.total.amountMinor, summary.currency),
      },
      { outgoing: true },
    ),
    line('refundsOwn', own, { part: true, outgoing: true }),
    line('refundsOfOtherTerminals', ofOthers, { part: true, outgoing: true }),
    line('refundedElsewhere', elsewhere, { info: true }),
  ];
  if (summary.linkedCustomers) {
    lines.push(line('linkedCharges', summary.linkedCustomers.charges));
    lines.push(line('linkedCaptures', summary.linkedCustomers.captures));
  }
  lines.push({ key: 'net', count: null, total: summary.net, part: false, outgoing: false, info: false });
  // A part of net, beside the shifts' Z reports: what no shift accounts for.
  if (summary.outsideShifts) lines.push(line('outsideShifts', summary.outsideShifts, { part: true }));
  return lines;
}

/** One line of the register sales: a register's paid payments, or the refunds made here of them. */
export interface RegisterLine {
  readonly keyName: string;
  readonly kind: 'paid' | 'refunds';
  readonly line: SummaryLine;
}

/**
 * The register sales, each register (by its key's name) with what it took that day and, beneath it, the refunds
 * made here of its payments. Parts of gross and refunds: never added to them.
 */
export function registerLinesOf(summary: DaySummary): RegisterLine[] {
  return (summary.byRegister ?? []).flatMap((register) => [
    { keyName: register.keyName, kind: 'paid' as const, line: register.paid },
    { keyName: register.keyName, kind: 'refunds' as const, line: register.refunds },
  ]);
}

export interface DayReportRow {
  readonly key: string;
  readonly label: string;
  /** "" where a count means nothing (net). */
  readonly count: string;
  readonly amount: string;
  readonly part: boolean;
}

export interface DayReportSection {
  readonly key: 'money' | 'byStatus' | 'byMethod' | 'byRegister';
  readonly title: string;
  readonly rows: readonly DayReportRow[];
}

export interface DayReportDocument {
  readonly kind: 'day-report';
  readonly title: string;
  readonly merchantName: string;
  readonly facts: readonly {
    readonly key: 'terminal' | 'day' | 'chain' | 'printedAt';
    readonly label: string;
    readonly value: string;
  }[];
  readonly countLabel: string;
  readonly amountLabel: string;
  readonly sections: readonly DayReportSection[];
}

export interface DayReportInput {
  readonly summary: DaySummary;
  readonly merchantName: string;
  readonly terminal: ReceiptTerminal;
  readonly locale: Locale;
  /** When the report is printed (ISO 8601). */
  readonly printedAt: string;
  readonly timeZone?: string | undefined;
}

export function buildDayReport(input: DayReportInput): DayReportDocument {
  const { summary, locale } = input;
  const labels = LANGUAGES[locale].dayReport;
  const amount = (value: Money, outgoing = false): string =>
    (outgoing && value.amountMinor > 0 ? '−' : '') + formatMoney(value, locale);
  const terminal = [input.terminal.terminalReference.trim(), input.terminal.posId.trim()]
    .filter((part) => part !== '')
    .join(' · ');

  const moneyRows = moneyLinesOf(summary).map((line) => ({
    key: line.key,
    label: labels[line.key],
    count: line.count === null ? '' : String(line.count),
    amount: amount(line.total, line.outgoing),
    part: line.part,
  }));
  const statusRows = (Object.entries(summary.byStatus) as [DisplayStatus, SummaryLine][]).map(([status, line]) => ({
    key: status,
    label: labels[status],
    count: String(line.count),
    amount: amount(line.total),
    part: false,
  }));
  const methodRows = (Object.entries(summary.byMethod) as [PaymentMethod, SummaryLine][]).map(([method, line]) => ({
    key: method,
    label: labels[method],
    count: String(line.count),
    amount: amount(line.total),
    part: false,
  }));

  const registerRows = registerLinesOf(summary).map((register) => ({
    key: `${register.kind}:${register.keyName}`,
    label: register.kind === 'paid' ? register.keyName : labels.registerRefunds,
    count: String(register.line.count),
    amount: amount(register.line.total, register.kind === 'refunds'),
    part: register.kind === 'refunds',
  }));

  return {
    kind: 'day-report',
    title: labels.title,
    merchantName: input.merchantName.trim(),
    facts: [
      { key: 'terminal', label: labels.terminal, value: terminal || '—' },
      { key: 'day', label: labels.day, value: formatDay(summary.day, locale) },
      // The audit chain when the report was made: an auditor compares it with `npm run verify-journal`.
      ...(summary.chain ? [{ key: 'chain' as const, label: labels.chain, value: chainLine(summary.chain) }] : []),
      { key: 'printedAt', label: labels.printedAt, value: formatDateTime(input.printedAt, locale, input.timeZone) },
    ],
    countLabel: labels.count,
    amountLabel: labels.amount,
    sections: [
      { key: 'money', title: labels.money, rows: moneyRows },
      { key: 'byStatus', title: labels.byStatus, rows: statusRows },
      { key: 'byMethod', title: labels.byMethod, rows: methodRows },
      ...(registerRows.length > 0
        ? [{ key: 'byRegister' as const, title: labels.byRegister, rows: registerRows }]
        : []),
    ],
  };
}
