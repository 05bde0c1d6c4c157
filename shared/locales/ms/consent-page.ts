import type { CONSENT_PAGE_EN } from '../en/consent-page.ts';

// Bahasa Melayu: the browser preview's consent pages. Same keys as ../en/consent-page.ts.

export const CONSENT_PAGE_MS: Readonly<Record<keyof typeof CONSENT_PAGE_EN, string>> = {
  'consentPage.notFound': 'Tidak dijumpai',
  'consentPage.notFoundExplain': 'Tiada halaman persetujuan di sini.',
  'consentPage.notAllowed': 'Tidak dibenarkan',
  'consentPage.onlyConsentForm': 'Halaman ini hanya menunjukkan borang persetujuan.',
  'consentPage.onlyFromTill': 'Halaman ini hanya boleh digunakan dari terminal.',
  'consentPage.onlyOwnForm': 'Halaman ini hanya menerima borangnya sendiri.',
  'consentPage.formTooLarge': 'Borang ini terlalu besar.',
  'consentPage.linkInvalid': 'Pautan tidak sah lagi',
  'consentPage.linkInvalidExplain': 'Pautan persetujuan ini tidak sah lagi. Mulakan pemautan semula dari terminal.',
  'consentPage.untrusted': 'Halaman persetujuan yang tidak dijangka',
  'consentPage.untrustedExplain':
    'Dompet memberikan halaman persetujuan di alamat yang tidak dijangka; halaman itu tidak dibuka. Mulakan pemautan semula dari terminal.',
  'consentPage.unreachable': 'Halaman persetujuan tidak tersedia',
  'consentPage.unreachableExplain':
    'Halaman persetujuan dompet tidak dapat dihubungi sekarang. Tutup tetingkap ini dan cuba lagi.',
  'consentPage.unexpected': 'Jawapan yang tidak dijangka',
  'consentPage.sentElsewhere':
    'Dompet menghantar tetingkap ini ke tempat yang tidak dijangka. Tutup tetingkap ini dan mulakan pemautan semula.',
  'consentPage.notAPage': 'Halaman persetujuan dompet menghantar sesuatu yang bukan halaman.',
  'consentPage.pageTooLarge': 'Halaman persetujuan dompet terlalu besar.',
  'consentPage.linked': 'Dipautkan',
  'consentPage.linkedExplain': 'Dipautkan — anda boleh menutup tetingkap ini.',
  'consentPage.notLinked': 'Tidak dipautkan',
  'consentPage.ended': 'Pemautan tamat',
};
