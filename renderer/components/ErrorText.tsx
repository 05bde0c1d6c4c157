import type { AppError } from '../../shared/result.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { ERRORS_ZH_HK } from '../i18n/errors.zh-HK.ts';

/**
 * An error from the contract, in the cashier's words: the core's own message (it may name specifics, such
 * as the terminal's currency), or on a Traditional Chinese till the translation for its code.
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

export function errorMessage(error: AppError, locale: string): string {
  if (locale === 'zh-HK') return ERRORS_ZH_HK[error.code] ?? error.message;
  return error.message;
}
