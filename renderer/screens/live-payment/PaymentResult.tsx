import { useEffect, useEffectEvent, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import { FromRegister } from '../../components/FromRegister.tsx';
import { money, outcomeOf } from '../../components/format.ts';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { failureOf, useLocale, useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { ChargeAgain, ResultActions } from './ResultActions.tsx';

// The cashier's result of a payment: its colour and headline, why it failed, its references, the receipt, and
// what comes next — until dismissed or the configured timeout.

export function PaymentResult({
  view,
  onDismiss,
  dismissSeconds,
  kiosk,
}: {
  view: PaymentView;
  onDismiss: () => void;
  dismissSeconds: number;
  kiosk: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const outcome = outcomeOf(view.displayStatus);
  const amount = money(view.amount, locale);
  const failure = failureOf(view, t, locale);
  const printWhenPaid = useTerminal().settings.printReceiptWhenPaid;
  // A kiosk must always reset for the next customer, even if the setting says "until dismissed". At the
  // counter a failure stays until the cashier chose what to do (try again, other method, done).
  // A register's sale is the register's to start again: the till shows its end and moves on.
  const keepsTheSale = !kiosk && outcome === 'failure' && !view.fromRegister;
  const seconds = keepsTheSale ? 0 : dismissSeconds > 0 ? dismissSeconds : kiosk ? 8 : 0;
  const [shownAt] = useState(() => Date.now());
  const now = useNow(500);
  const left = seconds > 0 ? Math.ceil(seconds - (now - shownAt) / 1000) : null;
  const dismissNow = useEffectEvent(onDismiss);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => dismissNow(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const headline =
    view.displayStatus === 'paid'
      ? t('payment.paidAmount', { amount })
      : outcome === 'failure'
        ? t('payment.failedAmount', { amount })
        : t(`display.${view.displayStatus}`);
  return (
    <div className={`payment-result result-${outcome}`} data-testid="payment-result" data-outcome={outcome}>
      <p className="result-icon" aria-hidden="true">
        {outcome === 'success' ? '✓' : outcome === 'failure' ? '✕' : '–'}
      </p>
      <p className="result-headline">{headline}</p>
      {view.fromRegister && <FromRegister origin={view.fromRegister} testId="result-from-register" />}
      {failure && <p className="result-reason">{t('payment.reason', { reason: failure })}</p>}
      {view.displayStatus === 'not-sent' && <p className="result-reason">{t('payment.notSentExplain')}</p>}
      {view.displayStatus === 'expired' && !view.failureReason && (
        <p className="result-reason">{t('payment.expiredExplain')}</p>
      )}
      {view.displayStatus === 'cancelled' && <p className="result-reason">{t('payment.cancelledExplain')}</p>}
      <dl className="result-facts">
        {view.providerOrderId && (
          <>
            <dt>{t('payment.providerOrderId')}</dt>
            <dd data-testid="payment-provider-order-id">{view.providerOrderId}</dd>
          </>
        )}
        <dt>{t('payment.reference')}</dt>
        <dd data-testid="payment-reference">{view.referenceId}</dd>
        {view.note && (
          <>
            <dt>{t('payment.noteLabel')}</dt>
            <dd data-testid="payment-result-note">{view.note}</dd>
          </>
        )}
      </dl>
      <div className="result-actions">
        {view.displayStatus === 'paid' && (
          <PrintReceiptButton
            referenceId={view.referenceId}
            kind="receipt"
            label="receipt.print"
            testId="print-receipt"
            printOnShow={printWhenPaid}
          />
        )}
        {keepsTheSale ? (
          <ResultActions view={view} onDone={onDismiss} />
        ) : (
          <button
            type="button"
            className="button button-primary button-large"
            onClick={onDismiss}
            data-testid="dismiss-result"
          >
            {kiosk ? t('kiosk.done') : t('payment.newSale')}
          </button>
        )}
        {view.displayStatus === 'cancelled' && !kiosk && !view.fromRegister && <ChargeAgain view={view} />}
      </div>
      {left !== null && left > 0 && (
        <p className="hint">
          {kiosk ? t('kiosk.resetIn', { seconds: left }) : t('payment.autoDismiss', { seconds: left })}
        </p>
      )}
    </div>
  );
}
