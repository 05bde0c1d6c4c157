import type { PaymentDetail, PaymentType, RefundState } from './payments.ts';
import { formatMoney, type CountryCode, type Money } from './money.ts';
import { notice, type Notice } from './notices.ts';
import { LANGUAGES } from './locales/index.ts';
import type { ReceiptLabel } from './locales/en/paper.ts';
import type { Locale } from './settings.ts';
import { shownStaffName } from './staff.ts';
import type { BusinessSettings } from './business.ts';
import { receiptItems, receiptTaxPart, type ReceiptItem, type ReceiptTaxField } from './receipt-tax.ts';

// A printed receipt or refund slip as plain data: which lines in which order, already in the till's language
// and formats (its words: shared/locales/<lang>/paper.ts). Both the renderer (browser print) and main (silent
// print to the till's printer) draw this same document, so a reprint from either place reads the same. Pure:
// no Node, no DOM.

export const RECEIPT_KINDS = ['receipt', 'refund-slip'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export interface ReceiptTerminal {
  readonly posId: string;
  /** The shop's own name for the till ("Counter 2"); may be empty. */
  readonly terminalReference: string;
}

export interface ReceiptInput {
  readonly detail: PaymentDetail;
  readonly kind: ReceiptKind;
  readonly merchantName: string;
  readonly terminal: ReceiptTerminal;
  readonly locale: Locale;
  /** IANA zone the till's clock shows; absent = the device's own zone (what the cashier's clock shows). */
  readonly timeZone?: string | undefined;
  /** Settings → Staff "cashier on receipt": the cashier's first name is printed (default off). */
  readonly cashierOnReceipt?: boolean | undefined;
  /** Settings → Terminal's business (shared/business.ts): with a tax number, the receipt is a tax receipt. */
  readonly business?: BusinessSettings | undefined;
  /** The till's country: which market's tax receipt (shared/receipt-tax.ts). */
  readonly country?: CountryCode | undefined;
}

/** The facts every receipt carries, in print order; `field` lets a test or a layout find one. */
export type ReceiptField =
  | 'time'
  | 'amount'
  | 'status'
  | 'paymentType'
  | 'providerOrderId'
  | 'reference'
  | 'terminal'
  | 'refundTerminal'
  | 'foundWithoutReceipt'
  | 'cashier'
  | ReceiptTaxField;

export interface ReceiptLine {
  readonly field: ReceiptField;
  readonly label: string;
  readonly value: string;
}

export interface ReceiptRefundLine {
  readonly refundId: string;
  readonly time: string;
  readonly amount: string;
  readonly state: string;
  readonly reason: string | null;
}

export interface ReceiptRefundTotals {
  readonly refundedSoFarLabel: string;
  readonly refundedSoFar: string;
  readonly refundableNowLabel: string;
  readonly refundableNow: string;
}

export interface ReceiptDocument {
  readonly kind: ReceiptKind;
  readonly title: string;
  readonly merchantName: string;
  /** Under the name: the registered address and tax number (shared/receipt-tax.ts); empty when not set. */
  readonly identity: readonly string[];
  /** What was sold, when the register sent its lines (receipts only; empty otherwise). */
  readonly itemsTitle: string;
  readonly items: readonly ReceiptItem[];
  readonly lines: readonly ReceiptLine[];
  /** After the facts: what the tax law asks the receipt to say ("Price Payable includes GST"). */
  readonly notes: readonly string[];
  /** Refund slips only (empty on a receipt): every refund of the payment, oldest first. */
  readonly refundsTitle: string;
  readonly refunds: readonly ReceiptRefundLine[];
  /** Refund slips only. */
  readonly refundTotals: ReceiptRefundTotals | null;
  /** What the receipt's QR encodes: our reference, which the Refund screen's scanner looks up. */
  readonly qrText: string;
  readonly qrCaption: string;
  readonly footer: string;
}

/** Dates day-first with a 24-hour clock, as the tills' markets write them (each language's `dateLocale`). */
export const DATE_LOCALE: Readonly<Record<Locale, string>> = Object.fromEntries(
  Object.entries(LANGUAGES).map(([locale, language]) => [locale, language.dateLocale]),
) as Record<Locale, string>;

/**
 * Why this payment has no such document (a notice, for the cashier), or null when it can be printed.
 * A receipt proves money was taken: only a captured payment (paid, or refunded since) has one. A refund slip
 * needs at least one refund.
 */
export function receiptRefusal(detail: PaymentDetail, kind: ReceiptKind): Notice | null {
  const { displayStatus } = detail.payment;
  if (displayStatus !== 'paid' && displayStatus !== 'refunded') return notice('receipt.not-paid');
  if (kind === 'refund-slip' && detail.refunds.length === 0) return notice('receipt.no-refund');
  return null;
}

export function buildReceipt(input: ReceiptInput): ReceiptDocument {
  const { detail, kind, locale } = input;
  const { payment } = detail;
  const labels = LANGUAGES[locale].receipt;
  const when = (iso: string): string => formatDateTime(iso, locale, input.timeZone);
  const money = (value: Money): string => formatMoney(value, locale);
  // The posId the payment was taken with (the journal's), not today's setting: a payment made on the demo
  // terminal, or before the posId changed, names the terminal the provider knows it by.
  const thisTerminal = (posId: string | null): string =>
    [input.terminal.terminalReference.trim(), (posId || input.terminal.posId).trim()]
      .filter((part) => part !== '')
      .join(' · ') || '—';
  // A payment this till looked up was taken at a terminal the provider does not name: never this one's.
  const takenElsewhere = payment.origin === 'looked-up';
  const terminalLine: ReceiptLine = takenElsewhere
    ? { field: 'terminal', label: labels.takenAt, value: labels.anotherTerminal }
    : { field: 'terminal', label: labels.terminal, value: thisTerminal(payment.posId) };

  const lines: ReceiptLine[] = [
    // The time the payment was taken (a reprint shows the sale's time, not the reprint's).
    { field: 'time', label: labels.time, value: when(payment.createdAt) },
    { field: 'amount', label: labels.amount, value: money(payment.amount) },
    { field: 'status', label: labels.status, value: statusText(payment.refunded, payment.displayStatus, labels) },
    { field: 'paymentType', label: labels.paymentType, value: paymentTypeText(payment.paymentType, labels) },
    { field: 'providerOrderId', label: labels.providerOrderId, value: payment.providerOrderId ?? '—' },
    { field: 'reference', label: labels.reference, value: payment.referenceId },
    terminalLine,
  ];
  // The first name only: enough for a customer to say who served them, no more of a person than that.
  const words = LANGUAGES[locale].screens;
  const taker = payment.takenBy;
  const cashier =
    taker &&
    shownStaffName(taker, (role) => words[`staff.role.${role}`])
      .trim()
      .split(/\s+/)[0];
  if (input.cashierOnReceipt && cashier)
    lines.push({ field: 'cashier', label: words['receipt.cashier'], value: cashier });

  const slip = kind === 'refund-slip';
  // Every refund in this journal was made here, sent as the posId it records: the slip says which terminal
  // refunded, whenever that is not already the terminal line above.
  if (slip && detail.refunds.length > 0) {
    const sentAs = [...new Set(detail.refunds.map((refund) => refund.posId ?? payment.posId))];
    const refundTerminal = sentAs.map(thisTerminal).join(', ');
    if (refundTerminal !== terminalLine.value)
      lines.push({ field: 'refundTerminal', label: labels.refundTerminal, value: refundTerminal });
  }
  // A refund of a payment found without its receipt (payments.find) says so, naming which refunds were.
  const withoutReceipt = slip ? detail.refunds.filter((refund) => refund.foundWithoutReceipt === true) : [];
  if (withoutReceipt.length > 0) {
    const refundIds = withoutReceipt.map((refund) => refund.refundId).join(', ');
    lines.push({ field: 'foundWithoutReceipt', label: labels.foundWithoutReceipt, value: refundIds });
  }
  const refunds: ReceiptRefundLine[] = slip
    ? [...detail.refunds]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((refund) => ({
          refundId: refund.refundId,
          time: when(refund.createdAt),
          amount: money(refund.amount),
          state: refundStateText(refund.state, labels),
          reason: refund.reason,
        }))
    : [];

  const tax = taxPartOf(input, slip);
  lines.push(...tax.lines);

  return {
    kind,
    // A training sale's paper says so at its top and in its notes: nobody can take it for a real payment.
    title: payment.training === true ? `${labels.training} · ${labels[kind]}` : labels[kind],
    merchantName: tax.name ?? input.merchantName.trim(),
    identity: tax.identity,
    itemsTitle: LANGUAGES[locale].screens['saleLines.title'],
    items: slip ? [] : receiptItems(payment.lines, payment.amount.currency, locale),
    lines,
    notes: payment.training === true ? [labels.trainingNote, ...tax.notes] : tax.notes,
    refundsTitle: labels.refunds,
    refunds,
    refundTotals: slip
      ? {
          refundedSoFarLabel: labels.refundedSoFar,
          refundedSoFar: money(payment.refunded),
          refundableNowLabel: labels.refundableNow,
          refundableNow: money(payment.refundable),
        }
      : null,
    qrText: payment.referenceId,
    qrCaption: labels.qrCaption,
    footer: labels.footer,
  };
}

type Labels = Readonly<Record<ReceiptLabel, string>>;

/** The business's identity on both documents, and on a receipt its tax facts and notes (shared/receipt-tax.ts). */
function taxPartOf(input: ReceiptInput, slip: boolean): ReturnType<typeof receiptTaxPart> {
  const { business, country, locale } = input;
  return receiptTaxPart({ business, country, amount: input.detail.payment.amount, locale, slip });
}

function statusText(refunded: Money, displayStatus: PaymentDetail['payment']['displayStatus'], labels: Labels): string {
  if (displayStatus === 'refunded') return labels['status.refunded'];
  if (displayStatus === 'paid' && refunded.amountMinor > 0) return labels['status.partly-refunded'];
  if (displayStatus === 'paid') return labels['status.paid'];
  // receiptRefusal keeps other statuses off paper; should one get here, print the raw word rather than lie.
  return displayStatus;
}

function paymentTypeText(type: PaymentType | null, labels: Labels): string {
  return type ? labels[type] : '—';
}

function refundStateText(state: RefundState, labels: Labels): string {
  return labels[`refund.${state}`];
}

/** Date and time as receipts and the end-of-day report print them (day-first, 24-hour). */
export function formatDateTime(iso: string, locale: Locale, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const formatter = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  });
  return dayFirst(formatter, date);
}

/**
 * Intl's own pattern where it is day-first (en-GB, zh-HK, ms-SG); otherwise the same digits as dd/mm/yyyy.
 * Simplified Chinese (zh-Hans-SG) writes 2026年11月22日, year-first, where a Singapore receipt reads 22/11/2026.
 */
function dayFirst(formatter: Intl.DateTimeFormat, date: Date): string {
  const parts = formatter.formatToParts(date);
  const at = (type: Intl.DateTimeFormatPartTypes): number => parts.findIndex((part) => part.type === type);
  if (at('day') < at('month') && at('month') < at('year')) return formatter.format(date);
  const value = (type: Intl.DateTimeFormatPartTypes): string => parts.find((part) => part.type === type)?.value ?? '';
  const day = `${value('day')}/${value('month')}/${value('year')}`;
  return at('hour') < 0 ? day : `${day} ${value('hour')}:${value('minute')}:${value('second')}`;
}

/**
 * A calendar day, "2026-11-25", as the day fields and the end-of-day report write it (25/11/2026 in
 * every language), without the time-zone games of new Date(day).
 */
export function formatDay(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dayFirst(
    new Intl.DateTimeFormat(DATE_LOCALE[locale], {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }),
    date,
  );
}
