import type { SHIFT_REPORT_EN } from '../en/shift-report.ts';

// The shift reports as printed, and the receipt's cashier line: same keys as ../en/shift-report.ts.

export const SHIFT_REPORT_MS: Readonly<Record<keyof typeof SHIFT_REPORT_EN, string>> = {
  'shiftReport.titleX': 'Laporan X (syif setakat ini)',
  'shiftReport.titleZ': 'Laporan Z (syif ditutup)',
  'shiftReport.terminal': 'Terminal',
  'shiftReport.number': 'No. syif',
  'shiftReport.openedAt': 'Dibuka',
  'shiftReport.openedBy': 'Dibuka oleh',
  'shiftReport.closedAt': 'Ditutup',
  'shiftReport.closedBy': 'Ditutup oleh',
  'shiftReport.printedAt': 'Dicetak',
  'shiftReport.chain': 'Rantai audit',
  'shiftReport.note': 'Catatan',
  'shiftReport.count': 'Bil.',
  'shiftReport.amount': 'Jumlah',
  'shiftReport.money': 'Kutipan',
  'shiftReport.paid': 'Dibayar',
  'shiftReport.refunds': 'Bayaran balik',
  'shiftReport.unapprovedRefunds': 'Bayaran balik tanpa kelulusan',
  'shiftReport.cancels': 'Dibatalkan',
  'shiftReport.registerSales': 'Jualan mesin daftar',
  'shiftReport.net': 'Bersih',
  'shiftReport.byMethod': 'Mengikut kaedah',
  'shiftReport.merchantQr': 'Pelanggan imbas QR kami',
  'shiftReport.customerQr': 'Kami imbas pelanggan',
  'shiftReport.byCashier': 'Mengikut juruwang',
  'shiftReport.nobody': 'Tiada yang log masuk (kiosk, mesin daftar)',
  'shiftReport.openAtClose': 'Masih terbuka semasa ditutup',
  'receipt.cashier': 'Juruwang',
};
