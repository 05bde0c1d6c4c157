import { defaultMessage } from '../../shared/errors.ts';
import type { AppError } from '../../shared/result.ts';
import type { Locale } from '../../shared/settings.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { ERRORS_ZH_HK } from '../i18n/errors.zh-HK.ts';
import { noticeText } from '../i18n/notices.ts';

/**
 * An error from the contract, in the cashier's words and language: its notice when the core said exactly
 * what went wrong (a key and parameters), else the text of its code. Never the core's English message,
 * which is for logs.
 */
export function ErrorText({ error, testId }: { error: AppError | null; testId: string }) {
  const locale = useLocale();
  if (!error) return null;
  return (
    <p className="error-text" role="alert" data-testid={testId} data-error-code={error.code}>
      {errorMessage(error, locale)}
    </p>
  );
}

export function errorMessage(error: Pick<AppError, 'code' | 'notice'>, locale: Locale): string {
  if (error.notice) return noticeText(error.notice, locale);
  return locale === 'zh-HK' ? ERRORS_ZH_HK[error.code] : defaultMessage(error.code);
}
