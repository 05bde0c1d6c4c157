import type { UPDATE_ERRORS_EN } from '../en/errors.updates.ts';

// Teks ralat kemas kini (electron/core/updates/), dihamparkan di hujung ./errors.ts.

export const UPDATE_ERRORS_MS: Readonly<Record<keyof typeof UPDATE_ERRORS_EN, string>> = {
  'updates.payment-open':
    'Masih ada pembayaran yang terbuka di terminal ini. Kemas kini dipasang setelah ia selesai; tekan Mula semula untuk kemas kini sekali lagi ketika itu.',
  'updates.payment-in-doubt':
    'Keputusan satu pembayaran masih disemak dengan penyedia (Belum selesai). Kemas kini dipasang setelah ia diselesaikan; tekan Mula semula untuk kemas kini sekali lagi ketika itu.',
  'updates.nothing-waiting': 'Tiada kemas kini yang telah dimuat turun dan menunggu untuk dipasang.',
  'updates.not-available':
    'Terminal ini tidak boleh memasang kemas kini apabila berjalan dalam pelayar. Kemas kini dipasang dalam aplikasi.',
  'updates.signature-invalid':
    'Suapan kemas kini tidak ditandatangani oleh penerbit Wallet POS (tiada tandatangan, tandatangan salah atau kunci lain), jadi tiada apa-apa dimuat turun atau dipasang. Minta IT anda menyemak suapan itu.',
};
