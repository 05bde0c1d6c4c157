import { useEffect, useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { UpdateStatus } from '../../../shared/updates.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/notices.ts';

// The till's version, the one waiting and when it installs, what holds it, the last failure (the till keeps
// its version), and "Restart to update" for the admin: refused while a payment is open, in words.

export function UpdateState() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saves, setSaves] = useState(0);
  // A saved feed or window changes what it says.
  useBridgeEvent('settings.changed', () => setSaves((n) => n + 1));
  useEffect(() => {
    let current = true;
    void bridge['updates.status']({}).then((result) => current && result.ok && setStatus(result.value));
    return () => {
      current = false;
    };
  }, [bridge, saves]);

  if (!status) return null;
  const restart = (): void => {
    setBusy(true);
    setError(null);
    void bridge['updates.installNow']({}).then((result) => {
      setBusy(false);
      if (result.ok) setStatus(result.value);
      else setError(result.error);
    });
  };
  const when = (iso: string): string => dateTime(iso, locale);
  const version = status.waiting?.version ?? status.offered?.version ?? '';
  return (
    <div className="update-state" data-testid="settings-update-state">
      <p role="status">
        <span data-testid="settings-update-running">{t('updates.running', { version: status.runningVersion })}</span>{' '}
        <span data-testid="settings-update-phase">
          {status.phase === 'ready' || status.phase === 'idle' ? null : t(`updates.phase.${status.phase}`, { version })}
          {status.phase === 'idle' && status.offered?.verdict === 'not-in-rollout'
            ? t('updates.notInRollout', { version: status.offered.version })
            : status.phase === 'idle' && status.lastCheckedAt && !status.problem
              ? t('updates.phase.idle')
              : null}
        </span>
      </p>
      {status.waiting && (
        <p data-testid="settings-update-waiting">
          {t('updates.waiting', { version: status.waiting.version })}{' '}
          {status.installAt && !status.insideWindow
            ? t('updates.installAt', { time: when(status.installAt) })
            : t('updates.installNowInWindow')}{' '}
          {status.heldBy && status.heldBy !== 'outside-window' && (
            <strong data-testid="settings-update-held">{t(`updates.held.${status.heldBy}`)}</strong>
          )}
        </p>
      )}
      {status.problem && (
        <p className="error-text" data-testid="settings-update-problem" data-stage={status.problem.stage}>
          {status.problem.code
            ? errorText({ code: status.problem.code }, locale)
            : t(`updates.problem.${status.problem.stage}`, {
                version: status.problem.version ?? '',
                time: when(status.problem.at),
                running: status.runningVersion,
              })}
        </p>
      )}
      {status.phase !== 'off' && status.phase !== 'unavailable' && (
        <p className="hint" data-testid="settings-update-checked">
          {status.lastCheckedAt && status.nextCheckAt
            ? t('updates.checked', { time: when(status.lastCheckedAt), next: when(status.nextCheckAt) })
            : t('updates.notChecked')}
        </p>
      )}
      {status.waiting && (
        <>
          <button
            type="button"
            className="button"
            disabled={busy || status.phase === 'installing'}
            onClick={restart}
            aria-describedby="settings-update-restart-hint"
            data-testid="settings-update-restart"
          >
            {busy ? t('updates.restarting') : t('updates.restart')}
          </button>
          <p id="settings-update-restart-hint" className="hint">
            {t('updates.restartHint', { version: status.waiting.version })}
          </p>
        </>
      )}
      <ErrorText error={error} testId="settings-update-error" />
    </div>
  );
}
