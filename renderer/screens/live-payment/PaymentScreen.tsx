import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PaymentView } from '../../../shared/domain.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { FINAL_DISPLAY, minutesSeconds, money, outcomeOf } from '../../components/format.ts';
import { QrCanvas } from '../../components/QrCanvas.tsx';
import { isActivatableTarget, isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { SHORT_DISPLAY, useMediaQuery } from '../../hooks/use-media-query.ts';
import { useNow } from '../../hooks/use-now.ts';
import { failureOf, useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { playSound } from '../../sound/sounds.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { homeScreenOf } from '../../components/frame/Nav.tsx';
import { KioskPayment } from './KioskPayment.tsx';
import { LastChecked } from './LastChecked.tsx';
import { useSaleStore } from '../../stores/sale-store.ts';
import { usePaymentReread } from './use-payment-watch.ts';
import { ResultActions } from './ResultActions.tsx';
import { FromRegister } from '../../components/FromRegister.tsx';

// The payment in progress: our QR (merchant-presented) or the progress of a scanned customer code, the
// live status from payment.updated events, a countdown, Cancel while the order can still be cancelled,
// and then the result — with its own colour and sound — until dismissed or the configured timeout.

export function PaymentScreen({ referenceId }: { referenceId: string }) {
  const t = useT();
  const bridge = useBridge();
  const active = usePaymentStore((state) => state.active);
  const show = usePaymentStore((state) => state.show);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const kiosk = useTerminal().mode === 'kiosk';
  const view = active?.referenceId === referenceId ? active : null;

  // Opened without the charge reply in hand (e.g. from the customer display sync or a reload): read it.
  useEffect(() => {
    if (view) return;
    let current = true;
    void bridge['payments.get']({ referenceId }).then((result) => {
      if (!current) return;
      if (result.ok) show(result.value.payment);
      else setLoadError(result.error);
    });
    return () => {
      current = false;
    };
  }, [bridge, referenceId, view, show]);

  if (!view) {
    return (
      <section className="screen payment-screen" aria-label={t('payment.title')} data-testid="payment-screen">
        {loadError ? <ErrorText error={loadError} testId="payment-error" /> : <p>{t('common.loading')}</p>}
      </section>
    );
  }
  // A kiosk's customer reads this screen: their words, no staff facts.
  return kiosk ? <KioskPayment view={view} /> : <PaymentInProgress view={view} />;
}

function PaymentInProgress({ view }: { view: PaymentView }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const terminal = useTerminal();
  const apply = usePaymentStore((state) => state.apply);
  const clear = usePaymentStore((state) => state.clear);
  const navigate = useAppStore((state) => state.navigate);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const final = FINAL_DISPLAY.has(view.displayStatus);
  const outcome = outcomeOf(view.displayStatus);
  const amount = money(view.amount, locale);
  // The outcome is not known yet (an answer was lost, the provider is not answering).
  const unsettled = view.displayStatus === 'checking' || view.displayStatus === 'sending';
  const providerDown = useAppStore((state) => state.status?.providerReachable === false);
  // One plain message while the provider is not answering, or once this attempt is being cancelled: the lines
  // below do not repeat that a lookup got no answer.
  const outageShown = unsettled && providerDown && !view.cancelRequested;
  const saidPlainly = outageShown || (unsettled && view.cancelRequested);
  usePaymentReread(view, apply);

  // One sound per payment, when its result first shows.
  const soundedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!final || soundedFor.current === view.referenceId) return;
    soundedFor.current = view.referenceId;
    if (outcome === 'success') playSound('success');
    else if (outcome === 'failure') playSound('failure');
  }, [final, outcome, view.referenceId]);

  const dismiss = (): void => {
    clear();
    navigate({ name: homeScreenOf(terminal.mode) === 'refund' ? 'refund' : 'sale' });
  };

  const cancel = async (): Promise<void> => {
    if (cancelling || !view.canCancel) return;
    setCancelling(true);
    setError(null);
    const result = await bridge['payments.cancel']({ referenceId: view.referenceId });
    setCancelling(false);
    if (result.ok) apply(result.value);
    else {
      setError(result.error);
      // The order may have moved on (customer confirmed): show where it really is now.
      const fresh = await bridge['payments.get']({ referenceId: view.referenceId });
      if (fresh.ok) apply(fresh.value.payment);
    }
  };

  useKeyDown((event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (final) dismiss();
      else if (view.canCancel && !unsettled) void cancel();
    } else if (event.key === 'Enter' && final && !isActivatableTarget(event.target)) {
      event.preventDefault();
      dismiss();
    } else if (
      final &&
      /^\d$/.test(event.key) &&
      !event.ctrlKey &&
      !event.altKey &&
      !event.metaKey &&
      !isTypingTarget(event.target)
    ) {
      // The cashier is already keying the next sale: it starts with this digit, from 0.
      event.preventDefault();
      const sale = useSaleStore.getState();
      sale.reset();
      sale.appendDigits(event.key, terminal.settings.amountLimits.maxMinor, event.timeStamp);
      clear();
      navigate({ name: 'sale' });
    }
  });

  const showQr = view.qrPayload !== null && !final;
  // 320 CSS px is scanned from 40 cm; a small till display has no room for it beside the amount, and is
  // scanned from closer.
  const shortDisplay = useMediaQuery(SHORT_DISPLAY);
  // A kiosk customer scans this very screen, often from further away: make it big.
  const qrSize = shortDisplay ? 240 : terminal.mode === 'kiosk' ? 440 : 320;

  return (
    <section
      className={`screen payment-screen outcome-${outcome}`}
      aria-labelledby="payment-amount"
      data-testid="payment-screen"
      data-reference-id={view.referenceId}
    >
      <div className="payment-layout">
        {showQr && (
          <div className="payment-qr-panel">
            <QrCanvas
              payload={view.qrPayload!}
              minCssPx={qrSize}
              label={t('payment.qrLabel', { amount })}
              testId="payment-qr"
            />
            <p className="qr-caption">{t('payment.scanWithApp')}</p>
          </div>
        )}
        {final && (
          <PaymentResult
            view={view}
            onDismiss={dismiss}
            dismissSeconds={terminal.settings.resultDismissSeconds}
            kiosk={terminal.mode === 'kiosk'}
          />
        )}
        <div className="payment-facts">
          <p className="payment-merchant">{terminal.merchantName}</p>
          <p
            id="payment-amount"
            className="payment-amount"
            data-testid="payment-amount"
            data-amount-minor={view.amount.amountMinor}
          >
            {amount}
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
          {!final && <LastChecked referenceId={view.referenceId} noAnswerSaid={saidPlainly} />}
          {view.displayStatus === 'checking' && (
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
          )}
          {view.note && <p className="payment-note">{view.note}</p>}
          <ErrorText error={error} testId="payment-error" />
          <div className="payment-actions">
            {view.canCancel && !unsettled && (
              <button
                type="button"
                className="button button-danger button-large"
                onClick={() => void cancel()}
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
                onClick={() => void cancel()}
                disabled={cancelling}
                data-testid="cancel-attempt"
              >
                {cancelling ? t('payment.cancelling') : t('payment.cancelAttempt')}
              </button>
            )}
            {unsettled && (
              <button type="button" className="button button-secondary" onClick={dismiss} data-testid="leave-payment">
                {t('payment.leave')}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
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

function PaymentResult({
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
      </div>
      {left !== null && left > 0 && (
        <p className="hint">
          {kiosk ? t('kiosk.resetIn', { seconds: left }) : t('payment.autoDismiss', { seconds: left })}
        </p>
      )}
    </div>
  );
}
