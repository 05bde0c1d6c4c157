import type { PaymentNoticeKey } from '../../notices.ts';

// Malay for the in-store payment side's notices (English: ../en/notices.payments.ts).
// A full record: a key without its text here does not compile.

export const PAYMENT_NOTICES_MS: Readonly<Record<PaymentNoticeKey, string>> = {
  'payments.error': '{error}',
  'payments.reason-recorded': '{text}',
  'payments.reasons-joined': '{first} {rest}',
  'payments.provider-said': '{reason} Kata penyedia: “{providerText}”',

  'amount.below-minimum': 'Amaun terkecil yang diterima terminal ini ialah {min}.',
  'amount.above-limit': 'Amaun ini melebihi had {max} yang ditetapkan untuk terminal ini.',
  'amount.provider-minimum-learned': 'Amaun terkecil penyedia untuk kedai ini sekurang-kurangnya {min}.',
  'amount.provider-maximum-learned': 'Amaun terbesar penyedia untuk kedai ini paling banyak {max}.',
  'currency.terminal-only': 'Terminal ini hanya menerima bayaran dalam {currency}.',
  'payments.other-terminal':
    'Bayaran ini diterima di terminal {paymentPosId}; terminal kini disediakan sebagai {currentPosId}. Tukar Tetapan semula untuk menyelesaikannya.',
  'payments.lookup-failed': 'Semakan status gagal.',

  'unresolved.checking': 'Menyemak dengan penyedia: {reason}',
  'unresolved.exists-not-found':
    'Penyedia berkata bayaran ini wujud tetapi belum menunjukkannya; menyemak semula sehingga ia ditunjukkan.',
  'unresolved.not-found-yet':
    'Penyedia belum mempunyai rekod bayaran ini; permintaan yang perlahan mungkin masih tiba. Menyemak semula.',
  'unresolved.resending': 'Penyedia tiada rekod bayaran ini; menghantarnya semula ({count} daripada {max}).',
  'unresolved.already-exists': 'Penyedia sudah mempunyai bayaran ini; membaca statusnya.',
  'unresolved.refused': 'Penyedia menolak bayaran ({error}); memastikan tiada caj dikenakan.',
  'unresolved.refund-checking': 'Bayaran balik {amount} sedang disemak: {reason}',
  'unresolved.refund-confirming': 'Bayaran balik {amount} sedang disahkan dengan penyedia.',
  'unresolved.cancel-checking': 'Pembatalan sedang disemak: {reason}',
  'unresolved.cancel-confirming': 'Pembatalan sedang disahkan dengan penyedia.',
  'payments.declined-by-wallet': 'Ditolak oleh dompet.',

  'cancel.never-sent': 'Bayaran tidak pernah sampai kepada penyedia: tiada apa untuk dibatalkan.',
  'cancel.provider-refused-payment': 'Penyedia menolak bayaran: tiada apa untuk dibatalkan.',
  'cancel.not-found-yet': 'Penyedia belum mempunyai rekod bayaran ini.',
  'cancel.resending': 'Penyedia masih menunjukkan bayaran terbuka; menghantar pembatalan semula.',
  'cancel.confirmed-in-app':
    'Pelanggan sudah mengesahkan bayaran ini dalam aplikasi dompet; ia tidak boleh dibatalkan lagi.',
  'cancel.already-paid': 'Bayaran ini sudah dibayar. Pulangkan bayaran sebaliknya.',
  'cancel.already-refunded': 'Bayaran ini sudah dibayar dan dipulangkan.',
  'cancel.already-cancelled': 'Bayaran ini sudah dibatalkan.',
  'cancel.already-failed': 'Bayaran ini sudah gagal; tiada apa untuk dibatalkan.',
  'cancel.already-expired': 'Bayaran ini sudah tamat tempoh; tiada apa untuk dibatalkan.',
  'cancel.did-not-go-through': 'Bayaran ini tidak berjaya; tiada apa untuk dibatalkan.',

  'refund.reason-missing': 'Masukkan sebab bayaran balik.',
  'refund.at-other-till':
    'Bayaran ini diterima di terminal {till}: buat bayaran balik di sana, tempat syif dan rekodnya.',
  'refund.without-receipt-needs-approval': 'Bayaran ini ditemui tanpa resitnya: bayaran balik memerlukan PIN pelulus.',
  'refund.supervisor-pin-not-set':
    'Tiada PIN penyelia disediakan pada terminal ini. Pentadbir mesti menetapkannya dalam Tetapan sebelum bayaran balik boleh dibuat.',
  'refund.nothing-left': 'Tiada baki untuk dipulangkan bagi bayaran ini.',
  'refund.nothing-left-elsewhere':
    'Bayaran ini sudah dipulangkan sepenuhnya (sebahagiannya di luar terminal ini). Tiada baki untuk dipulangkan.',
  'refund.left-after-elsewhere':
    'Sebahagian bayaran ini dipulangkan di luar terminal ini: paling banyak {left} boleh dipulangkan.',
  'refund.payment-not-found-now':
    'Penyedia tidak menemui bayaran ini sebentar tadi, jadi tiada apa yang dipulangkan. Cuba lagi sebentar lagi.',
  'refund.check-failed':
    'Bayaran tidak dapat disemak dengan penyedia sebelum dipulangkan, jadi tiada apa yang dipulangkan. {reason}',
  'refund.another-in-flight':
    'Bayaran balik {amount} bagi bayaran ini masih disahkan dengan penyedia. Tunggu sehingga selesai, kemudian pulangkan lagi jika perlu.',
  'refund.another-just-made':
    'Bayaran balik lain baru sahaja dibuat bagi bayaran ini. Semak bayaran semula, kemudian pulangkan apa yang masih perlu.',
  'refund.other-unsettled':
    'Bayaran balik lain bagi bayaran ini masih disemak; yang ini hanya dihantar semula selepas yang itu selesai.',
  'refund.not-shown-yet': 'Penyedia belum menunjukkan bayaran balik ini; permintaan yang perlahan mungkin masih tiba.',
  'refund.payment-not-found': 'Penyedia tidak menemui bayaran yang dimiliki oleh bayaran balik ini.',
  'refund.resending': 'Penyedia tidak menunjukkan bayaran balik ini; menghantarnya semula dengan kunci yang sama.',

  'history.position-invalid': 'Kedudukan senarai tidak sah lagi. Kembali ke halaman pertama.',
  'history.page-size': 'Satu halaman memuatkan 1 hingga {max} bayaran.',
  'summary.currency-needed': 'Belum ada bayaran: pilih mata wang untuk ringkasan.',
  'summary.day-invalid': '"{day}" bukan tarikh. Pilih hari daripada kalendar.',
  'receipt.not-paid': 'Bayaran ini tidak dibayar, jadi tiada resit untuk dicetak.',
  'receipt.no-refund': 'Bayaran ini tiada bayaran balik, jadi tiada slip bayaran balik untuk dicetak.',
  'receipt.printer-failed':
    'Pencetak resit tidak mencetak. Pastikan ia dihidupkan, ada kertas dan merupakan pencetak lalai, kemudian cetak semula daripada butiran bayaran.',
  'receipt.printer-failed-because':
    'Pencetak resit tidak mencetak ({detail}). Pastikan ia dihidupkan, ada kertas dan merupakan pencetak lalai, kemudian cetak semula daripada butiran bayaran.',

  'settings.unknown-setting': '"{name}" bukan tetapan yang dikenali oleh terminal ini.',
  'settings.value-invalid': 'Nilai ini tidak sah.',
  'settings.required': 'Masukkan nilai.',
  'settings.required-for-live': 'Persekitaran sebenar memerlukan ini: masukkannya (demo tidak memerlukannya).',
  'settings.at-least': 'Masukkan {minimum} atau lebih.',
  'settings.at-most': 'Masukkan {maximum} atau kurang.',
  'settings.too-long': 'Gunakan paling banyak {maximum} aksara.',
  'settings.choose-from-list': 'Pilih salah satu nilai yang ditawarkan.',
  'settings.currency-not-in-country': 'Mata wang ini tidak digunakan di negara yang dipilih.',
  'settings.min-above-max': 'Amaun minimum melebihi maksimum.',
  'settings.https-or-local': 'Masukkan alamat https:// (http biasa hanya untuk komputer ini).',
  'settings.https-or-local-or-empty':
    'Masukkan alamat https:// (http biasa hanya untuk komputer ini), atau biarkan kosong.',
  'settings.https-or-empty': 'Masukkan alamat https://, atau biarkan kosong.',
  'settings.printer-host-missing': 'Masukkan alamat pencetak rangkaian (alamat IP atau namanya).',
  'settings.printer-path-missing': 'Masukkan peranti pencetak (contohnya /dev/usb/lp0, atau COM3 pada Windows).',
  'settings.printer-path-not-device':
    '{path} bukan port pencetak: masukkan peranti pencetak (/dev/usb/lp0, /dev/ttyUSB0; COM3, LPT1 atau USB001 pada Windows).',
  'settings.printer-path-in-data-folder':
    'Laluan itu berada dalam folder data mesin juruwang: pencetak tidak pernah menjadi fail di situ.',
  'settings.pin-digits': 'Gunakan 4 hingga 12 digit.',
  'settings.admin-pin-first':
    'Tetapkan PIN pentadbir dahulu (boleh dalam simpanan yang sama): tanpanya, sesiapa di terminal boleh mengubah ini.',
  'settings.admin-pin-still-needed':
    'PIN pentadbir tidak boleh dibuang selagi PIN penyelia ditetapkan atau bayaran balik mesin daftar tunai dihidupkan: tanpanya, sesiapa di terminal boleh mengubahnya.',
  'settings.secret-empty': 'Masukkan nilai, atau gunakan "Buang" untuk memadamnya.',
  'settings.secret-spaces': 'Tampal rahsia tanpa ruang sebelum atau selepasnya.',
  'settings.time-zone-unknown':
    '"{timeZone}" bukan zon waktu yang dikenali oleh komputer ini. Pilih satu seperti Asia/Singapore.',
  'settings.port-in-use': 'Program lain pada komputer ini sudah menggunakan port {port}. Pilih port lain.',
  'settings.port-of-till':
    'Terminal ini sendiri sudah menggunakan port {port} (skrinnya, penyedia demo atau pemberitahuan bayaran). Pilih port lain.',
  'settings.port-not-allowed': 'Komputer ini tidak membenarkan terminal mendengar pada port {port}. Pilih port lain.',
  'ecr.port-in-use':
    'Program lain pada komputer ini mengambil port {port}, jadi mesin daftar tunai tidak dapat menyambung. Pilih port lain dan simpan, atau tutup program itu dan simpan semula.',
  'ecr.port-not-allowed':
    'Komputer ini tidak membenarkan terminal mendengar pada port {port}, jadi mesin daftar tunai tidak dapat menyambung. Pilih port lain dan simpan.',
  'ecr.not-started':
    'Sambungan mesin daftar tunai tidak dapat dimulakan, jadi mesin daftar tunai tidak dapat menyambung. Simpan semula; jika masih begitu, pilih port atau rangkaian lain.',
  'listen.port-in-use': 'Program lain pada komputer ini sudah menggunakan port {port}.',
  'listen.port-not-allowed': 'Komputer ini tidak membenarkan terminal mendengar pada port {port}.',
  'listen.not-started': 'Terminal tidak dapat mendengar pada port {port}.',
  'pin.locked-seconds': 'Terlalu banyak PIN salah. Tunggu {seconds} saat, kemudian cuba lagi.',
  'pin.locked-minutes': 'Terlalu banyak PIN salah. Tunggu {minutes} minit, kemudian cuba lagi.',
  'pin.locked-hours': 'Terlalu banyak PIN salah. Tunggu {hours} jam, kemudian cuba lagi.',
  'auth.missing-for':
    'Tiada kelayakan disediakan untuk {environment}: {missing} tiada. Pentadbir mesti memasukkannya dalam Tetapan.',
  'vault.nothing-to-reset': 'Peti rahsia boleh dibaca: tiada apa untuk diset semula.',
  'journal.payments-newer':
    'Jurnal bayaran ditulis oleh versi aplikasi yang lebih baharu (skema {schema}, aplikasi ini mengenali {known}). Kemas kini aplikasi sebelum menerima bayaran.',
  'journal.payments-unopenable':
    'Jurnal bayaran tidak dapat dibuka ({reason}). Bayaran dihentikan sementara untuk memastikan rekod selamat.',
  'vault.no-key-store':
    'Rahsia tidak dapat disimpan dengan selamat pada komputer ini: tiada stor kunci OS (GNOME Keyring atau KWallet) yang berjalan.',
  'ipc.invalid-payload-at': 'Aplikasi menghantar butiran yang tidak lengkap ({field}). Semak kemasukan dan cuba lagi.',
};
