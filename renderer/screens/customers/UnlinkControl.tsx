import { useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** "Unlink", confirmed once. Refused by the service while a hold is open: the reason is shown as it came. */
export function UnlinkControl({ merchantUserId, onUnlinked }: { merchantUserId: string; onUnlinked: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const unlink = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const result = await bridge['customers.unlink']({ merchantUserId });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    onUnlinked();
  };

  return (
    <div className="customers-unlink" data-testid="unlink-control">
      <ErrorText error={error} testId="unlink-error" />
      {confirming ? (
        <div role="group" aria-labelledby="unlink-question">
          <p id="unlink-question">{t('customers.unlinkConfirm', { id: merchantUserId })}</p>
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void unlink()}
              data-testid="unlink-confirm"
            >
              {t('customers.unlinkYes')}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setConfirming(false)}
              data-testid="unlink-keep"
            >
              {t('customers.unlinkNo')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          data-testid="unlink"
        >
          {t('customers.unlink')}
        </button>
      )}
    </div>
  );
}
