import { isStoppedReason } from '../../../shared/customers.ts';
import type { Notice } from '../../../shared/notices.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';

/**
 * Why a hold or charge is not settled yet, under its status: what the till ran into while it keeps checking,
 * or, once it stopped checking by itself, "Stopped checking: …" and why, for the cashier to take to the
 * provider. The core says both as notices: every word here is in the cashier's language.
 */
export function UnresolvedReason({ reason, testId }: { reason: Notice | null; testId: string }) {
  const t = useT();
  const locale = useLocale();
  if (!reason) return null;
  const stopped = isStoppedReason(reason);
  const text = t(stopped ? 'customers.unresolved.stopped' : 'customers.unresolved.checking', {
    reason: noticeText(reason, locale),
  });
  return (
    <span className={`customers-unresolved${stopped ? ' is-stopped' : ''}`} data-testid={testId} data-stopped={stopped}>
      {text}
    </span>
  );
}
