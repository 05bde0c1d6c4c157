import type { RECEIPTS_EN } from '../en/receipts.ts';

// 简体中文（新加坡）: the print buttons. Same keys as ../en/receipts.ts.

export const RECEIPTS_ZH_HANS: Readonly<Record<keyof typeof RECEIPTS_EN, string>> = {
  'receipt.print': '打印收据',
  'receipt.reprint': '重印收据',
  'receipt.printRefundSlip': '打印退款单',
  'receipt.printing': '打印中…',
  'receipt.sentToPrinter': '已发送至收据打印机。',
  'receipt.previewLabel': '待打印的收据',
  'receipt.qrLabel': '参考编号 {reference} 的二维码',
};
