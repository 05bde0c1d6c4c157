import type { SHIFT_REPORT_EN } from '../en/shift-report.ts';

// The shift reports as printed, and the receipt's cashier line: same keys as ../en/shift-report.ts.

export const SHIFT_REPORT_ZH_HANS: Readonly<Record<keyof typeof SHIFT_REPORT_EN, string>> = {
  'shiftReport.titleX': 'X 报表（本班至今）',
  'shiftReport.titleZ': 'Z 报表（结班）',
  'shiftReport.terminal': '终端机',
  'shiftReport.number': '班次编号',
  'shiftReport.openedAt': '开班时间',
  'shiftReport.openedBy': '开班人',
  'shiftReport.closedAt': '结班时间',
  'shiftReport.closedBy': '结班人',
  'shiftReport.printedAt': '打印时间',
  'shiftReport.chain': '审计链',
  'shiftReport.note': '备注',
  'shiftReport.count': '笔数',
  'shiftReport.amount': '金额',
  'shiftReport.money': '营业额',
  'shiftReport.paid': '已付款',
  'shiftReport.refunds': '退款',
  'shiftReport.unapprovedRefunds': '未经批准的退款',
  'shiftReport.cancels': '已取消',
  'shiftReport.registerSales': '收银系统销售',
  'shiftReport.net': '净额',
  'shiftReport.byMethod': '按付款方式',
  'shiftReport.merchantQr': '顾客扫描我们的二维码',
  'shiftReport.customerQr': '我们扫描顾客',
  'shiftReport.byCashier': '按收银员',
  'shiftReport.nobody': '无人登录（自助机、收银系统）',
  'shiftReport.openAtClose': '结班时仍未完成',
  'receipt.cashier': '收银员',
};
