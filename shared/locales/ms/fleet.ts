import type { FLEET_NOTICES_EN, FLEET_SCREENS_EN } from '../en/fleet.ts';

// Bahasa Melayu: tetapan yang diurus oleh organisasi (fail polisi) dan semakan kesihatan terminal.
// Same keys as ../en/fleet.ts.

export const FLEET_SCREENS_MS: Readonly<Record<keyof typeof FLEET_SCREENS_EN, string>> = {
  'settings.tab.about': 'Perihal',
  'fleet.setByOrganisation': 'Ditetapkan oleh organisasi anda',
  'fleet.policyTitle': 'Diurus oleh organisasi anda',
  'fleet.policyFile': 'Fail polisi: {file}',
  'fleet.policyLocked': 'Dikunci pada terminal ini: {fields}',
  'fleet.policyNothingLocked': 'Polisi tidak mengunci sebarang tetapan pada terminal ini.',
  'fleet.policyProblems': 'Bahagian fail polisi ini tidak digunakan:',
  'fleet.check.title': 'Semak terminal ini',
  'fleet.check.intro': 'Bertanya keadaan setiap bahagian terminal dalam beberapa saat. Tiada apa-apa yang diubah.',
  'fleet.check.run': 'Semak terminal ini',
  'fleet.check.running': 'Sedang menyemak…',
  'fleet.check.ok': 'Berfungsi',
  'fleet.check.problem': 'Perlu perhatian',
  'fleet.check.allOk': 'Kesemua {total} semakan tidak menemui sebarang masalah.',
  'fleet.check.someWrong': '{count} daripada {total} semakan menemui masalah.',
  'fleet.check.id.provider': 'Penyedia',
  'fleet.check.id.clock': 'Jam',
  'fleet.check.id.journal': 'Jurnal',
  'fleet.check.id.chain': 'Rekod yang boleh dibuktikan',
  'fleet.check.id.disk': 'Ruang cakera',
  'fleet.check.id.printer': 'Pencetak resit',
  'fleet.check.id.scanner': 'Pengimbas USB',
  'fleet.check.id.camera': 'Kamera',
  'fleet.check.id.register': 'Sambungan mesin daftar tunai',
  'fleet.check.id.webhooks': 'Penerima webhook',
  'fleet.check.id.policy': 'Polisi organisasi',
  'fleet.check.id.updates': 'Kemas kini',
  'fleet.check.id.logs': 'Log ke pengumpul',
  'settings.syslog.legend': 'Log ke pengumpul rangkaian kedai (syslog)',
  'settings.syslog.enabled': 'Hantar juga baris log mesin juruwang ke pengumpul',
  'settings.syslog.host': 'Alamat pengumpul',
  'settings.syslog.port': 'Port pengumpul',
  'settings.syslog.tls': 'Sulitkan dengan TLS (biasanya port 6514)',
  'settings.syslog.hint':
    'RFC 5424 melalui TCP. Fail log pada mesin juruwang ini kekal seperti sedia ada, dan tiada rahsia dalam mana-mana baris. Pengumpul yang tidak berfungsi tidak pernah melambatkan jualan: baris yang terlepas dikira dalam Semak mesin juruwang ini.',
  'fleet.statusLink': 'Ada perkara yang perlu perhatian: semak terminal ini',
};

export const FLEET_NOTICES_MS: Readonly<Record<keyof typeof FLEET_NOTICES_EN, string>> = {
  'policy.set-by-organisation': 'Ditetapkan oleh organisasi anda: terminal ini tidak boleh mengubahnya.',
  'policy.unreadable': 'Fail polisi {file} bukan JSON yang sah, jadi tiada bahagiannya digunakan.',
  'policy.not-an-object':
    'Fail polisi {file} mesti mengandungi objek dengan "settings" dan "locked", jadi tiada bahagiannya digunakan.',
  'policy.unknown-part': 'Fail polisi mempunyai bahagian "{name}" yang tidak dikenali oleh terminal; ia diabaikan.',
  'policy.not-a-setting': '"{name}" bukan tetapan; nilai polisi untuknya diabaikan.',
  'policy.secret-not-allowed':
    '"{name}" ialah rahsia, yang tidak pernah ditetapkan oleh fail polisi (semua orang pada komputer boleh membacanya): taipkannya dalam Tetapan pada terminal ini.',
  'policy.value-refused': 'Nilai polisi untuk "{name}" tidak digunakan: {problem}',
  'policy.lock-unknown': '"{name}" bukan tetapan, jadi ia tidak boleh dikunci; kunci itu diabaikan.',
  'policy.not-admin-only':
    'Polisi {file} tidak digunakan: {path} boleh diubah oleh seseorang yang bukan pentadbir (ia mesti dimiliki oleh root dan tidak boleh ditulis oleh orang lain).',
  'policy.unreadable-plist': 'Keutamaan terurus {file} bukan senarai sifat XML, jadi tiada bahagiannya digunakan.',
  'policy.locked-not-a-list': '"locked" mesti senarai nama tetapan; tiada tetapan dikunci.',
  'settings.syslog-host-missing': 'Masukkan alamat pengumpul (alamat IP atau namanya).',
  'health.syslog-off': 'Baris log kekal pada mesin juruwang ini: tiada pengumpul ditetapkan.',
  'health.syslog-connected':
    'Menghantar baris log ke {host}:{port} ({dropped} digugurkan sejak mesin juruwang bermula).',
  'health.syslog-down':
    'Pengumpul {host}:{port} tidak menerima baris log: {dropped} digugurkan sejak mesin juruwang bermula. Mesin juruwang terus mencuba.',
  'health.policy-none': 'Tiada polisi: terminal ini diurus sendiri.',
  'health.policy-ok': 'Polisi organisasi {file} sedang berkuat kuasa.',
  'health.policy-refused': 'Polisi organisasi {file} tidak berkuat kuasa: lihat Tetapan → Perihal.',
  'health.timed-out': 'Tiada jawapan dalam masa {seconds} saat.',
  'health.could-not-check': 'Semakan tidak dapat dijalankan: {reason}',
  'health.provider-not-set-up': 'Belum ditetapkan: {reason}',
  'health.clock-ok': 'Dalam lingkungan {skew} daripada jam penyedia.',
  'health.clock-off':
    'Berbeza {skew} daripada jam penyedia: betulkan masa komputer (penyedia menolak permintaan yang berbeza kira-kira seminit).',
  'health.clock-unknown': 'Tidak diukur: penyedia tidak menjawab.',
  'health.journals-ok': 'Kedua-dua jurnal terbuka dan lulus semakan SQLite.',
  'health.chain-ok': 'Rantai audit memegang setiap rekod: {entries} entri, terakhir {head}.',
  'health.chain-none': 'Jurnal pembayaran tiada rantai audit untuk disemak (jurnal tidak terbuka).',
  'health.chain-broken':
    '{finding} ({count} penemuan kesemuanya: `npm run verify-journal` menyenaraikannya). Jualan diteruskan; beritahu pemilik.',
  'health.chain.edited': 'Entri {seq} rantai audit telah diubah',
  'health.chain.deleted': 'Entri rantai audit telah dibuang pada entri {seq}',
  'health.chain.inserted': 'Satu entri telah dimasukkan ke dalam rantai audit sebelum entri {seq}',
  'health.chain.reordered': 'Entri rantai audit telah dialihkan pada entri {seq}',
  'health.chain.truncated': 'Rantai audit telah dipendekkan: {subject} lebih baharu daripada penghujungnya',
  'health.chain.row-edited': 'Rekod {subject} telah diubah di luar terminal',
  'health.chain.row-deleted': 'Rekod {subject} telah dibuang daripada jurnal',
  'health.chain.row-unchained': 'Rekod {subject} telah ditambah di luar terminal',
  'health.journal-payments-refused':
    'Jurnal pembayaran ditolak semasa mula: tiada pembayaran diterima sehingga pentadbir menyelesaikannya pada skrin Jualan.',
  'health.journal-customers-refused':
    'Jurnal pelanggan terpaut ditolak semasa mula: tiada pembayaran pelanggan terpaut diterima sehingga pentadbir menyelesaikannya.',
  'health.journal-payments-damaged':
    'SQLite menemui kerosakan dalam jurnal pembayaran ({detail}): pulihkannya daripada sandaran.',
  'health.journal-customers-damaged':
    'SQLite menemui kerosakan dalam jurnal pelanggan terpaut ({detail}): pulihkannya daripada sandaran.',
  'health.disk-ok': '{free} MB ruang kosong dalam folder data.',
  'health.disk-low':
    'Hanya {free} MB ruang kosong dalam folder data (sekurang-kurangnya {minimum} MB diperlukan): kosongkan sedikit ruang.',
  'health.printer-not-asked':
    'Resit dicetak oleh pencetak komputer sendiri, yang keadaannya tidak dapat ditanya oleh terminal.',
  'health.printer-ready': 'Pencetak resit menjawab dan sedia.',
  'health.printer-problem': '{problem}',
  'health.scanner-read': 'Kod terakhir dibaca {minutes} minit yang lalu.',
  'health.scanner-no-read':
    'Belum ada bacaan sejak terminal dimulakan: imbas apa-apa kod untuk mengujinya (terminal hanya mengesan pengimbas apabila ia membaca).',
  'health.scanner-not-reported':
    'Terminal tidak dapat mengesan pengimbas USB dari sini: imbas kod pada skrin terminal untuk mengujinya.',
  'health.camera-fast': 'Kamera membaca kod (penyahkod pantas).',
  'health.camera-slow':
    'Kamera membaca kod dengan penyahkod terbina dalam yang lebih perlahan (penyahkod pantas gagal dimuatkan).',
  'health.camera-not-started':
    'Kamera belum digunakan sejak terminal dimulakan: buka imbasan untuk mengujinya (terminal tidak dapat menguji kamera dengan sendiri).',
  'health.register-off': 'Sambungan mesin daftar tunai dimatikan (Tetapan → Mesin daftar tunai).',
  'health.register-listening': 'Sambungan mesin daftar tunai mendengar pada port {port}.',
  'health.listener-off':
    '{listener} tidak dapat mendengar pada port {port}: program lain sedang menggunakannya atau komputer menolaknya.',
  'health.listener.payment-notifications': 'Pemberitahuan bayaran',
  'health.listener.order-webhooks': 'Webhook pelanggan terpaut',
  'health.listener.register-connection': 'Sambungan mesin daftar tunai',
  'health.webhooks-ok': 'Setiap penerima webhook yang sepatutnya mendengar sedang mendengar.',
  'health.several': '{problems}',
  'health.updates-off': 'Tiada sumber kemas kini ditetapkan: terminal ini tidak mencari kemas kini.',
  'health.updates-unavailable':
    'Kemas kini hanya dipasang dalam aplikasi, bukan apabila terminal berjalan dalam pelayar.',
  'health.updates-ok': 'Menggunakan versi {version}; tiada masalah dengan kemas kininya.',
  'health.updates-waiting': 'Versi {waiting} telah dimuat turun dan disemak; ia dipasang dalam tempoh penyelenggaraan.',
  'health.updates-failed':
    'Kemas kini terakhir (versi {version}) gagal; terminal ini terus menggunakan versinya sendiri. Tetapan → Kemas kini menunjukkan langkah yang gagal.',
};
