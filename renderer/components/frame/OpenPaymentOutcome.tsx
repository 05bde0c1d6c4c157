import { useEffect } from 'react';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useResultSound } from '../../sound/use-result-sound.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { money, outcomeOf } from '../format.ts';

// An open payment that ended while the cashier was on another screen (the customer paid while they looked up a
// refund): the open-payment banner becomes "Paid S$25.00 ✓ · View" (or not paid, or expired) for SHOWN_MS, with the
// result's sound, in a live region. It used to just vanish, and the cashier never knew.

const SHOWN_MS = 10_000;

/** The region is always there (a status region added with its words is not reliably read out). */
export function OpenPaymentOutcome({ actions }: { actions: boolean }) {
  const t = useT();
  const locale = useLocale();
  const ended = useOpenPaymentsStore((state) => state.ended);
  const forget = useOpenPaymentsStore((state) => state.forget);
  const screen = useAppStore((state) => state.screen);
  const navigate = useAppStore((state) => state.navigate);
  const show = usePaymentStore((state) => state.show);
  const onShow = actions && screen.name === 'payment' ? screen.referenceId : null;
  const view = [...ended.values()].find((candidate) => candidate.referenceId !== onShow) ?? null;
  const outcome = view ? outcomeOf(view.displayStatus) : 'neutral';
  useResultSound(view?.referenceId ?? '', view !== null, outcome);

  const referenceId = view?.referenceId;
  useEffect(() => {
    if (referenceId === undefined) return;
    const timer = setTimeout(() => forget(referenceId), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [referenceId, forget]);
  // Its own screen shows it now: told.
  useEffect(() => {
    if (onShow !== null && ended.has(onShow)) forget(onShow);
  }, [onShow, ended, forget]);

  const amount = view ? money(view.amount, locale) : '';
  const words =
    view?.displayStatus === 'paid'
      ? t('openPayment.paid', { amount })
      : view?.displayStatus === 'expired'
        ? t('openPayment.expired', { amount })
        : t('openPayment.failed', { amount });
  return (
    <div role="status" className="open-payment-outcome-region" data-testid="open-payment-outcome-region">
      {view && (
        <div
          className={`open-payment-banner outcome-${outcome}`}
          data-testid="open-payment-outcome"
          data-reference-id={view.referenceId}
          data-status={view.displayStatus}
        >
          <p>{words}</p>
          {actions && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                forget(view.referenceId);
                show(view);
                navigate({ name: 'payment', referenceId: view.referenceId });
              }}
              data-testid="open-payment-view"
            >
              {t('openPayment.view')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
