import { useHeadOfficeStatus } from '../../hooks/use-head-office-status.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';

// The status bar's head-office line: "Head office: N waiting" while journal changes wait in the outbox or the
// head office cannot be reached (sales go on: it is off the payment path). Nothing when the head office is off
// or all is sent. Read once, then kept current by headOffice.changed.

export function HeadOfficeStatusItem() {
  const enabled = useTerminal().settings.headOffice.enabled;
  const status = useHeadOfficeStatus(enabled);
  const t = useT();
  if (!enabled || !status || status.state === 'off') return null;
  const failing = status.state === 'failing';
  if (status.pendingEvents === 0 && !failing) return null;
  return (
    <span
      className={`status-item${failing ? ' status-warn' : ''}`}
      data-testid="status-head-office"
      data-state={status.state}
      data-pending={status.pendingEvents}
      {...(failing && status.problem ? { title: t(`headOffice.problem.${status.problem}`) } : {})}
    >
      {t('headOffice.statusWaiting', { count: status.pendingEvents })}
    </span>
  );
}
