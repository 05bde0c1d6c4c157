import type { CsvExport } from '../../../../shared/payment-history.ts';
import type { PaymentMethod } from '../../../../shared/payments.ts';
import { money, toMajorString } from '../../../../shared/money.ts';
import type { JournalContext } from './context.ts';
import { displayStatusOf, refundTotalsOf } from './display-status.ts';
import { checkDay, localDateTimeOf } from '../../sqlite/local-time.ts';
import { ATTEMPT_COLUMNS, readAttempt, readRefund } from './rows.ts';

// The end-of-day file for the back office: one line per payment attempt of the day, then one per refund
// made that day. Origin says where the payment was taken: "taken here", or "looked up" (taken at another
// terminal of the merchant and refunded here; such a payment line is not this till's takings, and its refund
// lines are refunds this till made). A looked-up payment is listed on the day it was paid and on each day a
// refund of it was made here, so every refund line of a day has its payment line in the same file. A refund's POS ID is the terminal it was sent as. Register names the key of
// the shop's register that started the payment over the register connection, with the register's own order
// reference beside it (on the payment's refund lines too), so the back office can match them to the register's
// records; both empty for a sale keyed in at the till. Cashier (schema 14): who took the payment, or who made the
// refund, by the name they had then (empty: the kiosk's, a register's refund, nobody signed in, or before staff);
// Approved by: who approved a refund with their own PIN. Added last, so older columns keep their place. RFC 4180 (CRLF, quotes
// doubled, fields with , " CR LF quoted); amounts as exact major-unit
// strings ("12.34") from the integer minor units; times as the shop's local wall clock.

export const CSV_HEADER = [
  'Record',
  'Local time',
  'Reference',
  'Refund ID',
  'Provider order ID',
  'Method',
  'Status',
  'Provider status',
  'Payment type',
  'Currency',
  'Amount',
  'Refunded',
  'Refunded elsewhere',
  'Note or reason',
  'Failure reason',
  'POS ID',
  'Origin',
  'Register',
  'Register order reference',
  'Cashier',
  'Approved by',
] as const;

/**
 * How each payment was taken, in the words the till's screens use (the back office reads this file, not our
 * codes). Linked-customer lines (day-report.ts) name their own kind.
 */
export const METHOD_IN_WORDS: Readonly<Record<PaymentMethod, string>> = {
  'merchant-qr': 'Customer scanned our QR',
  'customer-qr': 'We scanned the customer',
};

/** A method as the file writes it; anything unknown (an older row) as it was stored. */
function methodInWords(method: string): string {
  return Object.hasOwn(METHOD_IN_WORDS, method) ? METHOD_IN_WORDS[method as PaymentMethod] : method;
}

/** The Origin column's words, for a person reading the file. */
const ORIGIN_TEXT = { 'taken-here': 'taken here', 'looked-up': 'looked up' } as const;

/** Excel reads a UTF-8 file as the PC's legacy code page unless it starts with a BOM (Chinese notes in Hong Kong). */
const UTF8_BOM = '\uFEFF';

export function exportCsv(ctx: JournalContext, day: string): CsvExport {
  checkDay(day);
  const lines: string[][] = [[...CSV_HEADER]];
  ctx.snapshot(() => {
    // The day's payments, and each payment of another terminal refunded here that day (paid on another day):
    // without it a refund counter's file for the day lists refunds whose payments are in no file of that day.
    // Training sales and their refunds are the trainer's to review, never the shop's books: left out.
    const attempts = ctx
      .sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE local_day = ? AND training = 0
         UNION
         SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts a WHERE a.origin = 'looked-up' AND a.local_day <> ?
           AND EXISTS (SELECT 1 FROM refunds r WHERE r.reference_id = a.reference_id AND r.local_day = ?)
         ORDER BY created_at, reference_id`,
      )
      .all(day, day, day)
      .map(readAttempt);
    for (const row of attempts) {
      // Refunded in all (the provider's total when known), and the part of it made outside this till.
      const totals = refundTotalsOf(row);
      lines.push([
        'payment',
        localDateTimeOf(row.createdAt, ctx.timeZone),
        row.referenceId,
        '',
        row.providerOrderId ?? '',
        row.method === null ? '' : methodInWords(row.method),
        displayStatusOf(row.state, row.providerStatus, row.expiredUnpaid),
        row.providerStatus ?? '',
        row.paymentType ?? '',
        row.currency,
        toMajorString(money(row.amountMinor, row.currency)),
        toMajorString(money(totals.refundedMinor, row.currency)),
        toMajorString(money(totals.refundedElsewhereMinor, row.currency)),
        freeText(row.note),
        freeText(row.failureReason),
        row.posId ?? '',
        ORIGIN_TEXT[row.origin],
        freeText(row.registerKey),
        row.orderReference ?? '',
        freeText(row.takenBy?.name ?? null),
        '',
      ]);
    }
    const refunds = ctx
      .sql(
        `SELECT r.*, a.provider_order_id AS payment_provider_order_id, a.method AS payment_method, a.pos_id AS payment_pos_id,
           a.origin AS payment_origin, a.register_key AS payment_register_key, a.order_reference AS payment_order_reference
         FROM refunds r JOIN payment_attempts a ON a.reference_id = r.reference_id
         WHERE r.local_day = ? AND r.training = 0 ORDER BY r.created_at, r.refund_id`,
      )
      .all(day);
    for (const raw of refunds) {
      const refund = readRefund(raw);
      lines.push([
        'refund',
        localDateTimeOf(refund.createdAt, ctx.timeZone),
        refund.referenceId,
        refund.refundId,
        refund.providerOrderId ?? String(raw['payment_provider_order_id'] ?? ''),
        methodInWords(String(raw['payment_method'] ?? '')),
        refund.state,
        '',
        '',
        refund.currency,
        toMajorString(money(refund.amountMinor, refund.currency)),
        '',
        '',
        freeText(refund.reason),
        freeText(refund.failureReason),
        // Sent as this till's posId (schema 8 keeps it); older refunds were sent as the payment's terminal.
        refund.posId ?? String(raw['payment_pos_id'] ?? ''),
        raw['payment_origin'] === 'looked-up' ? ORIGIN_TEXT['looked-up'] : ORIGIN_TEXT['taken-here'],
        freeText((raw['payment_register_key'] as string | null) ?? null),
        String(raw['payment_order_reference'] ?? ''),
        freeText(refund.refundedBy?.name ?? null),
        freeText(refund.approvedBy?.name ?? null),
      ]);
    }
  });
  return {
    fileName: `payments-${day}.csv`,
    csv: UTF8_BOM + lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n',
  };
}

/** RFC 4180: quote a field holding a comma, a quote, CR or LF, doubling the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Text a person typed (a note, a refund reason) or a provider wrote: a leading = + - @ would make a
 * spreadsheet run it as a formula (CSV injection), so it is prefixed with an apostrophe, which spreadsheets
 * hide. Our own fields (references, amounts) never start with those.
 */
export function freeText(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
