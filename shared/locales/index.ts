import { EN } from './en/index.ts';
import type { Language } from './language.ts';
import { MS } from './ms/index.ts';
import { ZH_HANS } from './zh-Hans/index.ts';
import { ZH_HK } from './zh-HK/index.ts';

// The languages a till speaks: one folder each (./<lang>/), one line here. The settings' language choice,
// the screens, the notices, the receipts and the end-of-day report all read this list.

export const LANGUAGES = {
  en: EN,
  'zh-HK': ZH_HK,
  'zh-Hans': ZH_HANS,
  ms: MS,
} as const satisfies Readonly<Record<string, Language>>;

export type Locale = keyof typeof LANGUAGES;

export const LOCALES = Object.keys(LANGUAGES) as [Locale, ...Locale[]];

export type { Language };
