import { randomCode, terminalPart } from '../payments/journal/reference-id.ts';

// `merchantRef` (document: "stable unique reference"; a duplicate within the idempotency window returns the
// first pre-auth or charge). One per logical attempt, journalled before sending, so a resend after a crash
// carries the same one. Shape: <terminal>-<H|C><local date>-<10 random>, e.g. TILL01-H20261121-K3F9Q2ZP7M:
// the terminal tells support which till, H/C tells a hold from a charge, 50 random bits make it unique
// without coordination between tills.

export type MerchantRefKind = 'hold' | 'charge';

const RANDOM_LENGTH = 10;
export const MERCHANT_REF_PATTERN = /^[A-Za-z0-9-]+-[HC]\d{8}-[0-9A-HJKMNP-TV-Z]{10}$/;

/** `localDay` is the till's calendar day, YYYY-MM-DD. */
export function newMerchantRef(
  kind: MerchantRefKind,
  terminalReference: string,
  localDay: string,
  random: (length: number) => string = randomCode,
): string {
  return `${terminalPart(terminalReference)}-${kind === 'hold' ? 'H' : 'C'}${localDay.replaceAll('-', '')}-${random(RANDOM_LENGTH)}`;
}
