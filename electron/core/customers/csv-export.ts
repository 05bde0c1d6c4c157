import { money, toMajorString } from '../../../shared/money.ts';
import { CSV_HEADER, freeText } from '../journal/csv-export.ts';
import { localDateTimeOf } from '../journal/local-time.ts';
import type { CustomerAttemptRow } from './rows.ts';
import { chargeDisplayStatus, holdDisplayStatus } from './views.ts';

// The linked-customer charges and holds of a day as lines of the end-of-day CSV (journal/csv-export.ts), in
// its columns, so the back office sees every taking of the till in one file.

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
      'Note or reason': freeText(
        row.voidReason === null
          ? `customer ${row.merchantUserId}`
          : `customer ${row.merchantUserId}; ${row.voidReason}`,
      ),
      'Failure reason': freeText(row.captureFailure ?? row.failureReason),
      'POS ID': '',
      Origin: 'taken here',
      Register: '',
      'Register order reference': '',
      // Linked-customer charges are not attributed to a person (yet): the in-store columns stay empty.
      Cashier: '',
      'Approved by': '',
    };
    return CSV_HEADER.map((column) => fields[column]);
  });
}
