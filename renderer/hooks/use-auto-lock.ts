import { useEffect, useRef } from 'react';
import { useBridge } from '../api/bridge.tsx';
import { useAppStore } from '../stores/app-store.ts';
import { usePaymentStore } from '../stores/payment-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { shouldAutoLock } from './auto-lock.ts';

/** How often the idle time is compared with Settings' minutes: a lock at most this late is fine. */
const CHECK_EVERY_MS = 5_000;

/**
 * Signs the cashier out after Settings' idle minutes (see shouldAutoLock: never during a payment). Any touch or
 * key press counts as activity; the check reads the stores as they are at that moment.
 */
export function useAutoLock(): void {
  const bridge = useBridge();
  const signedIn = useSessionStore((state) => state.session?.staff != null);
  const minutes = useAppStore((state) => state.settingsView?.settings.staff?.autoLockMinutes ?? 0);
  const lastActivity = useRef(0);

  useEffect(() => {
    if (!signedIn || minutes <= 0) return;
    lastActivity.current = Date.now();
    const onActivity = (): void => {
      lastActivity.current = Date.now();
    };
    let signingOut = false;
    const check = (): void => {
      const due = shouldAutoLock({
        signedIn: true,
        autoLockMinutes: minutes,
        idleMs: Date.now() - lastActivity.current,
        screen: useAppStore.getState().screen.name,
        activePayment: usePaymentStore.getState().active,
      });
      if (!due || signingOut) return;
      signingOut = true;
      void bridge['session.signOut']({}).then((result) => {
        signingOut = false;
        if (result.ok) useSessionStore.getState().setSession(result.value);
      });
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('pointerdown', onActivity, true);
    window.addEventListener('keydown', onActivity, true);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', onActivity, true);
      window.removeEventListener('keydown', onActivity, true);
    };
  }, [bridge, signedIn, minutes]);
}
