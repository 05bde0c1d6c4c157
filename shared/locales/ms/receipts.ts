import type { RECEIPTS_EN } from '../en/receipts.ts';

// 繁體中文（香港）: the print buttons. Same keys as ../en/receipts.ts.

export const RECEIPTS_MS: Readonly<Record<keyof typeof RECEIPTS_EN, string>> = {
  'receipt.print': '列印收據',
  'receipt.reprint': '重印收據',
  'receipt.printRefundSlip': '列印退款單',
  'receipt.printing': '列印中…',
  'receipt.sentToPrinter': '已傳送至收據打印機。',
  'receipt.previewLabel': '待列印的收據',
  'receipt.qrLabel': '參考編號 {reference} 的二維碼',
};
