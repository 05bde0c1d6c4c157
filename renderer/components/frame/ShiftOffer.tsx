import { useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ErrorText } from '../ErrorText.tsx';

// Signed in, and no shift is open on the till: one tap opens it (no note; the Shift screen takes one), or "Not now".
// Where the Sale screen already asks for it (a till that sells only in a shift), it is left to that.

export function ShiftOffer() {
  const t = useT();
  const bridge = useBridge();
  const offered = useSessionStore((state) => state.shiftOffered);
  const offerShift = useSessionStore((state) => state.offerShift);
  const saleAsks = useAppStore(
    (state) => state.screen.name === 'sale' && (state.settingsView?.settings.staff?.shiftRequired ?? false),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  if (!offered || saleAsks) return null;

  const open = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['shifts.open']({});
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const { session, setSession } = useSessionStore.getState();
    if (session) setSession({ ...session, shift: result.value.shift });
    offerShift(false);
  };
  return (
    <div className="shift-needed" role="status" data-testid="shift-offer">
      <p>{t('signIn.noShift')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => void open()}
        disabled={busy}
        data-testid="shift-offer-open"
      >
        {t('signIn.openShift')}
      </button>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => offerShift(false)}
        data-testid="shift-offer-later"
      >
        {t('signIn.later')}
      </button>
      <ErrorText error={error} testId="shift-offer-error" />
    </div>
  );
}
