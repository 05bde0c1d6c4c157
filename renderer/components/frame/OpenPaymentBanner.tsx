import { useEffect, useState } from 'react';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useHeldRegisterSaleStore } from '../../stores/held-register-sale-store.ts';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { money } from '../format.ts';
import { ErrorText } from '../ErrorText.tsx';
import { OpenPaymentOutcome } from './OpenPaymentOutcome.tsx';
import type { AppError } from '../../../shared/result.ts';

/**
 * "A payment is still open — Show QR / Cancel it": raised at once, on any screen but that payment's own, for
 * an order a customer could still pay (e.g. a create the cashier left while it was being checked, which then
 * turned out to exist at the provider). Once it ends elsewhere, OpenPaymentOutcome says how. On the sign-in screen
 * (`actions` false: nobody may act) it stays, so whoever signs in next knows of it.
 */
export function OpenPaymentBanner({ actions = true }: { actions?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const screen = useAppStore((state) => state.screen);
  const navigate = useAppStore((state) => state.navigate);
  const show = usePaymentStore((state) => state.show);
  const applyOpen = useOpenPaymentsStore((state) => state.apply);
  const open = useOpenPaymentsStore((state) => state.open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  // Events tell of payments that open from now on; one opened before this window started (a reload, a restart
  // of the app while a QR was out) is read once.
  useEffect(() => {
    let current = true;
    for (const status of ['waiting', 'scanned'] as const) {
      void bridge['payments.history']({ status, limit: 20 }).then((result) => {
        if (current && result.ok) for (const view of result.value.items) applyOpen(view);
      });
    }
    return () => {
      current = false;
    };
  }, [bridge, applyOpen]);

  // The sign-in screen stands in front of a payment's own screen: it is not shown then.
  const onShow = actions && screen.name === 'payment' ? screen.referenceId : null;
  // A register's sale waiting for the cashier to be free has its own banner (HeldRegisterSaleBanner).
  const held = useHeldRegisterSaleStore((state) => state.held?.referenceId ?? null);
  // A charge of this window on its way: the order it just opened is about to take the screen, and a banner
  // rendered for it now would only delay its QR (and flash). A real stray is raised once the answer is in.
  const charging = usePaymentStore((state) => state.charging > 0);
  const openedWhileCharging = useOpenPaymentsStore((state) => state.openedWhileCharging);
  const stray = [...open.values()].find(
    (view) =>
      view.referenceId !== onShow &&
      view.referenceId !== held &&
      !(charging && openedWhileCharging.has(view.referenceId)),
  );
  const outcome = <OpenPaymentOutcome actions={actions} />;
  if (!stray) return outcome;

  const cancel = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['payments.cancel']({ referenceId: stray.referenceId });
    setBusy(false);
    if (result.ok) applyOpen(result.value);
    else {
      setError(result.error);
      const fresh = await bridge['payments.get']({ referenceId: stray.referenceId });
      if (fresh.ok) applyOpen(fresh.value.payment);
    }
  };

  return (
    <>
      {outcome}
      <div
        className="open-payment-banner"
        role="alert"
        data-testid="open-payment-banner"
        data-reference-id={stray.referenceId}
      >
        <p>{t('openPayment.banner', { amount: money(stray.amount, locale), reference: stray.referenceId })}</p>
        {actions && (
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                show(stray);
                navigate({ name: 'payment', referenceId: stray.referenceId });
              }}
              data-testid="open-payment-show-qr"
            >
              {t('openPayment.showQr')}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => void cancel()}
              disabled={busy}
              data-testid="open-payment-cancel"
            >
              {t('openPayment.cancel')}
            </button>
            <ErrorText error={error} testId="open-payment-error" />
          </>
        )}
      </div>
    </>
  );
}
