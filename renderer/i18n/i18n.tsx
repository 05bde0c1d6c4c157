import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { LANGUAGES } from '../../shared/locales/index.ts';
import type { MessageKey } from '../../shared/locales/en/screens.ts';
import type { Notice } from '../../shared/notices.ts';
import type { Locale } from '../../shared/settings.ts';
import { noticeText } from './notices.ts';

// A small typed dictionary: t('sale.charge', { amount }) → "Charge S$12.34". No runtime library needed. The
// words are the screens' templates of each language in shared/locales/<lang>/.

export type { MessageKey };
export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: Params) => string;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = LANGUAGES[locale].screens[key] ?? LANGUAGES.en.screens[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const LocaleContext = createContext<Locale>('en');

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key, params) => translate(locale, key, params), [locale]);
}

/** A provider failure code (CONSUMER_DECLINED…) in the cashier's words; an unknown one is shown as it came. */
export function failureText(reason: string, t: Translate): string {
  const key = `failure.${reason}`;
  return Object.hasOwn(LANGUAGES.en.screens, key) ? t(key as MessageKey) : reason;
}

/** Why a payment or refund failed: the till's own words when it said so (a notice), else the provider's code. */
export function failureOf(
  view: { readonly failureReason: string | null; readonly failureNotice?: Notice | null | undefined },
  t: Translate,
  locale: Locale,
): string | null {
  if (view.failureNotice) return noticeText(view.failureNotice, locale);
  return view.failureReason === null ? null : failureText(view.failureReason, t);
}
