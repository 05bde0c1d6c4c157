import type { COUNTER_EN } from '../en/counter.ts';

// Bahasa Melayu: the counter's harder moments. Same keys as ../en/counter.ts.

export const COUNTER_MS: Readonly<Record<keyof typeof COUNTER_EN, string>> = {
  'sale.staleAmount':
    'Amaun daripada cubaan lepas: taip digit untuk memulakan yang baharu, atau tekan Enter untuk mengenakan caj.',
  'sale.overMaximum': 'Amaun tertinggi yang diterima terminal ini ialah {amount}: digit itu tidak ditambah.',
  'payment.tryAgain': 'Cuba lagi',
  'payment.otherMethodScan': 'Imbas kod pelanggan sahaja',
  'payment.otherMethodQr': 'Tunjukkan QR kami sahaja',
  'payment.done': 'Selesai',
  'payment.retrying': 'Memulakan semula…',
  'payment.outage': 'Perkhidmatan dompet tidak menjawab; terminal terus mencuba — anda boleh membatalkan cubaan ini.',
  'payment.cancelAttempt': 'Batalkan cubaan ini',
  'payment.cancelAttemptRequested':
    'Membatalkan cubaan ini: terminal membatalkan apa sahaja yang ada pada perkhidmatan dompet sebaik sahaja ia menjawab. Tiada caj akan dikenakan. Anda boleh memulakan jualan seterusnya.',
  'openPayment.banner': 'Bayaran {amount} masih terbuka ({reference}): pelanggan masih boleh membayarnya.',
  'openPayment.showQr': 'Tunjukkan QR',
  'openPayment.cancel': 'Batalkannya',
  'scan.typeCode': 'Kod rosak atau tidak boleh dibaca? Taip di sini',
  'scan.typeCodeSubmit': 'Kenakan caj dengan kod ini',
  'scan.typedTooSlow': 'Kod itu ditaip, bukan diimbas: pengimbas menaip lebih pantas — gunakan ruangan di bawah.',
  'detail.showQr': 'Tunjukkan QR',
  // The provider's payment types, as on the receipt (shared/receipt.ts).
  'paymentType.PAY': 'Bayaran dompet',
  'paymentType.PAYLATER': 'Bayar kemudian',
  'refund.noPin':
    'Tiada PIN penyelia ditetapkan pada terminal ini, jadi bayaran balik tidak boleh diluluskan di sini. Pentadbir menetapkannya dalam Tetapan → PIN penyelia.',
  'refund.confirmQuestion': 'Pulangkan {amount} ke dompet pelanggan?',
  'refund.confirmYes': 'Ya, pulangkan {amount}',
  'refund.confirmBack': 'Kembali',
  'refund.newLookup': 'Pulangkan bayaran lain',
  'refund.backToPayment': 'Kembali ke bayaran',
  'refund.more': 'Pulangkan lagi daripada bayaran ini',
  'summary.money': 'Kutipan',
  'summary.line.gross': 'Kasar (dibayar)',
  'summary.line.refunds': 'Bayaran balik dibuat di sini',
  'summary.line.refundsOwn': 'bagi bayaran yang diterima di sini',
  'summary.line.refundsOfOtherTerminals': 'bagi bayaran yang diterima di terminal lain',
  'summary.line.refundedElsewhere':
    'Dipulangkan di tempat lain (portal peniaga atau terminal lain; tidak dalam bersih)',
  'summary.line.linkedCharges': 'Pelanggan terpaut: caj diluluskan',
  'summary.line.linkedCaptures': 'Pelanggan terpaut: dana tahanan dituntut',
  'summary.line.outsideShifts': 'Di luar mana-mana syif (sebahagian daripada bersih)',
  'summary.line.net': 'Bersih',
  'summary.printReport': 'Cetak laporan akhir hari',
  'summary.reportLabel': 'Laporan akhir hari untuk dicetak',
  'payment.confirmCancel.question': 'Batalkan {amount}?',
  'payment.confirmCancel.scanned': 'Pelanggan telah mengimbas dan mungkin sedang mengesahkan dalam aplikasinya.',
  'payment.confirmCancel.waiting': 'Pelanggan belum mengimbas.',
  'payment.confirmCancel.keep': 'Terus menunggu',
  'payment.confirmCancel.cancel': 'Batalkan bayaran',
  'payment.confirmCancel.keys': 'Enter atau Esc terus menunggu; X membatalkan.',
  'payment.chargeAgain': 'Caj {amount} sekali lagi',
  'openPayment.paid': 'Dibayar {amount} ✓',
  'openPayment.failed': '{amount} tidak dibayar',
  'openPayment.expired': '{amount} tamat tempoh: tidak dibayar',
  'openPayment.view': 'Lihat',
  'openPayment.confirmSignOut':
    'Bayaran {amount} masih terbuka. Log keluar juga? Ia kekal terbuka dan ditunjukkan semula selepas log masuk.',
  'openPayment.confirmSwitch':
    'Bayaran {amount} masih terbuka. Tukar juga? Ia kekal terbuka dan ditunjukkan semula selepas log masuk.',
  'openPayment.stay': 'Kekal',
  'sale.shiftNeeded': 'Buka syif untuk mula menjual',
  'sale.openShift': 'Buka syif',
  'signIn.noShift': 'Tiada syif yang dibuka di terminal ini.',
  'signIn.openShift': 'Buka syif',
  'signIn.later': 'Bukan sekarang',
  'settings.staff.shiftRequired': 'Jual hanya dalam syif',
  'settings.staff.shiftRequiredHint':
    'Hidup: tiada jualan diterima sehingga syif dibuka, supaya hari itu sama dengan jumlah syifnya. Dihidupkan bersama “Tanya siapa di kaunter”. Kiosk tidak pernah memerlukannya.',
  'shift.closeFacts': '{count} dibayar · bersih {net} · bayaran terbuka: {open}',
};
