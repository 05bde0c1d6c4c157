// English strings of the print buttons (spread into screens.ts); the receipt's own wording is in shared/receipt.ts,
// since main prints the same document. Every key must exist in ../zh-HK/receipts.ts too (the type checks it).

export const RECEIPTS_EN = {
  'receipt.print': 'Print receipt',
  'receipt.reprint': 'Reprint receipt',
  'receipt.printRefundSlip': 'Print refund slip',
  'receipt.printing': 'Printing…',
  'receipt.sentToPrinter': 'Sent to the receipt printer.',
  'receipt.previewLabel': 'Receipt to print',
  'receipt.qrLabel': 'QR code of the payment reference {reference}',
} as const;
