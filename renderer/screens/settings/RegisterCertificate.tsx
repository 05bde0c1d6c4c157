import { useState } from 'react';
import type { RegisterConnectionStatus } from '../../../shared/register.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

// The till's certificate for the shop network: the pins a register needs, and "Make a new certificate". A
// damaged certificate or key is said here, with that button right under it (the connection does not listen
// until then); a sound one is replaced only once the admin confirms, since every register must pin the new one.
// Admin only: main refuses ecr.newCertificate outside the admin's unlocked window.

export function RegisterCertificate({
  status,
  onRenewed,
}: {
  status: RegisterConnectionStatus;
  onRenewed: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const [confirming, setConfirming] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const damaged = status.certificateProblem === 'unreadable';
  if (!damaged && !status.certificate) return null;

  const renew = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['ecr.newCertificate']({});
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setRenewed(true);
    onRenewed();
  };

  const renewButton = (label: string, testId: string, onClick: () => void) => (
    <button type="button" className="button button-secondary" onClick={onClick} disabled={busy} data-testid={testId}>
      {label}
    </button>
  );

  return (
    <div className="register-certificate-panel">
      {damaged && (
        <p className="error-text" data-testid="settings-ecr-certificate-unreadable">
          {t('settings.ecr.certificateUnreadable')}
        </p>
      )}
      {status.certificate && (
        <dl className="register-certificate">
          <dt>{t('settings.ecr.fingerprint')}</dt>
          <dd>
            <code data-testid="settings-ecr-fingerprint">{status.certificate.sha256Fingerprint}</code>
          </dd>
          <dt>{t('settings.ecr.publicKeyPin')}</dt>
          <dd>
            <code data-testid="settings-ecr-public-key-pin">{status.certificate.publicKeyPin}</code>
          </dd>
        </dl>
      )}
      {renewed && status.certificate && (
        <p role="status" data-testid="settings-ecr-certificate-renewed">
          {t('settings.ecr.certificateRenewed')}
        </p>
      )}
      {damaged ? (
        renewButton(t('settings.ecr.newCertificate'), 'settings-ecr-new-certificate', () => void renew())
      ) : confirming ? (
        <div role="group" data-testid="settings-ecr-new-certificate-confirm">
          <p>{t('settings.ecr.newCertificateConfirm')}</p>
          {renewButton(t('settings.ecr.newCertificateYes'), 'settings-ecr-new-certificate-yes', () => void renew())}
          {renewButton(t('settings.ecr.newCertificateNo'), 'settings-ecr-new-certificate-no', () =>
            setConfirming(false),
          )}
        </div>
      ) : (
        renewButton(t('settings.ecr.newCertificate'), 'settings-ecr-new-certificate', () => {
          setRenewed(false);
          setConfirming(true);
        })
      )}
      <ErrorText error={error} testId="settings-ecr-certificate-error" />
    </div>
  );
}
