import type { LANGUAGES_EN } from '../en/languages.ts';

// Bahasa Melayu: the language settings. Same keys as ../en/languages.ts.

export const LANGUAGES_MS: Readonly<Record<keyof typeof LANGUAGES_EN, string>> = {
  'settings.customerLocale': 'Bahasa untuk pelanggan (paparan pelanggan dan kiosk layan diri)',
  'settings.customerLocale.same': 'Sama seperti terminal ({name})',
};
