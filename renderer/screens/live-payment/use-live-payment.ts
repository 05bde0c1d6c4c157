import { useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { FINAL_DISPLAY, money, outcomeOf, type Outcome } from '../../components/format.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useResultSound } from '../../sound/use-result-sound.ts';
import { useAppStore } from '../../stores/app-store.ts';
import type { Screen } from '../../stores/navigation.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { usePaymentReread } from './use-payment-watch.ts';

export interface LivePayment {
  readonly final: boolean;
  readonly outcome: Outcome;
  /** The amount in the till's words (S$12.34). */
  readonly amount: string;
  readonly cancelling: boolean;
  /** Why the last cancel was refused, until the next one. */
  readonly error: AppError | null;
  /** Cancels the order (write-ahead in the core); true when it is cancelled or being cancelled. */
  cancel(): Promise<boolean>;
  /** Lets go of the payment (the store forgets it) and opens `screen`. */
  leave(screen: Screen): void;
}

/**
 * What the cashier's payment screen and the kiosk's share: the payment re-read while events may be lost, its
 * result sounded once, and Cancel — whose refusal shows where the payment really is now (the customer may have
 * confirmed in the meantime). `cancelReason` is written with the cancel in the journal ('kiosk').
 */
export function useLivePayment(view: PaymentView, cancelReason?: string): LivePayment {
  const locale = useLocale();
  const bridge = useBridge();
  const apply = usePaymentStore((state) => state.apply);
  const clear = usePaymentStore((state) => state.clear);
  const navigate = useAppStore((state) => state.navigate);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const final = FINAL_DISPLAY.has(view.displayStatus);
  const outcome = outcomeOf(view.displayStatus);
  usePaymentReread(view, apply);
  useResultSound(view.referenceId, final, outcome);

  const cancel = async (): Promise<boolean> => {
    if (cancelling || !view.canCancel) return false;
    setCancelling(true);
    setError(null);
    const request = { referenceId: view.referenceId, ...(cancelReason ? { reason: cancelReason } : {}) };
    const result = await bridge['payments.cancel'](request);
    setCancelling(false);
    if (result.ok) {
      apply(result.value);
      return true;
    }
    setError(result.error);
    const fresh = await bridge['payments.get']({ referenceId: view.referenceId });
    if (fresh.ok) apply(fresh.value.payment);
    return false;
  };

  const leave = (screen: Screen): void => {
    clear();
    navigate(screen);
  };

  return { final, outcome, amount: money(view.amount, locale), cancelling, error, cancel, leave };
}
