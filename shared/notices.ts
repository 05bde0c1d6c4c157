import { defaultMessage, type ErrorCode } from './errors.ts';
import { formatMoney, type Money } from './money.ts';
import {
  NOTICES_EN,
  type CUSTOMER_EVENT_NOTICES_EN,
  type CUSTOMER_NOTICES_EN,
  type EVENT_NOTICES_EN,
  type PAYMENT_NOTICES_EN,
  type PROVIDER_NOTICES_EN,
  type STAFF_NOTICES_EN,
} from './locales/en/notices.ts';

// What the core tells a person beyond an error code's own text — why a payment is still being checked, why
// a refund was refused, what exactly is wrong with a field — travels as a key and its parameters, never as
// finished words: the renderer renders a notice in the till's language (renderer/i18n/notices.ts) from the
// templates of shared/locales/<lang>/notices.*.ts. The core renders the English templates into its logs and
// the journal (for a person reading those), so one template serves both and cannot drift. Parameters: text,
// numbers, Money (formatted in the reader's locale), another notice (a reason inside a sentence) or an error
// (its notice, else its code's text), so nothing inside a sentence reaches the screen as the core's English.

/** An error as a notice parameter: rendered as its notice when it has one, else as its code's text. */
export interface ErrorParam {
  readonly code: ErrorCode;
  readonly notice?: Notice;
}

/** A length of time, written in the reader's language ("2 min 5 s", "2 分 5 秒"). */
export interface DurationParam {
  readonly durationMs: number;
}

/** Several notices as one list, joined the reader's way ("a, b, and c", "a、b和c"). */
export interface ListParam {
  readonly list: readonly Notice[];
}

export type NoticeParam = string | number | Money | Notice | ErrorParam | DurationParam | ListParam;
export type NoticeParams = Readonly<Record<string, NoticeParam>>;

export { NOTICES_EN };

export type NoticeKey = keyof typeof NOTICES_EN;
export type PaymentNoticeKey = keyof typeof PAYMENT_NOTICES_EN;
export type CustomerNoticeKey = keyof typeof CUSTOMER_NOTICES_EN;
export type ProviderNoticeKey = keyof typeof PROVIDER_NOTICES_EN;
/** What a journal event says (the payment detail screen's journal list). */
export type EventNoticeKey = keyof typeof EVENT_NOTICES_EN;
/** What a linked-customer journal event says. */
export type CustomerEventNoticeKey = keyof typeof CUSTOMER_EVENT_NOTICES_EN;
/** What the staff module says (roles, rights, refused sign-ins and approvals). */
export type StaffNoticeKey = keyof typeof STAFF_NOTICES_EN;

export interface Notice {
  readonly key: NoticeKey;
  readonly params?: NoticeParams;
}

export function notice(key: NoticeKey, params?: NoticeParams): Notice {
  return params ? { key, params } : { key };
}

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === 'string' && Object.hasOwn(NOTICES_EN, value);
}

/** How a reader's language renders a notice or an error met as a parameter. */
export interface NestedText {
  readonly notice: (value: Notice) => string;
  readonly error: (value: ErrorParam) => string;
}

const ENGLISH: NestedText = {
  notice: noticeInEnglish,
  error: (value) => (value.notice ? noticeInEnglish(value.notice) : defaultMessage(value.code)),
};

/**
 * `{name}` replaced by its parameter (Money formatted for the locale, a notice or an error rendered by
 * `nested`); an unknown name stays visible.
 */
export function fillTemplate(
  template: string,
  params: NoticeParams | undefined,
  locale: string,
  nested: NestedText = ENGLISH,
): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name]!;
    if (typeof value !== 'object') return String(value);
    if ('key' in value) return nested.notice(value);
    if ('code' in value) return nested.error(value);
    if ('durationMs' in value) return nested.notice(durationNotice(value.durationMs));
    if ('list' in value)
      return new Intl.ListFormat(locale, { type: 'conjunction' }).format(value.list.map(nested.notice));
    return formatMoney(value, locale);
  });
}

/** A duration as the notice its language writes it with: "45 s", "2 min 5 s", "1 h 3 min" in English. */
export function durationNotice(ms: number): Notice {
  const totalSeconds = Math.round(Math.abs(ms) / 1000);
  if (totalSeconds < 60) return notice('duration.seconds', { s: totalSeconds });
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes < 60)
    return seconds
      ? notice('duration.minutes-seconds', { m: minutes, s: seconds })
      : notice('duration.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes
    ? notice('duration.hours-minutes', { h: hours, m: restMinutes })
    : notice('duration.hours', { h: hours });
}

/** The notice in English, for the core's logs and journal (the screens render their own). */
export function noticeInEnglish(value: Notice): string {
  return fillTemplate(NOTICES_EN[value.key], value.params, 'en', ENGLISH);
}
