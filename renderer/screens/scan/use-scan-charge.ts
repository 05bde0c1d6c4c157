import { useRef, useState } from 'react';
import type { RegisterSale } from '../../../shared/register.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore, whileCharging } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

export type ScanCharge = ReturnType<typeof useScanCharge>;

/**
 * Charges a scanned customer code once at a time (the sale's amount, or a register's sale's), never a code the
 * camera saw refused again; and leaves the scan, calling a register's sale off on the way.
 */
export function useScanCharge(registerSale: RegisterSale | undefined) {
  const bridge = useBridge();
  const terminal = useTerminal();
  const sale = useSaleStore();
  const { reset } = sale;
  // A register's sale brings its own amount and note: the keypad's are left as they are.
  const amountMinor = registerSale ? registerSale.amount.amountMinor : sale.amountMinor;
  const note = registerSale ? '' : sale.note;
  const navigate = useAppStore((state) => state.navigate);
  const showPayment = usePaymentStore((state) => state.show);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  // A ref, not state: two scans in the same frame must not both charge.
  const inFlight = useRef(false);
  // The camera keeps seeing a refused code while it is held up; do not send it again and again.
  const refusedByCamera = useRef(new Set<string>());

  // The keys typed by hand came too slowly for a scanner: the typed-code field is pointed at.
  const [typedSlowly, setTypedSlowly] = useState(false);

  const charge = async (consumerCode: string, source: 'wedge' | 'camera' | 'typed'): Promise<void> => {
    if (inFlight.current || amountMinor <= 0) return;
    if (source === 'camera' && refusedByCamera.current.has(consumerCode)) return;
    inFlight.current = true;
    setBusy(true);
    // A new attempt: what went wrong with the last one no longer applies.
    setError(null);
    setTypedSlowly(false);
    const trimmed = note.trim();
    await whileCharging(
      () =>
        bridge['payments.chargeCustomerQr']({
          amountMinor,
          currency: registerSale ? registerSale.amount.currency : terminal.currency,
          consumerCode,
          ...(trimmed ? { note: trimmed } : {}),
          ...(registerSale ? { registerSale: registerSale.referenceId } : {}),
        }),
      (result) => {
        inFlight.current = false;
        setBusy(false);
        if (!result.ok) {
          if (!result.error.retryable) refusedByCamera.current.add(consumerCode);
          setError(result.error);
          return;
        }
        showPayment(result.value);
        if (!registerSale) reset();
        navigate({ name: 'payment', referenceId: result.value.referenceId });
      },
    );
  };

  // The register's sale is the register's: leaving it calls it off (the register hears so), never drops it silently.
  const [cancelling, setCancelling] = useState(false);
  const leave = async (): Promise<void> => {
    if (!registerSale) {
      navigate({ name: 'sale' });
      return;
    }
    setCancelling(true);
    const result = await bridge['ecr.cancelSale']({ referenceId: registerSale.referenceId });
    setCancelling(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (result.value.payment) {
      // Its code was scanned meanwhile: its payment shows, with the payment's own cancel.
      showPayment(result.value.payment);
      navigate({ name: 'payment', referenceId: registerSale.referenceId });
    } else navigate({ name: 'sale' });
  };

  return { amountMinor, busy, error, setError, typedSlowly, setTypedSlowly, cancelling, charge, leave };
}
