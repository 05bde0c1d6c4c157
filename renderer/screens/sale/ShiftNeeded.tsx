import { useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

// A till that sells only in a shift (Settings → Staff) with none open: the Sale screen says so before the cashier
// keys a sale the core would refuse (shift.not-open), or once it did, with one tap that opens the shift and stays
// here to sell.

/** Whether to ask for a shift: the setting and no shift open as the session says, or a charge just refused for it. */
export function useShiftNeeded(refused: AppError | null): boolean {
  const kiosk = useTerminal().mode === 'kiosk';
  const required = useAppStore((state) => state.settingsView?.settings.staff?.shiftRequired ?? false);
  const session = useSessionStore((state) => state.session);
  if (refused?.code === 'shift.not-open') return true;
  return !kiosk && required && session !== null && session.shift === null;
}

export function ShiftNeeded({ onOpened }: { onOpened: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const open = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['shifts.open']({});
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    // session.changed follows; the session here says so at once, so the question goes now.
    const { session, setSession } = useSessionStore.getState();
    if (session) setSession({ ...session, shift: result.value.shift });
    onOpened();
  };
  return (
    <div className="shift-needed" role="status" data-testid="shift-needed">
      <p>{t('sale.shiftNeeded')}</p>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => void open()}
        disabled={busy}
        data-testid="shift-needed-open"
      >
        {t('sale.openShift')}
      </button>
      <ErrorText error={error} testId="shift-needed-error" />
    </div>
  );
}
