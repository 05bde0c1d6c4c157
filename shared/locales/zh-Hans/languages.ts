import type { LANGUAGES_EN } from '../en/languages.ts';

// 简体中文（新加坡）: the language settings. Same keys as ../en/languages.ts.

export const LANGUAGES_ZH_HANS: Readonly<Record<keyof typeof LANGUAGES_EN, string>> = {
  'settings.customerLocale': '顾客看到的语言（顾客显示屏及自助服务机）',
  'settings.customerLocale.same': '与收银机相同（{name}）',
};
