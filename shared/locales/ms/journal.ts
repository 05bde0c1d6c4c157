import type { JOURNAL_EN } from '../en/journal.ts';

// Bahasa Melayu: a journal refused at start. Same keys as ../en/journal.ts.

export const JOURNAL_MS: Readonly<Record<keyof typeof JOURNAL_EN, string>> = {
  'journal.status': 'Masalah jurnal: bayaran dihentikan',
  'journal.statusOpen': 'Satu jurnal ditolak semasa mula. Buka langkah yang perlu diambil',
  'journal.title': 'Bayaran dihentikan: satu jurnal bukan yang ditulis oleh terminal ini',
  'journal.name.payments': 'Jurnal bayaran (bayaran di kedai)',
  'journal.name.customers': 'Jurnal pelanggan terpaut (caj dan tahanan dana)',
  'journal.kind.missing': 'Fail itu tiada.',
  'journal.kind.empty': 'Fail itu kosong.',
  'journal.kind.replaced': 'Fail itu jurnal lain, bukan yang ditulis oleh terminal ini.',
  'journal.kind.behind': 'Fail itu salinan lama jurnal terminal ini.',
  'journal.kind.corrupt': 'Fail itu rosak.',
  'journal.kind.mark-unreadable':
    'Rekod terminal sendiri bagi jurnal ini (fail .mark di sebelahnya) tidak boleh dibaca, jadi jurnal tidak boleh disemak.',
  'journal.recorded': 'Terminal ini telah menulis {writes} perubahan padanya, yang terakhir pada {at}.',
  'journal.recordedNever': 'Terminal ini telah memulakannya tetapi belum menulis apa-apa padanya.',
  'journal.found': 'Fail itu mempunyai {writes} perubahan, yang terakhir pada {at}.',
  'journal.foundNone': 'Fail itu tiada perubahan yang dikenali oleh terminal ini.',
  'journal.missingSince':
    '{missing} perubahan tiada dalam fail: bayaran, bayaran balik dan tahanan dana yang direkodkan selepas {at} hilang daripada terminal ini. Portal peniaga penyedia menyenaraikan apa yang diterimanya.',
  'journal.allMissing':
    'Semua yang direkodkan oleh terminal ini di situ hilang daripada komputer ini. Portal peniaga penyedia menyenaraikan apa yang diterimanya.',
  'journal.detail': 'Kata SQLite: {detail}',
  'journal.file': 'Fail: {path}',
  'journal.refused':
    'Sehingga perkara ini diselesaikan, terminal tidak menerima bayaran di bahagian ini: tiada apa yang dapat direkodkan dengan selamat.',
  'journal.restoreHelp':
    'Untuk memulihkan: salin sandaran jurnal ini ke fail di atas (bersama fail -wal jika sandaran mempunyainya), kemudian tekan “Semak semula”.',
  'journal.recheck': 'Semak semula',
  'journal.accept': 'Simpan fail ini seadanya',
  'journal.acceptHelp':
    'Fail yang ada menjadi jurnal terminal ini; apa yang tiada padanya kekal hilang. Perkara ini direkodkan dalam jurnal.',
  'journal.startNew': 'Mulakan jurnal baharu',
  'journal.startNewHelp':
    'Fail itu diketepikan (dinamakan semula dengan tarikh hari ini, tidak pernah dipadam) dan jurnal kosong dimulakan. Perkara ini direkodkan dalam jurnal baharu.',
  'journal.confirmStartNew':
    'Mulakan jurnal baharu yang kosong? Fail semasa disimpan di tepi, tetapi terminal ini tidak akan menunjukkan bayarannya.',
  'journal.confirm': 'Ya, mulakan jurnal baharu',
  'journal.cancel': 'Batal',
  'journal.adminNeeded': 'Pentadbir mesti mengesahkan ini dengan PIN pentadbir.',
  'journal.unlockAndDo': 'Sahkan dengan PIN pentadbir',
  'journal.stillRefused': 'Telah disemak semula: jurnal masih ditolak.',
  'journal.resolved': 'Jurnal dalam keadaan baik. Bayaran boleh diterima semula.',
};
