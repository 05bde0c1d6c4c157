import type { CustomerEventNoticeKey } from '../../notices.ts';

// Malay for the linked-customer journal's events (English: ../en/notices.customer-events.ts). {status} is the
// provider's own status word, shown as it came. A full record: a key without its text here does not compile.

export const CUSTOMER_EVENT_NOTICES_MS: Readonly<Record<CustomerEventNoticeKey, string>> = {
  'customer-event.link-opened': 'sesi pemautan {session} dibuka',
  'customer-event.link-refused': 'sesi pemautan {session} ditolak: halaman persetujuan tidak dijangka ({reason})',
  'customer-event.linked': 'dipautkan (sesi {session})',
  'customer-event.unlinked': 'dinyahpaut',
  'customer-event.token-refused': 'penyedia menolak token bayaran: pautkan semula',

  'customer-event.charge-sent': 'caj {amount} (pulangan tunai dihidupkan)',
  'customer-event.charge-sent-no-cashback': 'caj {amount} (pulangan tunai dimatikan)',
  'customer-event.hold-sent': 'tahan dana {amount}',
  'customer-event.outcome-unknown': 'keputusan tidak diketahui ({code}); sedang disemak',
  'customer-event.resend-refused':
    'penghantaran semula ditolak ({code}); keputusan penghantaran pertama masih tidak diketahui',
  'customer-event.refused': 'ditolak: {code}',
  'customer-event.charge-approved': 'caj diluluskan, pesanan {order}',
  'customer-event.charge-rejected': 'caj ditolak ({reason})',
  'customer-event.charge-rejected-no-reason': 'caj ditolak (tiada sebab diberikan)',
  'customer-event.hold-status': 'tahanan dana {status}',
  'customer-event.hold-status-reason': 'tahanan dana {status} ({reason})',

  'customer-event.resent':
    'dihantar semula dengan kunci idempotensi dan merchantRef yang sama untuk mengetahui keputusannya',
  'customer-event.stopped-too-late':
    'penyelesaian dihentikan: lebih daripada {minutes} minit sejak penghantaran pertama; tidak dihantar semula',
  'customer-event.stopped-no-token': 'penyelesaian dihentikan: tiada token yang boleh digunakan',
  'customer-event.stopped-hold-unknown': 'penyelesaian dihentikan: penyedia terus menjawab pre-auth.not-found',

  'customer-event.capture-sent': 'tuntutan dihantar',
  'customer-event.captured': 'dituntut, pesanan {order}',
  'customer-event.void-sent': 'pelepasan dihantar',
  'customer-event.voided': 'dilepaskan',
  'customer-event.capture-outcome-unknown': 'keputusan tuntutan tidak diketahui ({code}); menyemak tahanan dana',
  'customer-event.void-outcome-unknown': 'keputusan pelepasan tidak diketahui ({code}); menyemak tahanan dana',
  'customer-event.capture-refused': 'tuntutan ditolak: {code}',
  'customer-event.void-refused': 'pelepasan ditolak: {code}',
  'customer-event.capture-not-sent': 'tuntutan tidak sampai kepada penyedia; tahanan dana masih dibenarkan',
  'customer-event.void-not-sent': 'pelepasan tidak sampai kepada penyedia; tahanan dana masih dibenarkan',
  'customer-event.capture-rejected':
    'tuntutan ditolak ({reason}); tiada apa yang diambil; menyemak tahanan dana dengan penyedia',
  'customer-event.capture-rejected-disagrees':
    'pra-kebenaran penyedia berkata {status} walaupun tuntutannya dijawab REJECTED; jawapan serentak kekal — semaknya dengan penyedia',

  'customer-event.hint-hold-already':
    'webhook pesanan {status} (petunjuk, bukan keputusan): tahanan dana sudah {held}; tiada apa untuk dicari',
  'customer-event.hint-hold-settled':
    'webhook pesanan {status} (petunjuk, bukan keputusan): tahanan dana sudah selesai; tiada apa untuk dicari',
  'customer-event.hint-hold-lookup-failed':
    'webhook pesanan {status} (petunjuk, bukan keputusan): carian tahanan dana gagal ({code}); ia disemak semula apabila pelanggan dibuka',
  'customer-event.hint-hold-status':
    'webhook pesanan {status} (petunjuk, bukan keputusan): penyedia berkata tahanan dana ialah {held}',
  'customer-event.hint-hold-status-unknown':
    'webhook pesanan {status} (petunjuk, bukan keputusan): penyedia berkata tahanan dana tidak diketahui',
  'customer-event.hint-charge-resolving':
    'webhook pesanan {status} (petunjuk, bukan keputusan): mengetahui keputusan caj sekarang',
  'customer-event.hint-charge-stands':
    'webhook pesanan {status} (petunjuk, bukan keputusan): keputusan caj ialah jawapannya ({answer}), yang kekal',
  'customer-event.hint-charge-stands-none':
    'webhook pesanan {status} (petunjuk, bukan keputusan): keputusan caj ialah jawapannya (tiada), yang kekal',
  'customer-event.rejected-capture-duplicate':
    'webhook pesanan pendua untuk tuntutan yang ditolak diabaikan (pesanan {order}, {status})',
  'customer-event.rejected-capture-success':
    'webhook pesanan SUCCESS untuk tuntutan yang dijawab REJECTED (pesanan {order}); jawapan serentak kekal — semaknya dengan penyedia',
  'customer-event.rejected-capture-other':
    'webhook pesanan {status} untuk tuntutan yang dijawab REJECTED (pesanan {order}): tiada apa yang diambil, seperti yang dijawab',
};
