import { useEffect, useState } from 'react';
import type { ScreenSurface, StatusCheck } from '../../../shared/payment-screens.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';

/** The core forgets a screen's signal after 15 s (electron/core/payments/on-screen.ts): repeat well within it. */
const REPEAT_MS = 5_000;

/**
 * Tells the core that this screen shows a payment (payments.onScreen), so its status lookups come before
 * those of orders nobody is looking at; repeats it while shown, and says so when it goes. Returns the
 * payment's last status check, kept current from payment.checked.
 */
export function useOnScreen(surface: ScreenSurface, referenceId: string | null): StatusCheck | null {
  const bridge = useBridge();
  const [check, setCheck] = useState<StatusCheck | null>(null);

  useEffect(() => {
    if (referenceId === null) return;
    let current = true;
    const signal = (): void => {
      void bridge['payments.onScreen']({ surface, referenceId, shown: true }).then((result) => {
        if (current && result.ok && result.value) setCheck((seen) => newer(seen, result.value));
      });
    };
    signal();
    const timer = setInterval(signal, REPEAT_MS);
    return () => {
      current = false;
      clearInterval(timer);
      void bridge['payments.onScreen']({ surface, referenceId, shown: false });
    };
  }, [bridge, surface, referenceId]);

  useBridgeEvent('payment.checked', (incoming) => {
    if (incoming.referenceId === referenceId) setCheck((seen) => newer(seen, incoming));
  });
  // A check of the payment shown before is not this one's.
  return check?.referenceId === referenceId ? check : null;
}

/** Replies and events can cross: keep the later check. */
function newer(seen: StatusCheck | null, incoming: StatusCheck | null): StatusCheck | null {
  if (!incoming) return seen;
  if (!seen || seen.referenceId !== incoming.referenceId) return incoming;
  return incoming.checkedAt >= seen.checkedAt ? incoming : seen;
}
