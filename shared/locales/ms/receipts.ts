import type { RECEIPTS_EN } from '../en/receipts.ts';

// Bahasa Melayu: printing receipts from the screens. Same keys as ../en/receipts.ts.

export const RECEIPTS_MS: Readonly<Record<keyof typeof RECEIPTS_EN, string>> = {
  'receipt.print': 'Cetak resit',
  'receipt.reprint': 'Cetak semula resit',
  'receipt.printRefundSlip': 'Cetak slip bayaran balik',
  'receipt.printing': 'Mencetak…',
  'receipt.sentToPrinter': 'Dihantar ke pencetak resit.',
  'receipt.previewLabel': 'Resit untuk dicetak',
  'receipt.qrLabel': 'Kod QR rujukan bayaran {reference}',
};
