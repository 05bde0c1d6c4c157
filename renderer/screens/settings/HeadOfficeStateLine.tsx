import { dateTime } from '../../components/format.ts';
import { useHeadOfficeStatus } from '../../hooks/use-head-office-status.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';

/** How the saved head-office setting is doing now: its state, what waits to be sent, when a batch last went. */
export function HeadOfficeStateLine() {
  const t = useT();
  const locale = useLocale();
  const enabled = useTerminal().settings.headOffice.enabled;
  const status = useHeadOfficeStatus(enabled);
  if (!enabled || !status) return null;
  return (
    <p role="status" className="hint" data-testid="head-office-state" data-state={status.state}>
      {t('headOffice.now', { state: t(`headOffice.state.${status.state}`), count: status.pendingEvents })}
      {status.lastSentAt && ` ${t('headOffice.lastSent', { at: dateTime(status.lastSentAt, locale) })}`}
      {status.problem && ` ${t(`headOffice.problem.${status.problem}`)}`}
    </p>
  );
}
