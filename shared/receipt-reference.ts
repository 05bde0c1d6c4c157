// Our payment reference as every till of this app makes it (electron/core/payments/journal/reference-id.ts, whose tests
// hold it to this shape): <terminal>-<YYYYMMDD>-<8 Crockford base32>, e.g. TILL01-20261121-K3F9Q2ZP. It is what
// a receipt's QR holds. The refund screen's camera sees whatever is held up to it (a customer's wallet code, a
// QR on a box): only a code of this shape is looked up, anything else is refused at once, never sent anywhere.

export const RECEIPT_REFERENCE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,16}[A-Za-z0-9])?-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/;

export function isReceiptReference(text: string): boolean {
  return RECEIPT_REFERENCE_PATTERN.test(text);
}
