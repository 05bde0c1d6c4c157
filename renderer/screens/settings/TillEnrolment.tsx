import { useEffect, useState } from 'react';
import type { TillIdentity } from '../../../shared/head-office.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

// This till's id at the head office, and, when its data folder looks copied from another till (a disk image),
// "Enrol as a new till": asked once, then a new id is made and the till starts sending. Until then it sends
// nothing, so the copy never writes rows in the first till's name.

export function TillEnrolment() {
  const t = useT();
  const bridge = useBridge();
  const [identity, setIdentity] = useTillIdentity();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [enrolled, setEnrolled] = useState(false);

  const enrol = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['headOffice.enrol']({});
    setBusy(false);
    setAsking(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setIdentity(result.value);
    setEnrolled(true);
  };

  if (!identity) return null;
  return (
    <div className="till-enrolment" data-testid="head-office-identity" data-clone={String(identity.cloneSuspected)}>
      <dl className="facts">
        <dt>{t('headOffice.tillId')}</dt>
        <dd data-testid="head-office-till-id">{identity.tillId}</dd>
      </dl>
      {enrolled && (
        <p role="status" data-testid="head-office-enrolled">
          {t('headOffice.enrolled')}
        </p>
      )}
      {identity.cloneSuspected && (
        <div className="open-payment-banner" role="alert" data-testid="head-office-clone">
          <p>{t('headOffice.cloneSuspected')}</p>
          {asking ? (
            <div
              className="refund-confirm"
              role="alertdialog"
              aria-labelledby="head-office-enrol-question"
              aria-describedby="head-office-enrol-facts"
            >
              <p id="head-office-enrol-question" className="refund-confirm-question">
                {t('headOffice.enrolQuestion')}
              </p>
              <p id="head-office-enrol-facts" className="explain">
                {t('headOffice.enrolFacts')}
              </p>
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void enrol()}
                autoFocus
                data-testid="head-office-enrol-yes"
              >
                {t('headOffice.enrolYes')}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setAsking(true)}
              data-testid="head-office-enrol"
            >
              {t('headOffice.enrol')}
            </button>
          )}
        </div>
      )}
      <ErrorText error={error} testId="head-office-enrol-error" />
    </div>
  );
}

/** headOffice.identity, read once when shown. */
export function useTillIdentity(): [TillIdentity | null, (identity: TillIdentity) => void] {
  const bridge = useBridge();
  const [identity, setIdentity] = useState<TillIdentity | null>(null);
  useEffect(() => {
    let current = true;
    void bridge['headOffice.identity']({}).then((result) => current && result.ok && setIdentity(result.value));
    return () => {
      current = false;
    };
  }, [bridge]);
  return [identity, setIdentity];
}
