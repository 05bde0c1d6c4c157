import { isStoppedReason, STOPPED_REASON_PREFIX } from '../../../shared/domain.ts';
import { ERROR_CODES, type ErrorCode } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/settings.ts';
import { errorMessage } from '../../components/ErrorText.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';

/**
 * Why a hold or charge is not settled yet, under its status: what the till ran into while it keeps checking
 * (the core records an error code: shown in the cashier's words), or, once it stopped checking by itself,
 * "Stopped checking: …" with the core's reason, for the cashier to take to the provider.
 */
export function UnresolvedReason({ reason, testId }: { reason: string | null; testId: string }) {
  const t = useT();
  const locale = useLocale();
  if (!reason) return null;
  const stopped = isStoppedReason(reason);
  const text = stopped
    ? t('customers.unresolved.stopped', { reason: reason.slice(STOPPED_REASON_PREFIX.length) })
    : t('customers.unresolved.checking', { reason: inWords(reason, locale) });
  return (
    <span className={`customers-unresolved${stopped ? ' is-stopped' : ''}`} data-testid={testId} data-stopped={stopped}>
      {text}
    </span>
  );
}

function inWords(reason: string, locale: Locale): string {
  if (!(ERROR_CODES as readonly string[]).includes(reason)) return reason;
  const code = reason as ErrorCode;
  return errorMessage({ code }, locale);
}
