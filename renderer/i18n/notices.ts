import { fillTemplate, type ErrorParam, type NestedText, type Notice } from '../../shared/notices.ts';
import { LANGUAGES } from '../../shared/locales/index.ts';
import type { Locale } from '../../shared/settings.ts';

// A notice from the core (a key and its parameters, shared/notices.ts) in the till's language, from the
// templates of shared/locales/<lang>/.

export function noticeText(notice: Notice, locale: Locale): string {
  const nested: NestedText = {
    notice: (inner) => noticeText(inner, locale),
    error: (error) => errorText(error, locale),
  };
  return fillTemplate(LANGUAGES[locale].notices[notice.key], notice.params, locale, nested);
}

/** An error in the till's language: its notice when the core said exactly what went wrong, else its code's text. */
export function errorText(error: ErrorParam, locale: Locale): string {
  if (error.notice) return noticeText(error.notice, locale);
  return LANGUAGES[locale].errors[error.code];
}
