import type { REGISTER_EN } from '../en/register.ts';

// Bahasa Melayu: the register connection. "Mesin daftar tunai" is the shop's own register program. Same keys as
// ../en/register.ts.

export const REGISTER_MS: Readonly<Record<keyof typeof REGISTER_EN, string>> = {
  'register.from': 'Daripada mesin daftar tunai: {name}',
  'register.scanTitle': 'Imbas kod pelanggan untuk jualan mesin daftar tunai',
  'register.cancelSale': 'Batalkan jualan mesin daftar tunai (Esc)',
  'register.cancellingSale': 'Membatalkan…',
  'register.saleCancelled': 'Jualan mesin daftar tunai sebanyak {amount} telah dibatalkan. Tiada caj dikenakan.',
  'register.saleExpired':
    'Jualan mesin daftar tunai sebanyak {amount} telah tamat tempoh: tiada kod pelanggan diimbas tepat pada masanya. Tiada caj dikenakan.',
  'register.heldSale':
    'Mesin daftar tunai menghantar jualan sebanyak {amount} ({name}): ia dipaparkan di sini sebaik sahaja jualan ini selesai.',
  'register.heldSaleOnScreen':
    'Mesin daftar tunai menghantar jualan sebanyak {amount} ({name}): ia dipaparkan sebaik sahaja anda meninggalkan skrin ini.',
  'register.heldSaleShow': 'Tunjukkan sekarang',
  'register.mark': 'Mesin daftar tunai: {name}',
  'register.markHint': 'Dimulakan oleh mesin daftar tunai “{name}”, rujukan pesanannya {orderReference}',
  'origin.from-register': 'Daripada mesin daftar tunai',
  'detail.fromRegister': 'Daripada mesin daftar tunai',
  'detail.registerOrderReference': 'Rujukan pesanan mesin daftar tunai',
  'summary.byRegister': 'Jualan mesin daftar tunai, mengikut mesin (sebahagian daripada angka di atas)',
  'summary.register': 'Mesin daftar tunai',
  'summary.registerPaid': 'Dibayar',
  'summary.registerRefunds': 'Bayaran balik dibuat di sini',

  'settings.tab.register': 'Mesin daftar tunai',
  'settings.section.register': 'Sambungan mesin daftar tunai',
  'settings.ecr.explain':
    'Membolehkan program mesin daftar tunai kedai sendiri memulakan, mengikuti, membatalkan dan memulangkan bayaran pada terminal ini (README: Connect your register).',
  'settings.ecr.enabled': 'Sambungan mesin daftar tunai dihidupkan',
  'settings.ecr.port': 'Port',
  'settings.ecr.network': 'Siapa boleh menyambung',
  'settings.ecr.network.this-computer': 'Komputer ini sahaja (127.0.0.1)',
  'settings.ecr.network.shop-network': 'Rangkaian kedai (HTTPS, dengan sijil terminal ini)',
  'settings.ecr.refundsAllowed':
    'Benarkan bayaran balik melalui sambungan (tanpa PIN penyelia: kunci mesin daftar tunai sudah memadai)',
  'settings.ecr.address': 'Alamat untuk mesin daftar tunai: {url}',
  'settings.ecr.off': 'Sambungan mesin daftar tunai dimatikan.',
  'settings.ecr.notListening': 'Tidak mendengar: {problem}',
  'settings.ecr.startsAfterSave': 'Simpan untuk menggunakan tetapan ini.',
  'settings.ecr.keysUnreadable':
    'Setiap mesin daftar tunai ditolak: terminal ini tidak dapat membaca fail kunci mesin daftar tunainya. Cipta semula kunci di bawah Kunci mesin daftar tunai: fail yang rosak diketepikan (disimpan di sebelahnya, hanya boleh dibaca oleh pengguna terminal ini), dan setiap mesin daftar tunai memerlukan kunci baharunya.',
  'settings.ecr.fingerprint': 'Cap jari sijil (SHA-256), untuk disematkan oleh mesin daftar tunai',
  'settings.ecr.publicKeyPin': 'Pin kunci awam (curl --pinnedpubkey sha256//…)',
  'settings.ecr.certificateUnreadable':
    'Tidak mendengar: sijil terminal ini untuk rangkaian kedai, atau kunci peribadinya, rosak. Buat sijil baharu; setiap mesin daftar tunai kemudian mesti menyematkan yang baharu.',
  'settings.ecr.newCertificate': 'Buat sijil baharu',
  'settings.ecr.newCertificateConfirm':
    'Setiap mesin daftar tunai yang menyematkan sijil ini berhenti menyambung sehingga ia menyematkan yang baharu. Buat sijil baharu?',
  'settings.ecr.newCertificateYes': 'Ya, buat sijil baharu',
  'settings.ecr.newCertificateNo': 'Kekalkan yang ini',
  'settings.ecr.certificateRenewed':
    'Sijil baharu telah dibuat. Sematkan cap jari atau kunci awam di atas dalam setiap mesin daftar tunai.',
  'settings.ecr.keys': 'Kunci mesin daftar tunai',
  'settings.ecr.noKeys': 'Belum ada kunci: mesin daftar tunai memerlukan satu untuk menyambung.',
  'settings.ecr.keyName': 'Nama',
  'settings.ecr.keyCreated': 'Dicipta',
  'settings.ecr.keyLastUsed': 'Terakhir digunakan',
  'settings.ecr.keyNeverUsed': 'tidak pernah',
  'settings.ecr.newKeyName': 'Nama kunci baharu (cth. mesin daftar tunai yang menggunakannya)',
  'settings.ecr.createKey': 'Cipta kunci',
  'settings.ecr.newKey':
    'Kunci untuk “{name}”. Salin ke dalam mesin daftar tunai sekarang: ia hanya ditunjukkan sekali ini.',
  'settings.ecr.newKeyLabel': 'Kunci baharu untuk {name}',
  'settings.ecr.revokeKey': 'Batalkan',
  'settings.ecr.revokeKeyLabel': 'Batalkan kunci “{name}”',
  'settings.ecr.revoked': 'Kunci “{name}” tidak lagi berfungsi.',
};
