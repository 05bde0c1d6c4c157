import type { SHIFT_REPORT_EN } from '../en/shift-report.ts';

// The shift reports as printed, and the receipt's cashier line: same keys as ../en/shift-report.ts.

export const SHIFT_REPORT_ZH_HK: Readonly<Record<keyof typeof SHIFT_REPORT_EN, string>> = {
  'shiftReport.titleX': 'X 報表（本更至今）',
  'shiftReport.titleZ': 'Z 報表（結更）',
  'shiftReport.terminal': '終端機',
  'shiftReport.number': '更次編號',
  'shiftReport.openedAt': '開更時間',
  'shiftReport.openedBy': '開更人',
  'shiftReport.closedAt': '結更時間',
  'shiftReport.closedBy': '結更人',
  'shiftReport.printedAt': '列印時間',
  'shiftReport.chain': '審計鏈',
  'shiftReport.note': '備註',
  'shiftReport.count': '筆數',
  'shiftReport.amount': '金額',
  'shiftReport.money': '營業額',
  'shiftReport.paid': '已付款',
  'shiftReport.refunds': '退款',
  'shiftReport.unapprovedRefunds': '未經批准的退款',
  'shiftReport.cancels': '已取消',
  'shiftReport.registerSales': '收銀系統銷售',
  'shiftReport.net': '淨額',
  'shiftReport.byMethod': '按付款方式',
  'shiftReport.merchantQr': '顧客掃描我們的二維碼',
  'shiftReport.customerQr': '我們掃描顧客',
  'shiftReport.byCashier': '按收銀員',
  'shiftReport.nobody': '無人登入（自助機、收銀系統）',
  'shiftReport.openAtClose': '結更時仍未完成',
  'receipt.cashier': '收銀員',
};
