import type { AppError } from '../../shared/result.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { errorText } from '../i18n/notices.ts';

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
      {errorText(error, locale)}
    </p>
  );
}

/** The same words outside a component (rendered in i18n/, where nested errors inside notices need them too). */
export { errorText as errorMessage } from '../i18n/notices.ts';
