import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { homeScreenOf } from '../../components/frame/Nav.tsx';

/** Asks for the admin PIN; the check happens in main (settings.verifyPin), never in the page. */
export function PinGate({ onUnlock }: { onUnlock: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const navigate = useAppStore((state) => state.navigate);
  const { mode } = useTerminal();

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || pin === '') return;
    setBusy(true);
    setError(null);
    const result = await bridge['settings.verifyPin']({ kind: 'admin', pin });
    setBusy(false);
    setPin('');
    if (!result.ok) setError(result.error);
    else if (result.value.valid) onUnlock();
    else setWrong(true);
  };

  return (
    <section className="screen pin-gate" aria-labelledby="pin-gate-title" data-testid="settings-locked">
      <h1 id="pin-gate-title" tabIndex={-1} className="screen-title">
        {t('settings.title')}
      </h1>
      <p>{t('settings.locked')}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label className="field" htmlFor="admin-pin">
          <span className="field-label">{t('settings.adminPin')}</span>
          <input
            id="admin-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            value={pin}
            onChange={(event) => {
              setPin(event.target.value);
              setWrong(false);
            }}
            data-testid="admin-pin"
          />
        </label>
        {wrong && (
          <p role="alert" className="field-problem" data-testid="admin-pin-wrong">
            {t('settings.pinWrong')}
          </p>
        )}
        <ErrorText error={error} testId="admin-pin-error" />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={busy} data-testid="admin-unlock">
            {t('settings.unlock')}
          </button>
          {/* A kiosk shows no navigation here: this is the way back for a customer who pressed Admin. */}
          <button type="button" className="button button-secondary" onClick={() => navigate({ name: homeScreenOf(mode) })} data-testid="admin-pin-back">
            {t('common.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
