import { useEffect, useEffectEvent, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import { CUSTOMER_WORDS } from '../../components/customer-words.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { outcomeOf } from '../../components/format.ts';
import { QrCanvas } from '../../components/QrCanvas.tsx';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { WalkAwayBanner } from '../../components/WalkAwayBanner.tsx';
import { useKeyDown } from '../../hooks/use-key.ts';
import { SHORT_DISPLAY, useMediaQuery } from '../../hooks/use-media-query.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useWalkAway } from '../../hooks/use-walk-away.ts';
import { useT } from '../../i18n/i18n.tsx';
import { isProvisional } from '../../stores/pending-charge.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { useOnScreen } from './use-on-screen.ts';
import { useLivePayment, type LivePayment } from './use-live-payment.ts';

// The payment as a kiosk customer sees it: "Scan to pay", the amount and a big QR in the middle, what to do
// next in their words, and a Cancel. No staff facts (references, provider ids, checking reasons). A customer
// who walks away is asked "Still there?"; if nobody answers, the unpaid QR is cancelled through the core's
// write-ahead cancel before the kiosk rests again, so the next customer can never pay it.

/** The "Still there?" prompt shows for the last part of the unpaid time (a third of it, at most 15 s). */
const MAX_WARN_MS = 15_000;
/** A kiosk must always return to rest for the next customer, even if the setting says "until dismissed". */
const KIOSK_RESULT_SECONDS = 8;

export function KioskPayment({ view }: { view: PaymentView }) {
  const terminal = useTerminal();
  // A kiosk sounds whatever the settings say: it is its own payment screen, as the cashier's is.
  const payment = useLivePayment(view, 'kiosk');
  const { final, outcome } = payment;
  // The customer is looking at it: the core looks it up first, until it is final. (How long ago it was checked
  // is a staff fact; only the mark is wanted here.)
  useOnScreen('payment', final || isProvisional(view) ? null : view.referenceId);
  const backToStart = (): void => payment.leave({ name: 'sale' });

  useKeyDown((event) => {
    if (event.key === 'Escape' && !final && view.canCancel) {
      event.preventDefault();
      void payment.cancel();
    } else if ((event.key === 'Enter' || event.key === 'Escape') && final) {
      event.preventDefault();
      backToStart();
    }
  });

  return (
    <section
      className={`screen payment-screen kiosk-payment outcome-${outcome}`}
      aria-labelledby="kiosk-payment-title"
      data-testid="payment-screen"
      data-reference-id={isProvisional(view) ? undefined : view.referenceId}
    >
      {final ? (
        <KioskResult
          view={view}
          amount={payment.amount}
          onDone={backToStart}
          dismissSeconds={terminal.settings.resultDismissSeconds}
        />
      ) : (
        <KioskWaiting view={view} payment={payment} onWalkedAway={backToStart} />
      )}
    </section>
  );
}

/** Until the payment is final: the QR (or a moment's wait), its status in the customer's words, and Cancel. */
function KioskWaiting({
  view,
  payment,
  onWalkedAway,
}: {
  view: PaymentView;
  payment: LivePayment;
  onWalkedAway: () => void;
}) {
  const t = useT();
  const { amount, cancelling } = payment;
  // Only a QR nobody has scanned yet is the walk-away case: once scanned, the customer is acting in their app.
  const unpaidMs = useTerminal().settings.kioskUnpaidCancelSeconds * 1000;
  const walkAway = useWalkAway({
    enabled: view.displayStatus === 'waiting' && view.canCancel && !cancelling,
    idleMs: unpaidMs,
    warnMs: Math.min(MAX_WARN_MS, unpaidMs / 3),
    onWalkAway: () => {
      void payment.cancel().then((cancelled) => {
        if (cancelled) onWalkedAway();
      });
    },
  });
  return (
    <>
      <div className="kiosk-payment-head">
        <h1 id="kiosk-payment-title" tabIndex={-1} className="kiosk-payment-title">
          {view.qrPayload ? t('customer.scanToPay') : t('customer.oneMoment')}
        </h1>
        <p className="kiosk-payment-amount" data-testid="payment-amount" data-amount-minor={view.amount.amountMinor}>
          {amount}
        </p>
      </div>
      {view.qrPayload && <KioskQr payload={view.qrPayload} label={t('payment.qrLabel', { amount })} />}
      <p
        className={`kiosk-payment-status status-${view.displayStatus}`}
        role="status"
        aria-live="polite"
        data-testid="payment-status"
        data-status={view.displayStatus}
      >
        {t(CUSTOMER_WORDS[view.displayStatus])}
      </p>
      <WalkAwayBanner walkAway={walkAway} question="kiosk.stillThereQr" />
      <ErrorText error={payment.error} testId="payment-error" />
      {view.canCancel && (
        <button
          type="button"
          className="button button-secondary button-large kiosk-cancel"
          onClick={() => void payment.cancel()}
          disabled={cancelling}
          data-testid="cancel-payment"
        >
          {cancelling ? t('payment.cancelling') : t('kiosk.cancel')}
        </button>
      )}
    </>
  );
}

/** As big as the screen allows with the amount above and the status and Cancel below. */
function KioskQr({ payload, label }: { payload: string; label: string }) {
  const short = useMediaQuery(SHORT_DISPLAY);
  const tall = useMediaQuery('(min-height: 1000px)');
  const size = short ? 220 : tall ? 560 : 400;
  return (
    <div className="kiosk-qr">
      <QrCanvas payload={payload} minCssPx={size} label={label} testId="payment-qr" />
    </div>
  );
}

function KioskResult({
  view,
  amount,
  onDone,
  dismissSeconds,
}: {
  view: PaymentView;
  amount: string;
  onDone: () => void;
  dismissSeconds: number;
}) {
  const t = useT();
  const outcome = outcomeOf(view.displayStatus);
  const printWhenPaid = useTerminal().settings.printReceiptWhenPaid;
  const seconds = dismissSeconds > 0 ? dismissSeconds : KIOSK_RESULT_SECONDS;
  const [shownAt] = useState(() => Date.now());
  const now = useNow(500);
  const left = Math.ceil(seconds - (now - shownAt) / 1000);
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const paid = view.displayStatus === 'paid';
  return (
    <div className={`payment-result result-${outcome}`} data-testid="payment-result" data-outcome={outcome}>
      <p className="result-icon" aria-hidden="true">
        {outcome === 'success' ? '✓' : outcome === 'failure' ? '✕' : '–'}
      </p>
      <h1 id="kiosk-payment-title" tabIndex={-1} className="result-headline">
        {paid ? t('kiosk.paid') : t(CUSTOMER_WORDS[view.displayStatus])}
      </h1>
      {paid && <p className="kiosk-result-amount">{amount}</p>}
      {/* "Time ran out" and "cancelled" already say nothing was charged; a refusal says it here. */}
      {outcome === 'failure' && view.displayStatus !== 'expired' && (
        <p className="kiosk-result-amount">{t('kiosk.nothingCharged')}</p>
      )}
      <div className="result-actions">
        {paid && (
          <PrintReceiptButton
            referenceId={view.referenceId}
            kind="receipt"
            label="receipt.print"
            testId="print-receipt"
            printOnShow={printWhenPaid}
          />
        )}
        <button
          type="button"
          className="button button-primary button-large"
          onClick={onDone}
          data-testid="dismiss-result"
        >
          {t('kiosk.done')}
        </button>
      </div>
      {left > 0 && <p className="hint">{t('kiosk.resetIn', { seconds: left })}</p>}
    </div>
  );
}
