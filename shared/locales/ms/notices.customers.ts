import type { CustomerNoticeKey } from '../../notices.ts';

// Malay for the linked-customer side's notices (English: ../en/notices.customers.ts). "Tahanan dana" is a hold,
// "menuntut" captures it, "melepaskan" releases it. A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_MS: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-untrusted':
    'Dompet menamakan halaman persetujuan pada alamat yang tidak dijangka ({address}); ia tidak dibuka. Mulakan pemautan semula, dan maklumkan sokongan anda jika ini berlaku lagi.',
  'link.consent-not-here':
    'Skrin ini tidak dapat menunjukkan halaman persetujuan pelanggan. Pautkan pelanggan daripada aplikasi terminal.',
  'link.hint-needed': 'Masukkan nombor telefon atau alamat e-mel pelanggan.',
  'link.phone-hint-invalid': 'Masukkan nombor telefon penuh (ia ditunjukkan secara tersunting kepada pelanggan).',
  'link.email-hint-invalid': 'Masukkan alamat e-mel yang sah (ia ditunjukkan secara tersunting kepada pelanggan).',
  'link.not-stored':
    'Pelanggan telah meluluskan, tetapi terminal ini tidak dapat menyimpan pautan dengan selamat. Semak stor kunci komputer ini, kemudian pautkan pelanggan semula.',
  'journal.customers-damaged':
    'Jurnal pelanggan terpaut {file} rosak dan tidak dapat dibaca. Tutup aplikasi dan pulihkan fail ini daripada sandaran. Tanpa sandaran, alihkan fail yang rosak ke tepi (simpannya: ia rekod caj dan tahanan dana yang lalu) dan mulakan aplikasi semula dengan fail baharu yang kosong; pelanggan kemudian perlu dipautkan semula.',
  'journal.customers-unopenable':
    'Jurnal pelanggan terpaut {file} tidak dapat dibuka ({reason}). Pastikan fail dan foldernya boleh ditulis, kemudian mulakan aplikasi semula.',
  'journal.customers-newer':
    'Jurnal pelanggan terpaut ditulis oleh versi aplikasi yang lebih baharu (skema {schema}, aplikasi ini mengenali {known}). Kemas kini aplikasi.',

  'customers.credentials-missing':
    'Bayaran pelanggan terpaut memerlukan ID peniaga dan rahsia. Pentadbir mesti memasukkannya dalam Tetapan.',
  'customers.callback-missing':
    'Bayaran pelanggan terpaut memerlukan alamat panggil balik pemautan. Pentadbir mesti memasukkannya dalam Tetapan.',
  'customers.gateway-missing':
    'Bayaran pelanggan terpaut memerlukan alamat get laluan peniaga untuk persekitaran tersuai.',
  'customers.currency-other': 'Mata wang ini bukan yang disediakan untuk bayaran pelanggan terpaut.',
  'customers.reference-taken': 'Rujukan ini sudah digunakan; tiada apa yang dihantar. Cuba lagi.',

  'hold.not-on-till': 'Tiada tahanan dana dengan rujukan ini pada terminal ini.',
  'hold.never-placed-capture': 'Tahanan dana ini tidak pernah dibuat, jadi ia tidak boleh dituntut.',
  'hold.never-placed-release': 'Tahanan dana ini tidak pernah dibuat, jadi ia tidak boleh dilepaskan.',
  'unlink.still-checking':
    'Caj atau tahanan dana untuk pelanggan ini masih disemak dengan penyedia. Tunggu keputusannya, kemudian nyahpaut.',
  'unlink.open-holds':
    'Pelanggan ini mempunyai {count} tahanan dana terbuka. Tuntut atau lepaskannya sebelum menyahpaut.',
  'unlink.hold-elsewhere':
    'Dompet masih mempunyai tahanan dana terbuka untuk pelanggan ini yang tidak dapat diselesaikan oleh terminal ini (yang berhenti disemaknya, atau yang dibuat di tempat lain). Semaknya dengan penyedia sebelum menyahpaut.',

  'stopped.too-late':
    'tidak dihantar semula lebih daripada {minutes} minit selepas pertama kali dihantar, supaya ia tidak mengecaj pelanggan lewat; semaknya dengan penyedia',
  'stopped.link-invalid': 'pautan pelanggan tidak sah lagi; semaknya dengan penyedia',
  'stopped.hold-unknown':
    'penyedia tidak mengenali tahanan dana ini (persekitaran atau peniaga berubah?); semaknya dengan penyedia',
  'stopped.resend-refused': 'penyedia menolak penghantaran semula ({error}); semaknya dengan penyedia',
  'stopped.recorded': '{text}',
};
