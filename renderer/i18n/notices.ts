import { defaultMessage } from '../../shared/errors.ts';
import {
  fillTemplate,
  NOTICES_EN,
  type ErrorParam,
  type NestedText,
  type Notice,
  type NoticeKey,
} from '../../shared/notices.ts';
import type { Locale } from '../../shared/settings.ts';
import { ERRORS_ZH_HK } from './errors.zh-HK.ts';
import { CUSTOMER_NOTICES_ZH_HK } from './notices.customers.zh-HK.ts';
import { PAYMENT_NOTICES_ZH_HK } from './notices.payments.zh-HK.ts';
import { PROVIDER_NOTICES_ZH_HK } from './notices.provider.zh-HK.ts';

// A notice from the core (a key and its parameters, shared/notices.ts) in the till's language.

export const NOTICES_ZH_HK: Readonly<Record<NoticeKey, string>> = {
  ...PAYMENT_NOTICES_ZH_HK,
  ...CUSTOMER_NOTICES_ZH_HK,
  ...PROVIDER_NOTICES_ZH_HK,
};

const NOTICE_TEMPLATES: Readonly<Record<Locale, Readonly<Record<NoticeKey, string>>>> = {
  en: NOTICES_EN,
  'zh-HK': NOTICES_ZH_HK,
};

export function noticeText(notice: Notice, locale: Locale): string {
  const nested: NestedText = {
    notice: (inner) => noticeText(inner, locale),
    error: (error) => errorText(error, locale),
  };
  return fillTemplate(NOTICE_TEMPLATES[locale][notice.key], notice.params, locale, nested);
}

/** An error in the till's language: its notice when the core said exactly what went wrong, else its code's text. */
export function errorText(error: ErrorParam, locale: Locale): string {
  if (error.notice) return noticeText(error.notice, locale);
  return locale === 'zh-HK' ? ERRORS_ZH_HK[error.code] : defaultMessage(error.code);
}
