import { useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore, whileCharging } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';

// A sale that did not go through (declined, expired, not sent) is not over: the customer is still at the
// counter. "Try again" starts a new attempt for the same amount and note, the same way round; "Other method"
// goes the other way round (we scan the customer's code instead of showing ours, or back); "Done" ends it.

export function ResultActions({ view, onDone }: { view: PaymentView; onDone: () => void }) {
  const t = useT();
  const { busy, error, showOurQr, scanCustomer } = useChargeAgain(view);
  const ourQr = view.method === 'merchant-qr';
  return (
    <>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => (ourQr ? void showOurQr() : scanCustomer())}
        disabled={busy}
        data-testid="result-try-again"
      >
        {busy && ourQr ? t('payment.retrying') : t('payment.tryAgain')}
      </button>
      <button
        type="button"
        className="button button-secondary button-large"
        onClick={() => (ourQr ? scanCustomer() : void showOurQr())}
        disabled={busy}
        data-testid="result-other-method"
      >
        {ourQr ? t('payment.otherMethodScan') : t('payment.otherMethodQr')}
      </button>
      <button
        type="button"
        className="button button-secondary button-large"
        onClick={onDone}
        disabled={busy}
        data-testid="result-done"
      >
        {t('payment.done')}
      </button>
      <ErrorText error={error} testId="result-retry-error" />
    </>
  );
}

/**
 * A payment the cashier cancelled (a wrong amount, the customer changed their mind…) may still be wanted: "Charge
 * S$x again" starts it again the same way round, with the same amount and note, beside "New sale".
 */
export function ChargeAgain({ view }: { view: PaymentView }) {
  const t = useT();
  const locale = useLocale();
  const { busy, error, showOurQr, scanCustomer } = useChargeAgain(view);
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-large"
        onClick={() => (view.method === 'merchant-qr' ? void showOurQr() : scanCustomer())}
        disabled={busy}
        data-testid="result-charge-again"
      >
        {busy ? t('payment.retrying') : t('payment.chargeAgain', { amount: money(view.amount, locale) })}
      </button>
      <ErrorText error={error} testId="result-retry-error" />
    </>
  );
}

/** A new attempt for the same amount and note: our QR at once, or the scan screen with the sale keyed in. */
function useChargeAgain(view: PaymentView) {
  const bridge = useBridge();
  const navigate = useAppStore((state) => state.navigate);
  const show = usePaymentStore((state) => state.show);
  const startWith = useSaleStore((state) => state.startWith);
  const reset = useSaleStore((state) => state.reset);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const note = view.note ?? '';

  /** A new attempt with our QR: a new reference and a new order; the failed one stays in the journal. */
  const showOurQr = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setError(null);
    await whileCharging(
      () =>
        bridge['payments.chargeMerchantQr']({
          amountMinor: view.amount.amountMinor,
          currency: view.amount.currency,
          ...(note ? { note } : {}),
        }),
      (result) => {
        setBusy(false);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        reset();
        show(result.value);
        navigate({ name: 'payment', referenceId: result.value.referenceId });
      },
    );
  };

  /** The scan screen takes the amount and note from the sale being keyed in. */
  const scanCustomer = (): void => {
    startWith(view.amount.amountMinor, note);
    navigate({ name: 'scan' });
  };

  return { busy, error, showOurQr, scanCustomer };
}
