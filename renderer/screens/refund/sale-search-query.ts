import { fromMajor, type CurrencyCode } from '../../../shared/money.ts';
import type { PaymentFindQuery } from '../../../shared/payments.ts';

// The Refund screen's one search field as a payments.find request over a day: a cashier types what they know of
// the sale, an amount, words of its note, or both ("12.50 table 4"). The amount comes first when there is one, so
// "table 4" stays words. Empty: the day's latest sales, as the screen opens. Pure: tested alone.

export const LATEST_SALES = 10;

/** A leading amount as a cashier types it: "12.50", "12", "S$12.50", "RM12", with a comma or a point. */
const LEADING_AMOUNT = /^(?:[A-Za-z]{0,2}\$|RM)?(\d{1,7}(?:[.,]\d{1,3})?)(?:\s+|$)/;

export function saleSearchQueryOf(text: string, day: string, currency: CurrencyCode): PaymentFindQuery {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (typed === '') return { latest: LATEST_SALES, day };
  const amountMinor = leadingAmountOf(typed, currency);
  const note = amountMinor === null ? typed : typed.replace(LEADING_AMOUNT, '');
  if (amountMinor === null) return { note: note.slice(0, 80), day };
  if (note === '') return { amountMinor, from: `${day}T00:00`, to: `${day}T23:59` };
  return { note: note.slice(0, 80), day, amountMinor };
}

function leadingAmountOf(typed: string, currency: CurrencyCode): number | null {
  const match = LEADING_AMOUNT.exec(typed);
  if (!match) return null;
  try {
    const amountMinor = fromMajor(match[1]!.replace(',', '.'), currency).amountMinor;
    return amountMinor > 0 ? amountMinor : null;
  } catch {
    // More decimals than the currency has ("1.234"): not an amount, so words.
    return null;
  }
}
