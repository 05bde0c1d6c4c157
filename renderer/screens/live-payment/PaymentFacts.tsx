import type { PaymentView } from '../../../shared/payments.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { FromRegister } from '../../components/FromRegister.tsx';
import { minutesSeconds } from '../../components/format.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { isProvisional } from '../../stores/pending-charge.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { LastChecked } from './LastChecked.tsx';
import type { LivePayment } from './use-live-payment.ts';

// The cashier's facts beside the QR or the result: the amount, the live status, the countdown, what the till knows
// while the outcome is not known yet, and Cancel / Leave.

/** The outcome is not known yet (an answer was lost, the provider is not answering). */
export function isUnsettled(view: PaymentView): boolean {
  return view.displayStatus === 'checking' || view.displayStatus === 'sending';
}

export function PaymentFacts({
  view,
  payment,
  onDismiss,
}: {
  view: PaymentView;
  payment: LivePayment;
  onDismiss: () => void;
}) {
  const t = useT();
  const merchantName = useTerminal().merchantName;
  const unsettled = isUnsettled(view);
  const providerDown = useAppStore((state) => state.status?.providerReachable === false);
  // One plain message while the provider is not answering, or once this attempt is being cancelled: the lines
  // below do not repeat that a lookup got no answer.
  const outageShown = unsettled && providerDown && !view.cancelRequested;
  const saidPlainly = outageShown || (unsettled && view.cancelRequested);
  return (
    <div className="payment-facts">
      <p className="payment-merchant">{merchantName}</p>
      <p
        id="payment-amount"
        className="payment-amount"
        data-testid="payment-amount"
        data-amount-minor={view.amount.amountMinor}
      >
        {payment.amount}
      </p>
      {view.fromRegister && <FromRegister origin={view.fromRegister} />}
      <p
        className={`payment-status status-${view.displayStatus}`}
        role="status"
        aria-live="polite"
        data-testid="payment-status"
        data-status={view.displayStatus}
      >
        {t(`display.${view.displayStatus}`)}
      </p>
      {/* Once the customer confirmed, the QR's expiry no longer matters: a clock running out would only alarm. */}
      {(view.displayStatus === 'waiting' || view.displayStatus === 'scanned') && view.expiresAt && (
        <Countdown expiresAt={view.expiresAt} />
      )}
      {outageShown && (
        <p className="payment-outage" role="alert" data-testid="payment-outage">
          {t('payment.outage')}
        </p>
      )}
      {unsettled && view.cancelRequested && (
        <p className="explain" data-testid="payment-cancel-requested">
          {t('payment.cancelAttemptRequested')}
        </p>
      )}
      {!payment.final && (
        <LastChecked referenceId={isProvisional(view) ? null : view.referenceId} noAnswerSaid={saidPlainly} />
      )}
      {view.displayStatus === 'checking' && <CheckingExplain view={view} saidPlainly={saidPlainly} />}
      {view.note && <p className="payment-note">{view.note}</p>}
      <ErrorText error={payment.error} testId="payment-error" />
      {/* Nothing to cancel or leave before the charge is answered (a moment: the answer is on its way). */}
      {!isProvisional(view) && <PaymentActions view={view} payment={payment} onDismiss={onDismiss} />}
    </div>
  );
}

function CheckingExplain({ view, saidPlainly }: { view: PaymentView; saidPlainly: boolean | undefined }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      {/* What the till ran into (the provider answering 503, the network down…), so the cashier can tell the customer. */}
      {/* A lookup that got no answer is what the outage line already says; other reasons (sending it again…) are news. */}
      {view.unresolvedReason && !(saidPlainly && view.unresolvedReason.key === 'unresolved.checking') && (
        <p className="explain checking-reason" data-testid="payment-checking-reason">
          {noticeText(view.unresolvedReason, locale)}
        </p>
      )}
      {/* "Not known yet" would contradict the cancel's "nothing will be charged". */}
      {!view.cancelRequested && <p className="explain">{t('payment.checkingExplain')}</p>}
    </>
  );
}

function PaymentActions({
  view,
  payment,
  onDismiss,
}: {
  view: PaymentView;
  payment: LivePayment;
  onDismiss: () => void;
}) {
  const t = useT();
  const unsettled = isUnsettled(view);
  const { cancelling } = payment;
  return (
    <div className="payment-actions">
      {view.canCancel && !unsettled && (
        <button
          type="button"
          className="button button-danger button-large"
          onClick={() => void payment.cancel()}
          disabled={cancelling}
          data-testid="cancel-payment"
        >
          {cancelling ? t('payment.cancelling') : t('payment.cancel')}
        </button>
      )}
      {/* Whatever the provider may have: the cancel is written ahead and sent once it answers. */}
      {view.canCancel && unsettled && (
        <button
          type="button"
          className="button button-danger button-large"
          onClick={() => void payment.cancel()}
          disabled={cancelling}
          data-testid="cancel-attempt"
        >
          {cancelling ? t('payment.cancelling') : t('payment.cancelAttempt')}
        </button>
      )}
      {unsettled && (
        <button type="button" className="button button-secondary" onClick={onDismiss} data-testid="leave-payment">
          {t('payment.leave')}
        </button>
      )}
    </div>
  );
}

function Countdown({ expiresAt }: { expiresAt: string }) {
  const t = useT();
  const now = useNow(250);
  const secondsLeft = (Date.parse(expiresAt) - now) / 1000;
  if (Number.isNaN(secondsLeft)) return null;
  return (
    <p
      className={`countdown${secondsLeft < 30 ? ' countdown-low' : ''}`}
      data-testid="payment-countdown"
      aria-live="off"
    >
      {secondsLeft > 0 ? t('payment.expiresIn', { time: minutesSeconds(secondsLeft) }) : t('payment.expired')}
    </p>
  );
}
