import type { LANGUAGES_EN } from '../en/languages.ts';

// 繁體中文（香港）: the language settings. Same keys as ../en/languages.ts.

export const LANGUAGES_ZH_HK: Readonly<Record<keyof typeof LANGUAGES_EN, string>> = {
  'settings.customerLocale': '顧客所見的語言（顧客顯示屏及自助服務機）',
  'settings.customerLocale.same': '與收銀機相同（{name}）',
};
