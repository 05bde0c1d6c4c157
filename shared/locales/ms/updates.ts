import type { UPDATES_EN } from '../en/updates.ts';

// Teks kemas kini dan komputer terminal ini (Tetapan → Kemas kini). Dihamparkan ke dalam screens.ts.

export const UPDATES_MS: Readonly<Record<keyof typeof UPDATES_EN, string>> = {
  'settings.tab.updates': 'Kemas kini',
  'settings.section.updates': 'Kemas kini',
  'settings.section.machine': 'Komputer ini',
  'updates.running': 'Terminal ini menjalankan versi {version}.',
  'updates.phase.off': 'Tiada suapan kemas kini ditetapkan: terminal ini tidak mencari kemas kini.',
  'updates.phase.unavailable':
    'Kemas kini dipasang dalam aplikasi sahaja, bukan apabila terminal berjalan dalam pelayar.',
  'updates.phase.idle': 'Sudah terkini.',
  'updates.phase.checking': 'Mencari kemas kini…',
  'updates.phase.downloading': 'Memuat turun versi {version} di latar belakang. Pembayaran berjalan seperti biasa.',
  'updates.phase.installing': 'Memulakan semula untuk memasang versi {version}…',
  'updates.notInRollout':
    'Versi {version} diberikan kepada sebahagian terminal dahulu; terminal ini akan menerimanya pada peringkat kemudian.',
  'updates.waiting': 'Versi {version} telah dimuat turun dan disemak.',
  'updates.installAt':
    'Ia dipasang dengan sendiri pada {time} (tempoh penyelenggaraan), apabila tiada pembayaran yang terbuka.',
  'updates.installNowInWindow':
    'Ia dipasang dengan sendiri sekarang (tempoh penyelenggaraan), sebaik sahaja tiada pembayaran yang terbuka.',
  'updates.held.payment-open': 'Menunggu: masih ada pembayaran yang terbuka.',
  'updates.held.payment-in-doubt': 'Menunggu: keputusan satu pembayaran masih disemak dengan penyedia.',
  'updates.held.outside-window': 'Menunggu tempoh penyelenggaraan.',
  'updates.checked': 'Kali terakhir disemak {time}. Semakan seterusnya {next}.',
  'updates.notChecked': 'Belum disemak.',
  'updates.problem.feed':
    'Suapan kemas kini tidak dapat dibaca atau difahami ({time}). Terminal ini terus menjalankan versi {running} dan mencuba lagi pada semakan seterusnya.',
  'updates.problem.download':
    'Muat turun versi {version} gagal ({time}). Terminal ini terus menjalankan versi {running} dan mencuba lagi pada semakan seterusnya.',
  'updates.problem.verify':
    'Versi {version} ditolak ({time}): fail yang dimuat turun tidak sepadan dengan checksum atau tandatangan suapan. Terminal ini terus menjalankan versi {running}.',
  'updates.problem.install':
    'Pemasangan versi {version} gagal ({time}). Terminal ini terus menjalankan versi {running}. Tekan Mula semula untuk kemas kini untuk mencuba lagi.',
  'updates.restart': 'Mula semula untuk kemas kini',
  'updates.restarting': 'Memulakan semula…',
  'updates.restartHint':
    'Memasang versi {version} sekarang: terminal ditutup dan dibuka semula. Tidak boleh semasa pembayaran terbuka atau sedang disemak.',
  'settings.updates.feedUrl': 'Alamat suapan kemas kini',
  'settings.updates.feedUrlHint':
    'Folder https tempat IT anda menerbitkan kemas kini Wallet POS (mengandungi latest.yml). Kosong: tiada kemas kini.',
  'settings.updates.windowStart': 'Tempoh penyelenggaraan dari (waktu tempatan)',
  'settings.updates.windowEnd': 'Tempoh penyelenggaraan hingga',
  'settings.updates.windowHint':
    'Kemas kini dipasang dengan sendiri hanya dalam tempoh ini, dan tidak sekali-kali semasa pembayaran terbuka. Ia boleh melangkaui tengah malam (22:00 hingga 04:00).',
  'settings.machine.launchAtLogin': 'Mulakan Wallet POS apabila seseorang log masuk ke komputer ini',
  'settings.machine.keepDisplayAwake': 'Pastikan skrin kekal hidup semasa Wallet POS berada di hadapan',
  'settings.machine.hint':
    'Kedua-duanya berfungsi dalam aplikasi sahaja. Mula semasa log masuk berfungsi pada Windows dan macOS; pada Linux, gunakan autostart desktop.',
};
