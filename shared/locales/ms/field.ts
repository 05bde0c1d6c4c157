import type { FIELD_SUPPORT_EN } from '../en/field.ts';

// Bahasa Melayu: Settings → About (logs, support bundle) and the app's window titles and start-up box. Same keys as ../en/field.ts.

export const FIELD_SUPPORT_MS: Readonly<Record<keyof typeof FIELD_SUPPORT_EN, string>> = {
  'settings.tab.about': 'Perihal',
  'about.logsTitle': 'Log',
  'about.logsWhere': 'Kaunter ini menulis lognya ke folder ini:',
  'about.logsHint':
    'Setiap log menyimpan lima fail terbarunya, 5 MB setiap satu. Tiada rahsia, PIN, kunci atau token yang pernah ditulis ke dalamnya.',
  'about.logsUnknown': 'Folder log tidak dapat ditunjukkan sekarang.',
  'about.bundleTitle': 'Pakej sokongan',
  'about.bundleHint':
    'Satu fail .zip untuk sesiapa yang menyokong kaunter ini: log, tetapan tanpa rahsia, kesihatan rekod pembayaran dan bar status. Ia tidak mengandungi sebarang rahsia atau nama pelanggan.',
  'about.saveBundle': 'Simpan pakej sokongan',
  'about.savingBundle': 'Menyimpan…',
  'about.bundleSaved': 'Pakej sokongan disimpan ({size}):',
  'about.chainBroken': 'Rekod terminal ini tidak sepadan dengan rantai auditnya.',
  'about.chainTitle': 'Rekod yang boleh dibuktikan',
  'about.chainHint':
    'Setiap pembayaran, bayaran balik, pembatalan dan syif dirantai dalam rekod pembayaran semasa ia ditulis: rekod yang diubah atau dibuang kemudian ditunjukkan dalam Semak terminal ini. Juruaudit menyemak eksport dengan `npm run verify-journal -- --export FAIL` dan kunci ini.',
  'about.chainKey': 'Kunci terminal ini:',
  'about.chainHead': 'Entri terakhir:',
  'about.exportChain': 'Eksport untuk juruaudit',
  'about.exportingChain': 'Mengeksport…',
  'about.chainExported': 'Eksport bertandatangan disimpan ({entries} entri):',
  'shell.window.cashier': 'Wallet POS',
  'shell.window.customerDisplay': 'Wallet POS — paparan pelanggan',
  'shell.window.consent': 'Pautkan pelanggan — persetujuan dompet',
  'shell.startFailed.title': 'Wallet POS tidak dapat dimulakan',
  'shell.startFailed.body': 'Teras pembayaran tidak dapat dimulakan: {reason}',
};
