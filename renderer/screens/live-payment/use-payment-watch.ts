import { useEffect, useEffectEvent } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import { useBridge } from '../../api/bridge.tsx';
import { FINAL_DISPLAY } from '../../components/format.ts';

/**
 * Events drive the live status; this is the safety net for an event lost while the event channel was down
 * (web preview reconnecting): re-read the payment every few seconds until it is final.
 */
const REREAD_MS = 5000;

export function usePaymentReread(view: PaymentView | null, apply: (view: PaymentView) => void): void {
  const bridge = useBridge();
  const onView = useEffectEvent(apply);
  // A charge not answered yet has no reference to read (pending-charge.ts).
  const referenceId = view?.referenceId || null;
  const final = view ? FINAL_DISPLAY.has(view.displayStatus) : true;
  useEffect(() => {
    if (referenceId === null || final) return;
    const timer = setInterval(() => {
      void bridge['payments.get']({ referenceId }).then((result) => {
        if (result.ok) onView(result.value.payment);
      });
    }, REREAD_MS);
    return () => clearInterval(timer);
  }, [bridge, referenceId, final]);
}
