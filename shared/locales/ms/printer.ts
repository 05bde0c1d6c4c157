import type { PRINTER_EN } from '../en/printer.ts';

// Bahasa Melayu: the receipt printer. Same keys as ../en/printer.ts.

export const PRINTER_MS: Readonly<Record<keyof typeof PRINTER_EN, string>> = {
  'settings.section.printer': 'Pencetak resit',
  'printer.kind': 'Pencetak',
  'printer.kind.system': 'Pencetak lalai komputer',
  'printer.kind.network': 'Pencetak resit ESC/POS pada rangkaian',
  'printer.kind.device': 'Pencetak resit ESC/POS pada USB atau bersiri',
  'printer.kindHint.system':
    'Resit dicetak sebagai halaman oleh sistem (aplikasi sahaja; dalam pratonton pelayar, dialog cetak pelayar dibuka). Terminal tidak dapat mengetahui sama ada kertas telah habis.',
  'printer.kindHint.escpos':
    'Terminal mengawal pencetak sendiri: ia bertanya kepada pencetak tentang kertas dan penutup sebelum dan selepas setiap resit, dan tidak pernah mencetak resit dua kali dengan sendirinya. Tulisan Cina dihantar dalam halaman kod pencetak (Big5 untuk Cina Tradisional, GB18030 untuk Cina Ringkas); pencetak tanpa halaman kod itu mencetak tanda soal bagi tulisan Cina — pilih “Sebagai gambar” di bawah untuknya.',
  'printer.host': 'Alamat pencetak (IP atau nama)',
  'printer.port': 'Port',
  'printer.path': 'Peranti (cth. /dev/usb/lp0 atau COM3)',
  'printer.widthMm': 'Lebar kertas',
  'printer.width.58': '58 mm',
  'printer.width.80': '80 mm',
  'printer.printAs': 'Cetak resit',
  'printer.printAs.text': 'Sebagai teks (fon dan halaman kod pencetak sendiri)',
  'printer.printAs.picture': 'Sebagai gambar (untuk pencetak tanpa tulisan Cina)',
  'printer.printAsHint':
    'Teks pantas dan tajam, dan memerlukan pencetak dengan tulisan Cina (Big5 atau GB18030). Gambar dilukis oleh terminal dengan fon aplikasi, jadi setiap pencetak mencetak tulisan Cina, sedikit lebih perlahan. Halaman ujian mencetak tulisan Cinanya dalam kedua-dua cara: pilih yang jelas dibaca.',
  'printer.drawerOnMs': 'Denyut laci wang hidup (ms, 0 = tiada laci)',
  'printer.drawerOffMs': 'Denyut laci wang mati (ms)',
  'printer.testPage': 'Cetak halaman ujian',
  'printer.testing': 'Mencetak halaman ujian…',
  'printer.testsForm': 'Menggunakan pencetak yang ditetapkan pada borang ini, sama ada disimpan atau tidak.',
  'printer.testPrinted': 'Halaman ujian telah dicetak.',
  'printer.testNotPrinted': 'Halaman ujian tidak dicetak.',
  'printer.testBefore': 'Sebelum mencetak: {state}',
  'printer.testAfter': 'Selepas mencetak: {state}',
  'printer.testAnswer': 'Jawapan status pencetak: {answer}',
  'printer.testNoAnswer': 'Pencetak tidak menghantar jawapan.',
  'printer.openDrawer': 'Buka laci wang',
  'printer.drawerTestReason': 'Ujian laci dari Tetapan',
  'printer.drawerOpened': 'Denyut telah dihantar kepada laci.',
  'printer.state.ready': 'sedia',
  'printer.state.paper-out': 'kertas habis',
  'printer.state.cover-open': 'penutup terbuka',
  'printer.state.offline': 'luar talian',
  'printer.state.failed': 'tidak menjawab sebagai pencetak resit',
  'status.printer': 'Pencetak: {state}',
  'status.printerUnknown': 'Pencetak: belum ditanya',
  'summary.sentToPrinter': 'Dihantar ke pencetak resit.',
};
