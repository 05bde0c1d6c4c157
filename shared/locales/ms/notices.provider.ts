import type { ProviderNoticeKey } from '../../notices.ts';

// Malay for the provider clients' notices (English: ../en/notices.provider.ts).
// A full record: a key without its text here does not compile.

export const PROVIDER_NOTICES_MS: Readonly<Record<ProviderNoticeKey, string>> = {
  'provider.redirected':
    'Penyedia menjawab dengan ubah hala, yang tidak boleh diikuti oleh permintaan bayaran. Semak persekitaran dalam Tetapan.',
  'provider.connection-dropped': 'Sambungan kepada penyedia terputus sebelum ia menjawab. Keputusannya sedang disemak.',
  'provider.address-not-found':
    'Alamat penyedia menjawab "tidak ditemui". Semak persekitaran dan alamat dalam Tetapan.',
  'provider.action-conflict':
    'Penyedia berkata tindakan ini tidak lagi sesuai dengan tahanan dana atau bayaran itu. Semak statusnya.',
  'provider.login-expired': 'Penyedia mengeluarkan log masuk yang sudah tamat tempoh. Semak jam terminal ini.',

  'provider.date-unreadable':
    'Penyedia tidak dapat membaca masa yang dihantar bersama permintaan. Proksi atau tembok api mungkin mengubahnya.',
  'provider.credentials-stripped':
    'Penyedia tidak menerima kelayakan kami. Proksi atau tembok api mungkin membuangnya.',
  'provider.not-onboarded':
    'Kelayakan ini tidak boleh menerima bayaran di negara yang dipilih. Semak negara dalam Tetapan.',
  'provider.clock-ahead':
    'Jam terminal ini {duration} lebih cepat daripada jam penyedia. Betulkan masa sistem, kemudian cuba lagi.',
  'provider.clock-behind':
    'Jam terminal ini {duration} lebih lambat daripada jam penyedia. Betulkan masa sistem, kemudian cuba lagi.',

  'provider.address-invalid': 'Alamat penyedia bukan alamat web yang sah (ia mesti bermula dengan https://).',
  'provider.address-not-https':
    'Alamat penyedia mesti bermula dengan https:// (http:// biasa hanya dibenarkan untuk komputer ini).',
  'provider.address-extras': 'Alamat penyedia tidak boleh mengandungi ?, # atau nama pengguna.',
  'provider.demo-not-running': 'Penyedia demo terbina dalam tidak berjalan. Mulakan semula aplikasi.',
  'provider.header-prefix-invalid': 'Awalan pengepala mesti kelihatan seperti "X-ShopBack-".',
  'provider.access-key-spaces': 'ID kunci akses mengandungi ruang atau titik bertindih. Semaknya dalam Tetapan.',
  'provider.currency-not-in-country':
    '{currency} tidak boleh digunakan di {country}: penyedia hanya menerima {accepted} di sana.',
  'provider.reference-invalid': 'Rujukan bayaran ini tidak sah.',
  'provider.field-invalid': 'Permintaan tidak dihantar: "{field}" tidak sah. Semak Tetapan dan kemasukan.',
  'amount.too-large-to-send': 'Amaun ini terlalu besar untuk dihantar.',

  'environment.embedded-sandbox': 'Demo (kotak pasir terbina dalam)',
  'environment.provider-sandbox': 'Kotak pasir penyedia',
  'environment.sg-production': 'Pengeluaran Singapura',
  'environment.hk-production': 'Pengeluaran Hong Kong',
  'environment.th-production': 'Pengeluaran Thailand (hanya dalam dokumen lama penyedia)',
  'environment.custom': 'Alamat tersuai',

  'connection.where': '{environment} ({host})',
  'connection.accepted': 'Disambungkan ke {where}: tandatangan diterima.',
  'connection.accepted-in-sync': 'Disambungkan ke {where}: tandatangan diterima, jam selari (dalam {duration}).',
  'connection.accepted-clock-ahead':
    'Disambungkan ke {where}: tandatangan diterima, tetapi jam terminal ini {duration} lebih cepat daripada jam penyedia: betulkan masa sistem sebelum bayaran mula gagal.',
  'connection.accepted-clock-behind':
    'Disambungkan ke {where}: tandatangan diterima, tetapi jam terminal ini {duration} lebih lambat daripada jam penyedia: betulkan masa sistem sebelum bayaran mula gagal.',
  'connection.answered-but': '{where} menjawab, tetapi: {error}',
  'connection.not-answered': '{where}: {error}',
  'connection.failed-inside': 'Ujian sambungan gagal dalam aplikasi. Cuba lagi.',
  'duration.seconds': '{s} saat',
  'duration.minutes': '{m} minit',
  'duration.minutes-seconds': '{m} minit {s} saat',
  'duration.hours': '{h} jam',
  'duration.hours-minutes': '{h} jam {m} minit',
  'field.access-key-id': 'ID kunci akses',
  'field.access-key-secret': 'rahsia kunci akses',
  'field.pos-id': 'ID terminal (posId)',
};
