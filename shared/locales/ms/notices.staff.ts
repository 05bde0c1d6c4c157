import type { StaffNoticeKey } from '../../notices.ts';

// Notis tentang kakitangan di terminal (electron/core/staff/), dalam Bahasa Melayu.

export const STAFF_NOTICES_MS: Readonly<Record<StaffNoticeKey, string>> = {
  'staff.role.cashier': 'Juruwang',
  'staff.role.supervisor': 'Penyelia',
  'staff.role.admin': 'Pentadbir',
  'staff.right.sell': 'Menjual',
  'staff.right.scan': 'Mengimbas kod pelanggan',
  'staff.right.cancel-own': 'Membatalkan jualan terbuka sendiri',
  'staff.right.reprint': 'Mencetak semula resit',
  'staff.right.payments-today': 'Melihat pembayaran hari ini',
  'staff.right.refund': 'Membuat bayaran balik',
  'staff.right.cancel-any': 'Membatalkan sebarang jualan',
  'staff.right.approve-refund': 'Meluluskan bayaran balik juruwang',
  'staff.right.x-report': 'Membaca laporan X',
  'staff.right.close-shift': 'Menutup syif',
  'staff.right.payments-any-day': 'Melihat pembayaran pada mana-mana hari',
  'staff.right.drawer': 'Membuka laci wang',
  'staff.right.training': 'Melatih kakitangan',
  'staff.right.settings': 'Menukar Tetapan',
  'staff.right.staff': 'Mengurus kakitangan',
  'staff.right.register-keys': 'Mengurus kunci mesin daftar tunai',
  'staff.right.go-live': 'Beralih ke operasi sebenar',
  'auth.not-allowed-right': '{role} tidak boleh melakukan ini (“{right}”). Minta bantuan penyelia.',
  'auth.approver-not-allowed':
    'PIN ini milik seseorang yang tidak boleh meluluskan bayaran balik. Penyelia atau pentadbir perlu memasukkan PIN sendiri.',
  'auth.refund-confirm-pin': 'Sahkan bayaran balik dengan PIN anda sendiri.',
  'auth.refund-needs-approval': 'Bayaran balik oleh juruwang memerlukan PIN penyelia.',
  'auth.refund-needs-approval-over': 'Bayaran balik oleh juruwang melebihi {limit} memerlukan PIN penyelia.',
  'auth.refund-needs-approval-payment-over':
    '{refunded} daripada bayaran ini telah dibayar balik: bayaran balik juruwang bagi satu bayaran melebihi {limit} kesemuanya memerlukan PIN penyelia.',
  'auth.refund-needs-approval-shift-cap':
    'Anda telah membayar balik {refunded} tanpa kelulusan dalam syif ini: melebihi {cap} satu syif, penyelia meluluskan dengan PIN mereka.',
  'auth.badge-unknown': 'Lencana ini tidak dikenali di terminal ini, atau pemiliknya tidak aktif.',
  'staff.built-in-role':
    'Pentadbir dan Penyelia terbina dalam mengekalkan peranan mereka. Tambah orang baharu untuk peranan lain.',
  'staff.built-in-active':
    'Pentadbir dan Penyelia terbina dalam sentiasa aktif. Untuk membuangnya, padamkan PIN mereka dalam Tetapan → PIN.',
  'staff.pin-required': 'Orang baharu memerlukan PIN 4 hingga 8 digit.',
  'staff.pin-taken': 'Orang lain sudah menggunakan PIN ini. Pilih PIN lain.',
  'staff.badge-taken': 'Orang lain sudah menggunakan lencana ini.',
  'training.not-on-kiosk': 'Kiosk tidak pernah dalam mod latihan: latihan hanya untuk kaunter dengan juruwang.',
  'training.no-such-person': 'Tiada kakitangan aktif dengan ID ini untuk dilatih.',
  'training.no-open-sale': 'Tiada jualan latihan terbuka untuk diuruskan.',
  'training.not-on': 'Mod latihan tidak aktif.',
};
