import type { HEAD_OFFICE_EN } from '../en/head-office.ts';

// Perkataan ibu pejabat (issue 34) dalam Bahasa Melayu. Keys: ../en/head-office.ts.

export const HEAD_OFFICE_MS: Readonly<Record<keyof typeof HEAD_OFFICE_EN, string>> = {
  'nav.shop': 'Kedai',
  'settings.tab.headOffice': 'Ibu pejabat',
  'settings.section.headOffice': 'Ibu pejabat',
  'headOffice.intro':
    'Menghantar bayaran, bayaran balik, syif dan kakitangan terminal ini ke PostgreSQL rangkaian anda, dan menunjukkan seluruh kedai. Jualan tidak pernah menunggunya.',
  'headOffice.enabled': 'Hantar ke ibu pejabat',
  'headOffice.shopId': 'Id kedai',
  'headOffice.shopIdHint':
    'Nama yang IT anda berikan kepada kedai ini. Setiap terminal kedai menggunakan nama yang sama.',
  'headOffice.url': 'URL ibu pejabat',
  'headOffice.urlHint':
    'postgres://pengguna:kata-laluan@hos:5432/pangkalan-data — daripada IT anda; tambah ?sslmode=require untuk TLS.',
  'headOffice.testsTyped': 'Menguji URL yang ditaip di atas, sebelum disimpan.',
  'headOffice.testOk': 'Ibu pejabat menjawab dan terminal ini boleh menulis kepadanya.',
  'headOffice.serverVersion': 'Pelayan: {value}',
  'headOffice.schemaVersion': 'Versi skema: {value} (terminal ini menulis {till})',
  'headOffice.schemaNone': 'tiada',
  'headOffice.problem.unreachable': 'Ibu pejabat tidak menjawab: semak alamat, port dan rangkaian.',
  'headOffice.problem.refused-login': 'Ibu pejabat menolak log masuk: semak pengguna dan kata laluan dalam URL.',
  'headOffice.problem.schema-missing':
    'Ibu pejabat belum mempunyai jadual wallet_pos: IT anda menjalankan “npm run head-office -- migrate”.',
  'headOffice.problem.schema-newer':
    'Ibu pejabat disediakan oleh versi yang lebih baharu: kemas kini terminal ini. Tiada apa dihantar sehingga itu.',
  'headOffice.problem.not-enrolled':
    'Folder terminal ini disalin daripada terminal lain: daftarkannya sebagai terminal baharu di bawah. Tiada apa dihantar sehingga itu.',
  'headOffice.problem.tls': 'URL meminta TLS (sslmode) dan pelayan tidak dapat memberikannya.',
  'headOffice.tillId': 'Id terminal',
  'headOffice.cloneSuspected':
    'Data terminal ini disalin daripada terminal lain (imej cakera). Tiada apa dihantar ke ibu pejabat sehingga pentadbir mendaftarkannya sebagai terminal baharu.',
  'headOffice.enrol': 'Daftar sebagai terminal baharu',
  'headOffice.enrolQuestion': 'Daftarkan terminal ini sebagai terminal baharu?',
  'headOffice.enrolFacts':
    'Ia mendapat id terminal baharu dan mula menghantar. Apa yang dihantar oleh terminal lain kekal di bawah id terminal itu.',
  'headOffice.enrolYes': 'Ya, daftar sebagai terminal baharu',
  'headOffice.enrolled': 'Didaftarkan: terminal ini kini menghantar dengan id baharunya.',
  'headOffice.now': 'Sekarang: {state}, {count} menunggu untuk dihantar.',
  'headOffice.lastSent': 'Kali terakhir dihantar {at}.',
  'headOffice.state.off': 'dimatikan',
  'headOffice.state.connecting': 'menyambung',
  'headOffice.state.connected': 'bersambung',
  'headOffice.state.failing': 'tidak dapat dihubungi',
  'headOffice.statusWaiting': 'Ibu pejabat: {count} menunggu',
  'shop.title': 'Kedai',
  'shop.dayTitle': 'Hari kedai, terminal demi terminal',
  'shop.tillsTitle': 'Terminal kedai',
  'shop.till': 'Terminal',
  'shop.gross': 'Kasar',
  'shop.refunds': 'Bayaran balik',
  'shop.net': 'Bersih',
  'shop.payments': 'Bayaran',
  'shop.totals': 'Jumlah kedai',
  'shop.missing': 'Tiada: tidak melaporkan hari ini',
  'shop.noTills': 'Belum ada terminal kedai ini yang sampai ke ibu pejabat.',
  'shop.online': 'Dalam talian',
  'shop.offline': 'Luar talian',
  'shop.lastSeen': 'Kali terakhir dilihat',
  'shop.signedIn': 'Log masuk',
  'shop.nobody': 'Tiada sesiapa',
  'shop.openShift': 'Syif',
  'shop.noShift': 'Tiada yang dibuka',
  'shop.shiftNumber': 'Bil. {number}',
  'shop.unresolved': 'Belum selesai',
  'shop.printer': 'Pencetak',
  'shop.noPrinter': 'Tiada pencetak',
  'shop.version': 'Versi',
  'summary.scope': 'Hari siapa',
  'summary.scopeTill': 'Terminal ini',
  'summary.scopeShop': 'Seluruh kedai',
};
