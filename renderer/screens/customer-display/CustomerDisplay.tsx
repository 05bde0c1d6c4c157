import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { PaymentOnDisplay } from '../../../shared/payment-screens.ts';
import type { DisplaySettings } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { FINAL_DISPLAY, minutesSeconds, money, outcomeOf } from '../../components/format.ts';
import { QrCanvas } from '../../components/QrCanvas.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useNow } from '../../hooks/use-now.ts';
import { SHORT_DISPLAY, useMediaQuery } from '../../hooks/use-media-query.ts';
import { LocaleProvider, useLocale, useT } from '../../i18n/i18n.tsx';
import { CUSTOMER_WORDS } from '../../components/customer-words.ts';
import { isNewer } from '../../stores/payment-store.ts';
import { useOnScreen } from '../live-payment/use-on-screen.ts';
import { useLargeText } from '../../hooks/use-large-text.ts';
import { useResultSound } from '../../sound/use-result-sound.ts';
import { ApprovalOffer, useApprovalOffer } from './ApprovalOffer.tsx';
import { ConsentOffer, useConsentOffer } from './ConsentOffer.tsx';
import { CustomerLines } from './CustomerLines.tsx';

// The screen facing the customer (second window in Electron, /customer-display in the browser preview):
// idle branding, then the amount, our QR and the live status of the payment on the till, in sync through
// the same payment.updated events the cashier screen gets; the result, then back to idle. It reads only what it
// shows: its own view of the settings (settings.display) and the payment at the counter (payments.onDisplay).

export function CustomerDisplay() {
  const bridge = useBridge();
  const [view, setView] = useState<DisplaySettings | null>(null);

  const readSettings = useCallback(() => {
    void bridge['settings.display']({}).then((result) => result.ok && setView(result.value));
  }, [bridge]);
  useEffect(readSettings, [readSettings]);
  // The event carries the cashier's whole view; the display reads its own again.
  useBridgeEvent('settings.changed', readSettings);

  // The customer-facing language (Settings), which may differ from the cashier's.
  const locale = view?.locale ?? 'en';
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const help = view?.customerHelp;
  useLargeText(help?.largeText ?? false);

  return (
    <LocaleProvider locale={locale}>
      <CustomerScreen
        merchantName={view?.merchantName ?? ''}
        resultSeconds={view?.resultDismissSeconds ?? 8}
        soundOnResult={help?.soundOnResult ?? false}
        demo={view?.demo ?? false}
      />
    </LocaleProvider>
  );
}

function CustomerScreen({
  merchantName,
  resultSeconds,
  soundOnResult,
  demo,
}: {
  merchantName: string;
  resultSeconds: number;
  soundOnResult: boolean;
  /** A demo till says so to the customer too: nobody should think they paid. */
  demo: boolean;
}) {
  const t = useT();
  const bridge = useBridge();
  const [payment, setPayment] = useState<PaymentOnDisplay | null>(null);
  const consent = useConsentOffer();
  const [approval, approvalDone] = useApprovalOffer();

  // Opened (or reloaded) mid-payment: pick up the payment that is still open at the counter.
  useEffect(() => {
    void bridge['payments.onDisplay']({}).then((result) => {
      const open = result.ok ? result.value : null;
      if (open) setPayment((current) => current ?? open);
    });
  }, [bridge]);

  useBridgeEvent('payment.updated', (incoming) => {
    setPayment((current) => {
      if (current && current.referenceId === incoming.referenceId)
        return isNewer(current, incoming) ? current : incoming;
      // A new payment at the counter takes over the display; a late update of an old one does not.
      if (!FINAL_DISPLAY.has(incoming.displayStatus) && (!current || incoming.createdAt >= current.createdAt))
        return incoming;
      return current;
    });
  });

  const final = payment !== null && FINAL_DISPLAY.has(payment.displayStatus);
  const backToIdle = useEffectEvent(() => setPayment(null));
  useEffect(() => {
    if (!final) return;
    const timer = setTimeout(() => backToIdle(), Math.max(3, resultSeconds || 8) * 1000);
    return () => clearTimeout(timer);
  }, [final, resultSeconds, payment?.referenceId]);

  return (
    <main
      className="customer-display"
      data-testid="customer-display"
      data-state={payment ? payment.displayStatus : 'idle'}
    >
      {demo && (
        <p className="demo-banner" role="note" data-testid="customer-demo">
          {t('customer.demo')}
        </p>
      )}
      {payment?.training === true && (
        <p className="demo-banner training-banner" role="note" data-testid="customer-training">
          {t('customer.training')}
        </p>
      )}
      <p className="customer-merchant" data-testid="customer-merchant">
        {merchantName}
      </p>
      {approval !== null ? (
        <ApprovalOffer offer={approval} onDone={approvalDone} />
      ) : consent !== null && payment === null ? (
        <ConsentOffer offer={consent} merchantName={merchantName} />
      ) : payment === null ? (
        <div className="customer-idle" data-testid="customer-idle">
          <img src="./icons/app-icon.svg" alt="" width={160} height={160} />
          <p className="customer-welcome">{t('customer.welcome')}</p>
          <p>{t('customer.idle')}</p>
        </div>
      ) : (
        <CustomerPayment payment={payment} soundOnResult={soundOnResult} />
      )}
    </main>
  );
}

function CustomerPayment({ payment, soundOnResult }: { payment: PaymentOnDisplay; soundOnResult: boolean }) {
  const t = useT();
  // A customer display is a big screen looked at from a step away; a small one still has to fit the QR.
  const shortDisplay = useMediaQuery(SHORT_DISPLAY);
  const qrSize = shortDisplay ? 260 : 480;
  const locale = useLocale();
  const amount = money(payment.amount, locale);
  const final = FINAL_DISPLAY.has(payment.displayStatus);
  const outcome = outcomeOf(payment.displayStatus);
  // The customer is looking at it: the core looks it up first, until it is final.
  useOnScreen('customer-display', final ? null : payment.referenceId);
  // The customer hears it too, when Settings ask for it (the cashier's screen sounds through the same speaker).
  useResultSound(payment.referenceId, final, outcome, soundOnResult);
  return (
    <div className={`customer-payment outcome-${outcome}`}>
      <p className="customer-amount" data-testid="customer-amount" data-amount-minor={payment.amount.amountMinor}>
        {amount}
      </p>
      {/* What the register says is being paid for, while the QR waits. */}
      {!final && payment.lines && payment.lines.length > 0 && (
        <CustomerLines lines={payment.lines} currency={payment.amount.currency} />
      )}
      {/* The status line under it says what to do with it. */}
      {!final && payment.qrPayload && (
        <QrCanvas
          payload={payment.qrPayload}
          minCssPx={qrSize}
          label={t('payment.qrLabel', { amount })}
          testId="customer-qr"
        />
      )}
      {final && (
        <p
          className={`customer-result-icon customer-result-${outcome}`}
          aria-hidden="true"
          data-testid="customer-result-icon"
        >
          {outcome === 'success' ? '✓' : outcome === 'failure' ? '✕' : '–'}
        </p>
      )}
      <p
        className={`customer-status status-${payment.displayStatus}`}
        role="status"
        aria-live="polite"
        data-testid="customer-status"
        data-status={payment.displayStatus}
      >
        {t(CUSTOMER_WORDS[payment.displayStatus])}
      </p>
      {!final && payment.expiresAt && <CustomerCountdown expiresAt={payment.expiresAt} />}
    </div>
  );
}

function CustomerCountdown({ expiresAt }: { expiresAt: string }) {
  const t = useT();
  const now = useNow(500);
  const seconds = (Date.parse(expiresAt) - now) / 1000;
  if (Number.isNaN(seconds) || seconds <= 0) return null;
  return <p className="countdown">{t('payment.expiresIn', { time: minutesSeconds(seconds) })}</p>;
}
