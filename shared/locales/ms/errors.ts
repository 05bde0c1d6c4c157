import { UPDATE_ERRORS_MS } from './errors.updates.ts';
import type { ErrorCode } from '../../errors.ts';

// Each error code's text in Malay (English: ../en/errors.ts). A full record: a code without
// its text here does not compile.

export const ERRORS_MS: Readonly<Record<ErrorCode, string>> = {
  'auth.signature': 'Penyedia menolak tandatangan kami. Semak rahsia kunci akses dalam Tetapan.',
  'auth.clock-skew': 'Jam terminal ini tidak selari dengan penyedia. Betulkan masa sistem, kemudian cuba lagi.',
  'auth.unknown-key': 'Penyedia tidak mengenali kunci akses ini. Semak persekitaran dan kunci akses dalam Tetapan.',
  'auth.missing': 'Tiada kelayakan disediakan untuk persekitaran ini. Pentadbir mesti memasukkannya dalam Tetapan.',
  'auth.unauthorized': 'Penyedia menolak log masuk kami. Semak ID peniaga dan rahsia dalam Tetapan.',
  'terminal.denied': 'Terminal ini (posId) milik kelayakan lain. Semak posId dalam Tetapan.',
  'pos.unknown': 'Penyedia tidak mengenali terminal ini (posId). Semak posId dalam Tetapan.',
  'order.not-found': 'Penyedia tiada bayaran dengan rujukan ini.',
  'order.duplicate-reference': 'Rujukan bayaran ini sudah digunakan. Mulakan jualan baharu.',
  'charge.id-reused': 'Jualan ini sudah dicaj untuk amaun lain. Masukkan amaun semula dan caj sebagai jualan baharu.',
  'order.not-captured': 'Hanya pesanan yang telah dibayar boleh dipulangkan.',
  'order.not-cancellable': 'Bayaran ini tidak boleh dibatalkan lagi: pelanggan sudah mengesahkannya.',
  'order.not-refundable': 'Bayaran ini tidak boleh dipulangkan dalam keadaan semasanya.',
  'refund.exceeds-refundable': 'Bayaran balik melebihi baki yang boleh dipulangkan bagi bayaran ini.',
  'consumer-code.already-used':
    'Kod pelanggan ini sudah digunakan. Minta pelanggan menyegarkan kod dalam aplikasi mereka.',
  'consumer-code.invalid':
    'Ini bukan kod bayaran dompet. Minta pelanggan menunjukkan QR bayaran dalam aplikasi mereka.',
  'consumer-code.expired':
    'Kod pelanggan ini telah tamat tempoh. Minta pelanggan menyegarkan kod dalam aplikasi mereka.',
  'amount.invalid': 'Masukkan amaun melebihi sifar.',
  'amount.over-limit': 'Amaun ini melebihi had yang ditetapkan untuk terminal ini.',
  'amount.below-provider-minimum': 'Amaun ini di bawah amaun terkecil yang boleh dicaj oleh kedai ini dengan dompet.',
  'amount.above-provider-maximum': 'Amaun ini melebihi amaun terbesar yang boleh dicaj oleh kedai ini dengan dompet.',
  'currency.unsupported': 'Mata wang ini tidak boleh digunakan di negara yang dipilih.',
  'admin.pin-required': 'Tetapan dikunci. Masukkan PIN pentadbir untuk mengubahnya.',
  'supervisor.pin-required': 'PIN penyelia diperlukan untuk tindakan ini.',
  'supervisor.pin-wrong': 'PIN penyelia itu tidak betul.',
  'request.invalid': 'Permintaan tidak diterima. Semak butirannya dan cuba lagi.',
  'network.timeout': 'Penyedia tidak menjawab tepat pada masanya. Bayaran sedang disemak.',
  'network.unreachable': 'Penyedia tidak dapat dihubungi. Semak sambungan rangkaian.',
  'provider.unavailable': 'Penyedia tidak tersedia buat sementara waktu. Sila cuba lagi sebentar lagi.',
  'provider.bad-response': 'Penyedia menghantar jawapan yang tidak dapat kami baca. Bayaran sedang disemak.',
  'payment-token.invalid': 'Pautan pelanggan ini tidak sah lagi. Pautkan pelanggan sekali lagi.',
  'link.expired': 'Sesi pemautan telah tamat tempoh. Mulakan pemautan semula.',
  'link.failed': 'Pemautan tidak selesai. Mulakan pemautan semula.',
  'preauth.not-found': 'Tahanan dana ini tidak ditemui pada penyedia.',
  'preauth.already-captured': 'Tahanan dana ini sudah dituntut.',
  'preauth.already-voided': 'Tahanan dana ini sudah dilepaskan.',
  'preauth.declined': 'Tahanan dana ditolak. Tawarkan kaedah bayaran lain.',
  'preauth.expired': 'Tahanan dana ini telah tamat tempoh. Buat tahanan baharu jika perlu.',
  'unlink.blocked': 'Pelanggan ini mempunyai tahanan dana yang terbuka. Tuntut atau lepaskannya sebelum menyahpaut.',
  'preauth.pending': 'Tahanan dana masih sedang diluluskan. Tunggu sebentar, kemudian cuba lagi.',
  'customer.not-found': 'Pelanggan ini tidak dipautkan pada terminal ini. Pautkan pelanggan dahulu.',
  'customer.outcome-unknown':
    'Caj atau tahanan dana terdahulu untuk pelanggan ini masih disemak dengan penyedia. Tunggu keputusannya sebelum mengecaj atau menahan dana lagi, supaya tiada apa yang diambil dua kali.',
  'customer.hold-pending':
    'Tahanan dana untuk pelanggan ini masih diluluskan oleh dompet. Tunggu keputusannya sebelum membuat tahanan lain, supaya amaun tidak ditahan dua kali.',
  'approval.required': 'Pelanggan belum meluluskan ini. Minta kelulusan mereka dahulu.',
  'approval.declined': 'Pelanggan menolak. Tiada apa yang diambil.',
  'approval.expired': 'Masa kelulusan telah tamat. Tanya pelanggan sekali lagi.',
  'approval.mismatch': 'Kelulusan ini diberikan untuk amaun atau pelanggan lain. Tanya pelanggan sekali lagi.',
  'settings.invalid': 'Sesetengah tetapan tidak sah. Semak ruangan yang ditandakan.',
  'vault.unavailable': 'Rahsia tidak dapat disimpan dengan selamat pada komputer ini (tiada stor kunci OS).',
  'vault.unreadable':
    'Kelayakan dan PIN yang disimpan tidak dapat dibaca, jadi tetapan dikunci. Pulihkan peti rahsia daripada sandaran dan mulakan semula, atau set semula (setiap kelayakan dan PIN mesti dimasukkan semula).',
  'journal.unavailable':
    'Jurnal bayaran tidak dapat ditulis. Bayaran dihentikan sementara untuk memastikan rekod selamat.',
  'listen.refused':
    'Terminal tidak dapat mendengar pada salah satu portnya. Bayaran diteruskan; Tetapan menunjukkan port yang mana.',
  'ecr.keys-unsaved':
    'Terminal tidak dapat menyimpan kunci mesin daftar tunainya, jadi tiada apa yang diubah. Pastikan cakera mempunyai ruang, kemudian cuba lagi.',
  'ecr.idempotency-key-expired':
    'Idempotency-Key ini digunakan lebih daripada 24 jam yang lalu. Hantar setiap permintaan baharu dengan kunci baharu.',
  'admin.pin-not-set':
    'Tetapkan PIN pentadbir dahulu (Tetapan → PIN): sehingga ia ditetapkan, sesiapa di terminal boleh mengubah tetapan, jadi ini tidak melindungi apa-apa.',
  'payment-token.key-unreadable':
    'Kunci yang melindungi token bayaran pelanggan terpaut tidak dapat dibaca, jadi tiada pelanggan terpaut boleh dicaj. Pulihkan peti rahsia daripada sandaran dan mulakan semula terminal.',
  'journal.lost':
    'Jurnal terminal ini hilang, dikosongkan, diganti, lebih lama daripada yang ditulis oleh terminal, atau rosak. Tiada apa yang diterima sehingga pentadbir memulihkannya atau memulakan jurnal baharu.',
  'journal.conflict': 'Bayaran ini berubah semasa dikemas kini. Ia sedang disemak semula.',
  'payment.not-found': 'Tiada bayaran dengan rujukan ini ditemui pada terminal ini.',
  'ipc.unknown-channel': 'Aplikasi meminta sesuatu yang tidak wujud. Mulakan semula aplikasi.',
  'ipc.forbidden': 'Permintaan ini datang daripada halaman yang tidak dipercayai dan telah ditolak.',
  'ipc.invalid-payload': 'Aplikasi menghantar butiran yang tidak lengkap. Semak kemasukan dan cuba lagi.',
  internal: 'Berlaku masalah dalam aplikasi. Jurnal bayaran selamat; cuba lagi.',
  'ecr.unauthorized':
    'Sambungan mesin daftar tunai tidak menerima kunci ini: ia tiada, salah atau telah dibatalkan. Pentadbir mencipta kunci dalam Tetapan → Mesin daftar tunai.',
  'ecr.busy':
    'Terminal sedang sibuk dengan jualan lain. Tunggu sehingga ia dibayar, gagal atau dibatalkan, kemudian hantar jualan itu semula.',
  'ecr.refunds-disabled':
    'Bayaran balik melalui sambungan mesin daftar tunai dimatikan. Pentadbir boleh membenarkannya dalam Tetapan → Mesin daftar tunai.',
  'ecr.idempotency-key-missing':
    'Setiap permintaan mesin daftar tunai yang mengubah sesuatu memerlukan pengepala Idempotency-Key sepanjang 1 hingga 128 aksara ASCII yang boleh dicetak.',
  'ecr.idempotency-conflict':
    'Idempotency-Key ini sudah digunakan untuk permintaan lain. Hantar kunci baharu dengan permintaan baharu.',
  'ecr.invalid-request':
    'Mesin daftar tunai menghantar permintaan yang tidak dapat diterima oleh terminal. Semak ruangannya.',
  'ecr.not-found': 'Sambungan mesin daftar tunai tiada alamat sedemikian.',
  'ecr.method-not-allowed': 'Sambungan mesin daftar tunai tidak menerima kaedah ini pada alamat ini.',
  'ecr.unsupported-media-type': 'Mesin daftar tunai mesti menghantar JSON (Content-Type: application/json).',
  'ecr.request-too-large': 'Mesin daftar tunai menghantar permintaan yang terlalu besar.',
  'ecr.request-timeout':
    'Permintaan mesin daftar tunai tidak tiba sepenuhnya tepat pada masanya, jadi sambungan ditutup. Hantar semula.',
  'ecr.forbidden':
    'Sambungan mesin daftar tunai menolak permintaan ini: ia hanya menjawab program mesin daftar tunai, pada alamat terminal sendiri.',
  'ecr.key-name-taken':
    'Kunci mesin daftar tunai dengan nama ini sudah wujud. Pilih nama lain, atau batalkan kunci lama dahulu.',
  'ecr.key-not-found': 'Tiada kunci mesin daftar tunai dengan nama ini.',
  'ecr.sale-cancelled': 'Jualan mesin daftar tunai ini telah dibatalkan. Tiada caj dikenakan.',
  'ecr.sale-expired':
    'Jualan mesin daftar tunai ini telah tamat tempoh: tiada kod pelanggan diimbas tepat pada masanya. Tiada caj dikenakan; mesin daftar tunai boleh menghantarnya semula.',
  'ecr.too-many-connections':
    'Kunci mesin daftar tunai ini memegang terlalu banyak strim peristiwa atau tinjauan panjang serentak. Tutup sebahagian sebelum membuka lagi.',
  'ecr.keys-unreadable':
    'Terminal ini tidak dapat membaca kunci mesin daftar tunainya, jadi tiada mesin daftar tunai diterima. Pentadbir mencipta semula kunci dalam Tetapan → Mesin daftar tunai.',
  'printer.paper-out': 'Pencetak resit kehabisan kertas. Masukkan gulungan baharu, kemudian tekan Cetak semula.',
  'printer.cover-open': 'Penutup pencetak resit terbuka. Tutupnya, kemudian tekan Cetak semula.',
  'printer.offline':
    'Pencetak resit dimatikan atau tidak dapat dihubungi. Semak kuasa dan kabelnya (atau rangkaian), kemudian tekan Cetak semula.',
  'printer.failed':
    'Pencetak resit tidak menjawab seperti sepatutnya pencetak resit. Semak tetapan pencetak (Tetapan → Peranti), kemudian tekan Cetak semula.',
  'headOffice.off':
    'Kaunter ini tidak disambungkan ke ibu pejabat. Pentadbir menghidupkannya dalam Tetapan → Ibu pejabat.',
  'headOffice.unavailable':
    'Ibu pejabat tidak dapat dihubungi sekarang. Jualan di sini diteruskan; cuba lagi sebentar lagi.',
  'auth.wrong-pin': 'PIN itu tidak dikenali di terminal ini. Cuba lagi.',
  'auth.locked': 'Terlalu banyak PIN salah. Tunggu sebentar, kemudian cuba lagi.',
  'auth.sign-in-required':
    'Log masuk dahulu: terminal ini perlu tahu siapa yang bertugas sebelum jualan atau bayaran balik.',
  'auth.not-allowed': 'Peranan anda tidak membenarkan tindakan ini. Minta bantuan penyelia.',
  'staff.invalid': 'Sebahagian butiran orang ini tidak sah. Semak medan yang ditandakan.',
  'staff.not-found': 'Orang ini tiada dalam senarai kakitangan terminal ini.',
  'settings.locked':
    'Tetapan ini ditetapkan oleh organisasi anda (fail polisinya) dan tidak boleh diubah pada terminal ini. Hubungi pasukan IT anda.',
  'support.bundle-failed':
    'Pakej sokongan tidak dapat disimpan. Pastikan cakera masih mempunyai ruang, kemudian tekan Simpan pakej sokongan sekali lagi.',
  ...UPDATE_ERRORS_MS,
  'shift.already-open': 'Satu syif sudah dibuka. Tutup syif itu dahulu sebelum membuka yang lain.',
  'shift.not-open': 'Buka syif untuk mula menjual: terminal ini hanya menjual dalam syif.',
  'shift.none-open': 'Tiada syif yang dibuka. Buka syif dahulu.',
  'shift.not-found': 'Tiada syif sedemikian pada kaunter ini.',
  'shift.payments-open':
    'Masih ada bayaran yang terbuka atau sedang disemak, jadi syif belum boleh ditutup. Selesaikan dahulu, atau minta penyelia menutupnya juga.',
};
