import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { chargeShown, provisionalView } from '../../stores/pending-charge.ts';
import { usePaymentStore, whileCharging } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { validateSaleAmount } from './validate-amount.ts';

export interface SaleCharge {
  readonly busy: boolean;
  readonly error: AppError | null;
  /** A digit past the maximum was just refused: the amount shakes and says why. */
  readonly overLimit: boolean;
  /** Charge: our QR for the customer to scan. */
  charge(): Promise<void>;
  /** Scan customer: we scan theirs (the Scan screen takes the amount from the sale). */
  scanCustomer(): void;
  /** A key was pressed: what went wrong before no longer applies. */
  clearProblems(): void;
  /** The sale starts over (a kiosk back at rest): the refusal of its amount no longer applies. */
  clearError(): void;
}

/** The sale's two ways to be paid, the amount checked first, and what went wrong until the next key. */
export function useSaleCharge(): SaleCharge {
  const bridge = useBridge();
  const { currency, saleLimits } = useTerminal();
  const { amountMinor, note, overLimitCount, reset } = useSaleStore();
  const navigate = useAppStore((state) => state.navigate);
  const showPayment = usePaymentStore((state) => state.show);
  const applyPayment = usePaymentStore((state) => state.apply);
  const startCharge = usePaymentStore((state) => state.startCharge);
  const refuseCharge = usePaymentStore((state) => state.refuseCharge);
  const clearRefused = usePaymentStore((state) => state.clearRefused);
  // A refused charge comes back to a new Sale screen: its reason is kept in the store, not in this one's state.
  const refused = usePaymentStore((state) => state.refused);
  const [busy, setBusy] = useState(false);
  const [invalid, setError] = useState<AppError | null>(null);
  const error = invalid ?? refused;
  const [overLimit, setOverLimit] = useOverLimitShake(overLimitCount);

  const checkAmount = (): boolean => {
    const problem = validateSaleAmount(amountMinor, saleLimits, currency);
    setError(problem);
    clearRefused();
    return problem === null;
  };

  const charge = async (): Promise<void> => {
    if (busy || !checkAmount()) return;
    setBusy(true);
    const trimmed = note.trim();
    // Named here, so the Payment screen can go up from the click: only its QR waits for the core's answer. A
    // call retried with the same id is answered with the same payment (electron/core/payments/charges.ts).
    const chargeId = crypto.randomUUID();
    startCharge(chargeId, provisionalView({ amountMinor, currency }, trimmed || null));
    navigate({ name: 'charging', chargeId });
    await whileCharging(
      () =>
        bridge['payments.chargeMerchantQr']({
          amountMinor,
          currency,
          chargeId,
          ...(trimmed ? { note: trimmed } : {}),
        }),
      (result) => {
        setBusy(false);
        // Its QR already came by event (pending-charge.ts): the answer only confirms what is on screen, and an
        // answer lost on its way changes nothing there.
        if (chargeShown(chargeId)) {
          if (result.ok) applyPayment(result.value);
          reset();
          return;
        }
        if (!result.ok) {
          // Back to the sale, its amount kept, saying why.
          refuseCharge(result.error);
          navigate({ name: 'sale' });
          return;
        }
        showPayment(result.value);
        reset();
        navigate({ name: 'payment', referenceId: result.value.referenceId, chargeId });
      },
    );
  };

  const scanCustomer = (): void => {
    if (busy || !checkAmount()) return;
    navigate({ name: 'scan' });
  };

  const clearError = (): void => {
    setError(null);
    clearRefused();
  };

  const clearProblems = (): void => {
    clearError();
    setOverLimit(false);
  };

  return { busy, error, overLimit, charge, scanCustomer, clearProblems, clearError };
}

/** Past the maximum a digit is refused out loud (text + shake), never dropped silently. */
function useOverLimitShake(overLimitCount: number): [boolean, (shown: boolean) => void] {
  const [overLimit, setOverLimit] = useState(false);
  const seenOverLimit = useRef(overLimitCount);
  useEffect(() => {
    if (overLimitCount === seenOverLimit.current) return;
    seenOverLimit.current = overLimitCount;
    setOverLimit(false);
    // Restart the shake animation even when the previous one is still running.
    requestAnimationFrame(() => setOverLimit(true));
  }, [overLimitCount]);
  return [overLimit, setOverLimit];
}
