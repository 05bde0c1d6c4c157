import type { AppError } from '../../shared/result.ts';
import { providerWordsOf } from '../../shared/provider-words.ts';
import { useLocale, useT } from '../i18n/i18n.tsx';
import { errorText } from '../i18n/notices.ts';

/**
 * An error from the contract, in the cashier's words and language: its notice when the core said exactly
 * what went wrong (a key and parameters), else the text of its code. Never the core's English message,
 * which is for logs. When the provider refused with a sentence of its own, that sentence follows on its own
 * line, quoted as it came (not translated): what the provider's support will ask for.
 */
export function ErrorText({ error, testId }: { error: AppError | null; testId: string }) {
  const locale = useLocale();
  const t = useT();
  if (!error) return null;
  const providerWords = providerWordsOf(error);
  return (
    <>
      <p className="error-text" role="alert" data-testid={testId} data-error-code={error.code}>
        {errorText(error, locale)}
      </p>
      {providerWords !== null && (
        <p className="error-provider-words" data-testid={`${testId}-provider`}>
          {t('error.providerSaid')} {/* The provider publishes its texts in English. */}
          <q lang="en" data-testid={`${testId}-provider-text`}>
            {providerWords}
          </q>
        </p>
      )}
    </>
  );
}

/** The same words outside a component (rendered in i18n/, where nested errors inside notices need them too). */
export { errorText as errorMessage } from '../i18n/notices.ts';
