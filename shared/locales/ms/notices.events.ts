import type { EventNoticeKey } from '../../notices.ts';

// Malay for the payment journal's events (English: ../en/notices.events.ts). {status} is the provider's order
// status, shown as it came. A full record: a key without its text here does not compile.

export const EVENT_NOTICES_MS: Readonly<Record<EventNoticeKey, string>> = {
  'event.create-sent': 'permintaan cipta dihantar',
  'event.scan-sent': 'permintaan imbas dihantar',
  'event.refund-sent': 'bayaran balik {refundId} dihantar',
  'event.cancel-sent': 'pembatalan {cancelId} dihantar',
  'event.http-attempt': '{operation} cubaan {attempt}: {outcome} selepas {durationMs} ms',

  'event.order-created': 'pesanan dicipta pada penyedia',
  'event.order-placed': 'pesanan dibuat pada penyedia',
  'event.provider-said-exists': 'penyedia menjawab bahawa rujukan ini sudah wujud (409): pesanan ada di sana',
  'event.refund-confirmed': 'bayaran balik {refundId} disahkan oleh penyedia',
  'event.refund-refused': 'bayaran balik {refundId} ditolak: {reason}',
  'event.refund-outcome-unknown': 'keputusan bayaran balik {refundId} tidak diketahui: {reason}',
  'event.cancel-accepted': 'pembatalan {cancelId} diterima oleh penyedia',
  'event.cancel-refused': 'pembatalan {cancelId} ditolak: {reason}',
  'event.cancel-outcome-unknown': 'keputusan pembatalan {cancelId} tidak diketahui: {reason}',
  'event.refused': 'ditolak: {reason}',

  'event.status': 'status {status} ({trigger})',
  'event.status-later': 'status {status} (ditemui pada semakan kemudian)',
  'event.found-at-provider': 'ditemui pada penyedia: {status}',
  'event.qr-not-fetched': 'QR pesanan ini tidak dapat diambil semula',
  'event.never-sent': 'tiada pada penyedia selepas masa penyelesaian: bayaran tidak pernah dihantar',
  'event.not-found-still-checking': 'penyedia tidak menemui pesanan terbuka ini; masih menyemak',
  'event.provider-disagrees': 'penyedia kini berkata {status}, jurnal mengekalkan {kept}',
  'event.expired-cancel-recorded': 'masih terbuka selepas tamat tempoh: pembatalan {cancelId} direkodkan oleh terminal',
  'event.cancel-cancelled': 'pembatalan {cancelId}: dibatalkan',
  'event.cancel-not-cancellable': 'pembatalan {cancelId}: tidak boleh dibatalkan',
  'event.cancel-failed': 'pembatalan {cancelId}: gagal',
  'event.refund-in-total': 'bayaran balik {refundId} ditemui dalam jumlah bayaran balik penyedia',
  'event.refund-resending': 'bayaran balik {refundId} tiada dalam jumlah penyedia: menghantarnya semula',
  'event.refunded-ours': 'REFUNDED: bayaran balik kami berjumlah sama dengan amaun pesanan',
  'event.refunded-with-elsewhere':
    'REFUNDED: bayaran balik di sini dan di tempat lain berjumlah sama dengan amaun pesanan',
  'event.provider-refund-total': 'jumlah bayaran balik penyedia ialah {total}',
  'event.provider-refund-total-elsewhere':
    'jumlah bayaran balik penyedia ialah {total} ({elsewhere} daripadanya di luar terminal ini)',
  'event.looked-up':
    'diterima di terminal lain: dicari pada penyedia melalui rujukannya, direkodkan di sini untuk dipulangkan',

  'event.resumed': 'disambung semula selepas aplikasi dimulakan',
  'event.worker-failed': 'pekerja: {message}',
};
