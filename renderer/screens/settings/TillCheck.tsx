import { useState } from 'react';
import type { HealthCheckResult } from '../../../shared/health.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { useAppStore } from '../../stores/app-store.ts';

// Check this till (health.check, electron/core/health/): each part asked at once, each line saying in words what
// was found — "Working" or "Needs attention", never a colour alone. The screen adds what only it can see: when the
// USB scanner last read, and which decoder the camera read with.

export function TillCheck() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const scannerSeenAt = useAppStore((state) => state.scannerSeenAt);
  const cameraDecoder = useAppStore((state) => state.cameraDecoder);
  const [checks, setChecks] = useState<readonly HealthCheckResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const run = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['health.check']({
      devices: {
        scannerReadMsAgo: scannerSeenAt === null ? null : Math.max(0, Math.round(performance.now() - scannerSeenAt)),
        cameraDecoder,
      },
    });
    setBusy(false);
    if (result.ok) setChecks(result.value.checks);
    else setError(result.error);
  };

  const wrong = checks?.filter((check) => !check.ok).length ?? 0;
  return (
    <fieldset data-testid="till-check">
      <legend>{t('fleet.check.title')}</legend>
      <p className="hint">{t('fleet.check.intro')}</p>
      <button type="button" className="button" disabled={busy} onClick={() => void run()} data-testid="till-check-run">
        {busy ? t('fleet.check.running') : t('fleet.check.run')}
      </button>
      <ErrorText error={error} testId="till-check-error" />
      {checks && (
        <>
          <p role="status" data-testid="till-check-summary">
            {wrong === 0
              ? t('fleet.check.allOk', { total: checks.length })
              : t('fleet.check.someWrong', { count: wrong, total: checks.length })}
          </p>
          <ul className="till-check-list" data-testid="till-check-list">
            {checks.map((check) => (
              <li key={check.id} data-testid={`till-check-${check.id}`} data-ok={String(check.ok)}>
                <strong>{t(`fleet.check.id.${check.id}`)}</strong>
                {' — '}
                <span className={check.ok ? 'status-ok' : 'status-bad'}>
                  {check.ok ? t('fleet.check.ok') : t('fleet.check.problem')}
                </span>
                {': '}
                {noticeText(check.detail, locale)}
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
