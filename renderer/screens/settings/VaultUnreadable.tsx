import { useState } from 'react';
import { VAULT_RESET_CONFIRMATION } from '../../../shared/settings.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';

/**
 * Shown instead of Settings while main cannot read the secret vault: settings stay locked (fail closed), and
 * this says what to do. Restoring happens outside the app; the reset (settings.resetVault) needs an explicit
 * confirmation here and in main, and leaves the till as on its first start.
 */
export function VaultUnreadable() {
  const t = useT();
  const bridge = useBridge();
  const setSettingsView = useAppStore((state) => state.setSettingsView);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const reset = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['settings.resetVault']({ confirm: VAULT_RESET_CONFIRMATION });
    setBusy(false);
    if (result.ok) setSettingsView(result.value);
    else setError(result.error);
  };

  return (
    <section
      className="screen vault-unreadable"
      aria-labelledby="vault-unreadable-title"
      data-testid="vault-unreadable"
    >
      <h1 id="vault-unreadable-title" tabIndex={-1} className="screen-title">
        {t('settings.vault.title')}
      </h1>
      <p>{t('settings.vault.explain')}</p>
      <p>{t('settings.vault.restore')}</p>
      <p>{t('settings.vault.resetExplain')}</p>
      <label className="field field-checkbox" htmlFor="vault-reset-confirm">
        <input
          id="vault-reset-confirm"
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid="vault-reset-confirm"
        />
        <span className="field-label">{t('settings.vault.confirm')}</span>
      </label>
      <ErrorText error={error} testId="vault-reset-error" />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={!confirmed || busy}
          onClick={() => void reset()}
          data-testid="vault-reset"
        >
          {busy ? t('settings.vault.resetting') : t('settings.vault.reset')}
        </button>
      </div>
    </section>
  );
}
