import { useEffect } from 'react';
import type { CashierSale } from '../../shared/payment-screens.ts';
import { useBridge } from '../api/bridge.tsx';
import { useCashierSale } from '../stores/cashier-sale.ts';

/** The core forgets a window's mark after 15 s (electron/core/payments/cashier-sales.ts): repeat well within it. */
const REPEAT_MS = 5_000;

/** This window's name for its marks: two cashier windows (a second tab) never clear each other's sale. */
const WINDOW_ID = globalThis.crypto.randomUUID();

/**
 * Tells the core where the cashier's own sale stands on this window (payments.cashierSale): at once when it
 * changes, again every few seconds while it lasts, and that there is none when the window goes. A change replaces
 * the mark (Sale → Payment), so the till is never free for a register in between.
 */
export function useCashierSaleMark(): void {
  const bridge = useBridge();
  const sale = useCashierSale();
  const surface = sale?.surface ?? null;
  const referenceId = sale?.surface === 'payment' ? sale.referenceId : null;

  useEffect(() => {
    const now: CashierSale | null =
      surface === null ? null : surface === 'payment' ? { surface, referenceId: referenceId! } : { surface };
    const say = (): void => void bridge['payments.cashierSale']({ window: WINDOW_ID, sale: now });
    say();
    if (now === null) return;
    const timer = setInterval(say, REPEAT_MS);
    return () => clearInterval(timer);
  }, [bridge, surface, referenceId]);

  useEffect(() => {
    const gone = (): void => void bridge['payments.cashierSale']({ window: WINDOW_ID, sale: null });
    // A reload or a closed tab frees the till at once, when the call still gets out; else the mark lapses.
    window.addEventListener('pagehide', gone);
    return () => {
      window.removeEventListener('pagehide', gone);
      gone();
    };
  }, [bridge]);
}
