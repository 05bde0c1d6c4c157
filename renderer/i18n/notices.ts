import { fillTemplate, NOTICES_EN, type Notice, type NoticeKey } from '../../shared/notices.ts';
import type { Locale } from '../../shared/settings.ts';
import { CUSTOMER_NOTICES_ZH_HK } from './notices.customers.zh-HK.ts';
import { PAYMENT_NOTICES_ZH_HK } from './notices.payments.zh-HK.ts';
import { PROVIDER_NOTICES_ZH_HK } from './notices.provider.zh-HK.ts';

// A notice from the core (a key and its parameters, shared/notices.ts) in the till's language.

export const NOTICES_ZH_HK: Readonly<Record<NoticeKey, string>> = { ...PAYMENT_NOTICES_ZH_HK, ...CUSTOMER_NOTICES_ZH_HK, ...PROVIDER_NOTICES_ZH_HK };

const NOTICE_TEMPLATES: Readonly<Record<Locale, Readonly<Record<NoticeKey, string>>>> = { en: NOTICES_EN, 'zh-HK': NOTICES_ZH_HK };

export function noticeText(notice: Notice, locale: Locale): string {
  return fillTemplate(NOTICE_TEMPLATES[locale][notice.key], notice.params, locale);
}
