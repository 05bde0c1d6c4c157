import { money, toMajorString } from '../../../shared/money.ts';
import { CSV_HEADER, freeText } from '../payments/journal/csv-export.ts';
import { localDateTimeOf } from '../sqlite/local-time.ts';
import type { CustomerAttemptRow } from './rows.ts';
import { chargeDisplayStatus, holdDisplayStatus } from './views.ts';

// The linked-customer charges and holds of a day as lines of the end-of-day CSV (../payments/journal/csv-export.ts), in
// its columns, so the back office sees every taking of the till in one file. Cashier and Approved by as on an
// in-store payment's line (customer schema 5): who charged or placed the hold, and who approved the charge (or the
// hold's capture) with their own PIN, by the name they had then; empty when nobody was signed in, the customer
// approved, or the row is from before staff. Who captured or voided a hold goes in its note, beside the reason.

export function linkedCustomerCsvLines(rows: readonly CustomerAttemptRow[], timeZone: string): string[][] {
  return rows.map((row) => {
    const fields: Record<(typeof CSV_HEADER)[number], string> = {
      Record: row.kind === 'hold' ? 'linked hold' : 'linked charge',
      'Local time': localDateTimeOf(row.createdAt, timeZone),
      Reference: row.merchantRef,
      'Refund ID': '',
      // The wallet's order for a charge or a captured hold; a hold not captured only has its pre-auth id.
      'Provider order ID': row.orderUuid ?? row.providerId ?? '',
      Method: 'linked-customer',
      Status: row.kind === 'hold' ? holdDisplayStatus(row) : chargeDisplayStatus(row),
      'Provider status': row.providerStatus ?? '',
      'Payment type': '',
      Currency: row.currency,
      Amount: toMajorString(money(row.amountMinor, row.currency)),
      Refunded: '',
      'Refunded elsewhere': '',
      'Note or reason': freeText(noteOf(row)),
      'Failure reason': freeText(row.captureFailure ?? row.failureReason),
      'POS ID': '',
      Origin: 'taken here',
      Register: '',
      'Register order reference': '',
      Cashier: freeText(row.takenBy?.name ?? null),
      'Approved by': freeText(row.approvedBy?.name ?? null),
    };
    return CSV_HEADER.map((column) => fields[column]);
  });
}

/** The customer, who captured or voided a hold (in the file's English, as its other words), and a void's reason. */
function noteOf(row: CustomerAttemptRow): string {
  const parts = [`customer ${row.merchantUserId}`];
  const finished = finishedWord(row);
  if (finished !== null && row.finishedBy !== null) parts.push(`${finished} by ${row.finishedBy.name}`);
  if (row.voidReason !== null) parts.push(row.voidReason);
  return parts.join('; ');
}

function finishedWord(row: CustomerAttemptRow): string | null {
  if (row.kind !== 'hold') return null;
  switch (holdDisplayStatus(row)) {
    case 'captured':
      return 'captured';
    case 'capturing':
      return 'capture sent';
    case 'capture-failed':
      return 'capture tried';
    case 'voided':
      return 'voided';
    case 'voiding':
      return 'void sent';
    default:
      return null;
  }
}
