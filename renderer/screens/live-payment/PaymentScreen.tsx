import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { homeScreenOf } from '../../components/frame/Nav.tsx';
import { QrCanvas } from '../../components/QrCanvas.tsx';
import { isActivatableTarget, isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { SHORT_DISPLAY, useMediaQuery } from '../../hooks/use-media-query.ts';
import { useT } from '../../i18n/i18n.tsx';
import { isProvisional } from '../../stores/pending-charge.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { CancelConfirm, CONFIRM_CANCEL_KEY } from './CancelConfirm.tsx';
import { KioskPayment } from './KioskPayment.tsx';
import { isUnsettled, PaymentFacts } from './PaymentFacts.tsx';
import { PaymentResult } from './PaymentResult.tsx';
import { useLivePayment, type LivePayment } from './use-live-payment.ts';

// The payment in progress: our QR (merchant-presented) or the progress of a scanned customer code, the
// live status from payment.updated events, a countdown, Cancel while the order can still be cancelled,
// and then the result — with its own colour and sound — until dismissed or the configured timeout.

/** referenceId null: this window's charge on its way, shown from the click (pending-charge.ts) until its answer. */
export function PaymentScreen({ referenceId }: { referenceId: string | null }) {
  const t = useT();
  const bridge = useBridge();
  const active = usePaymentStore((state) => state.active);
  const pending = usePaymentStore((state) => state.pending);
  const show = usePaymentStore((state) => state.show);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const kiosk = useTerminal().mode === 'kiosk';
  const view = referenceId === null ? (pending?.view ?? null) : active?.referenceId === referenceId ? active : null;

  // Opened without the charge reply in hand (e.g. from the customer display sync or a reload): read it.
  useEffect(() => {
    if (view || referenceId === null) return;
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
  const terminal = useTerminal();
  const payment = useLivePayment(view);
  const { final, outcome, amount } = payment;
  const dismiss = (): void => payment.leave({ name: homeScreenOf(terminal.mode) === 'refund' ? 'refund' : 'sale' });
  const [asking, setAsking] = useState(false);
  // The question is about a payment that can still be cancelled: once it ended (paid meanwhile), it goes.
  const confirming = asking && !final && view.canCancel && !isUnsettled(view);
  const cancelConfirmed = (): void => {
    void payment.cancel().then(() => setAsking(false));
  };
  useCashierPaymentKeys(view, payment, dismiss, {
    confirming,
    ask: () => setAsking(true),
    keep: () => setAsking(false),
    cancel: cancelConfirmed,
  });

  const showQr = view.qrPayload !== null && !final;
  const provisional = isProvisional(view);
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
      data-reference-id={provisional ? undefined : view.referenceId}
    >
      <div className="payment-layout">
        {/* Before the answer its room is kept, so the QR is drawn into a laid-out screen without moving it. */}
        {(showQr || provisional) && (
          <div className="payment-qr-panel">
            {showQr ? (
              <QrCanvas
                payload={view.qrPayload!}
                minCssPx={qrSize}
                label={t('payment.qrLabel', { amount })}
                testId="payment-qr"
              />
            ) : (
              <div className="qr-canvas" style={{ width: qrSize, height: qrSize }} data-testid="payment-qr-room" />
            )}
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
        <PaymentFacts view={view} payment={payment} onDismiss={dismiss} />
      </div>
      {confirming && (
        <CancelConfirm
          view={view}
          amount={amount}
          cancelling={payment.cancelling}
          onKeep={() => setAsking(false)}
          onCancel={cancelConfirmed}
        />
      )}
    </section>
  );
}

/** Esc's question before a cancel (CancelConfirm): open or not, and its answers. */
interface CancelQuestion {
  readonly confirming: boolean;
  ask(): void;
  keep(): void;
  cancel(): void;
}

/**
 * Esc asks before it cancels (or dismisses the result); while asked, Enter and Esc keep waiting and X cancels.
 * Enter dismisses the result, and a digit on the result starts the next sale with it.
 */
function useCashierPaymentKeys(
  view: PaymentView,
  payment: LivePayment,
  dismiss: () => void,
  question: CancelQuestion,
): void {
  const maxMinor = useTerminal().settings.amountLimits.maxMinor;
  const { final } = payment;
  useKeyDown((event) => {
    if (question.confirming) {
      if (event.key === 'Escape' || (event.key === 'Enter' && !isActivatableTarget(event.target))) {
        event.preventDefault();
        question.keep();
      } else if (event.key.toLowerCase() === CONFIRM_CANCEL_KEY && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        question.cancel();
      }
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      if (final) dismiss();
      else if (view.canCancel && !isUnsettled(view)) question.ask();
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
      sale.appendDigits(event.key, maxMinor, event.timeStamp);
      payment.leave({ name: 'sale' });
    }
  });
}
