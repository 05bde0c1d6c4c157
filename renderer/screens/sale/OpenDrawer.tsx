import { useState, type FormEvent } from 'react';
import { roleHas } from '../../../shared/staff.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

// "Open drawer (no sale)": the cash drawer opened without a sale, with the reason the person gives, for those who
// hold the drawer right (nobody signed in: the till as before staff, offered). The core asks the right again and
// records the opening with the shift, so the X and Z reports list it; the drawer hangs on an ESC/POS printer, so
// the button shows only where one with a drawer is set up (Settings → Devices).

export function OpenDrawer() {
  const t = useT();
  const bridge = useBridge();
  const { printer } = useTerminal().settings;
  const role = useSessionStore((state) => state.session?.staff?.role ?? null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  if (printer.kind === 'system' || printer.drawerOnMs === 0) return null;
  if (role !== null && !roleHas(role, 'drawer')) return null;

  const close = (): void => {
    setAsking(false);
    setReason('');
    setError(null);
  };
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await bridge['printer.openDrawer']({ reason: reason.trim() });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    close();
    setOpened(true);
  };

  if (!asking)
    return (
      <div className="open-drawer">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setOpened(false);
            setAsking(true);
          }}
          data-testid="drawer-open"
        >
          {t('drawer.open')}
        </button>
        {opened && (
          <p className="hint" role="status" data-testid="drawer-opened">
            {t('drawer.opened')}
          </p>
        )}
      </div>
    );
  return (
    <form className="open-drawer" onSubmit={(event) => void submit(event)} data-testid="drawer-form">
      <LabelledInput
        id="drawer-reason"
        label={t('drawer.reason')}
        type="text"
        maxLength={120}
        autoComplete="off"
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="drawer-reason"
      />
      <ErrorText error={error} testId="drawer-error" />
      <div className="filters">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || reason.trim() === ''}
          data-testid="drawer-confirm"
        >
          {busy ? t('drawer.opening') : t('drawer.confirm')}
        </button>
        <button type="button" className="button button-secondary" onClick={close} disabled={busy}>
          {t('drawer.cancel')}
        </button>
      </div>
    </form>
  );
}
