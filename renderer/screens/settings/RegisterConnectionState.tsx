import { useEffect, useState } from 'react';
import type { RegisterConnectionStatus } from '../../../shared/register.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { RegisterCertificate } from './RegisterCertificate.tsx';

/**
 * Where the register connection listens as saved (not as on the form), the certificate a register pins (and a
 * new one), and keys it cannot read. `keysChanged` counts the keys made or revoked here: a new key may clear
 * that problem.
 */
export function RegisterConnectionState({ keysChanged }: { keysChanged: number }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [status, setStatus] = useState<RegisterConnectionStatus | null>(null);
  const [saves, setSaves] = useState(0);
  const [renewals, setRenewals] = useState(0);
  // A save restarts the listener: read again after each.
  useBridgeEvent('settings.changed', () => setSaves((n) => n + 1));
  useEffect(() => {
    let current = true;
    // The listener moves a moment after the save: once now, once shortly after.
    const read = (): void =>
      void bridge['ecr.status']({}).then((result) => current && result.ok && setStatus(result.value));
    read();
    const again = setTimeout(read, 500);
    return () => {
      current = false;
      clearTimeout(again);
    };
  }, [bridge, saves, keysChanged, renewals]);

  if (!status) return null;
  return (
    <div className="register-connection-state" role="status" data-testid="settings-ecr-state">
      {!status.enabled ? (
        <p>{t('settings.ecr.off')}</p>
      ) : status.baseUrl ? (
        <p>
          {t('settings.ecr.address', { url: '' })}
          <code data-testid="settings-ecr-address">{status.baseUrl}</code>
        </p>
      ) : status.certificateProblem ? null : status.problem ? (
        <p className="error-text" data-testid="settings-ecr-problem">
          {t('settings.ecr.notListening', { problem: noticeText(status.problem, locale) })}
        </p>
      ) : (
        <p>{t('settings.ecr.startsAfterSave')}</p>
      )}
      {status.keysProblem === 'unreadable' && (
        <p className="error-text" data-testid="settings-ecr-keys-unreadable">
          {t('settings.ecr.keysUnreadable')}
        </p>
      )}
      <RegisterCertificate status={status} onRenewed={() => setRenewals((n) => n + 1)} />
    </div>
  );
}
