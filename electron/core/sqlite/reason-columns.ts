import { isNoticeKey, notice, noticeInEnglish, type Notice } from '../../../shared/notices.ts';

// Why something is not settled, or why it failed, when the till itself says so: the journal keeps it twice,
// the English (the *_reason columns, for a person reading the file or the CSV export) and the notice (the
// *_notice columns, JSON) that the screens render in the cashier's language. A failure reason may instead be
// the provider's own code (CONSUMER_DECLINED…): that is kept as it came, in the *_reason column alone.

/** A failure as the service records it: the provider's code as it came, or the till's own words. */
export type FailureReason = string | Notice;

export function noticeColumn(value: Notice | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

export function englishColumn(value: Notice | null): string | null {
  return value === null ? null : noticeInEnglish(value);
}

/** The two columns a failure reason is written to. */
export function failureColumns(value: FailureReason | null): {
  readonly failureReason: string | null;
  readonly failureNotice: Notice | null;
} {
  if (value === null || typeof value === 'string') return { failureReason: value, failureNotice: null };
  return { failureReason: noticeInEnglish(value), failureNotice: value };
}

export function sameNotice(a: Notice | null, b: Notice | null): boolean {
  return noticeColumn(a) === noticeColumn(b);
}

/**
 * The notice a row holds. Rows written before journal schema 7 have only the English (and a notice whose
 * key a later version dropped reads the same way): it is shown as it was recorded, words and all.
 */
export function readNotice(json: string | null, english: string | null): Notice | null {
  const parsed = parseNotice(json);
  if (parsed) return parsed;
  return english === null ? null : notice('payments.reason-recorded', { text: english });
}

function parseNotice(json: string | null): Notice | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { key, params } = value as { key?: unknown; params?: unknown };
    if (!isNoticeKey(key)) return null;
    return typeof params === 'object' && params !== null
      ? { key, params: params as Notice['params'] & object }
      : { key };
  } catch {
    return null; // not written by this code: fall back on the English
  }
}
