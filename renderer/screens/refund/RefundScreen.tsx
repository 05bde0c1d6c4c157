import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentDetail } from '../../../shared/domain.ts';
import { isReceiptReference } from '../../../shared/receipt-reference.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { CameraPanel } from '../../components/CameraPanel.tsx';
import { LookupForm } from '../../components/LookupForm.tsx';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { RefundsTable } from '../payments/RefundsTable.tsx';
import { findPayment } from './find-payment.ts';
import { RefundForm, refundOutcomeOf } from './RefundForm.tsx';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { TakenElsewhereMark } from '../../components/TakenElsewhereMark.tsx';
import { dateTime, money } from '../../components/format.ts';

// Journey 4: scan the receipt (USB scanner, or the camera when Settings choose it; or type the reference) →
// the order, what was refunded, what is refundable now → amount (defaults to the rest), reason, supervisor
// PIN → result and the new refundable amount.

export function RefundScreen({ referenceId }: { referenceId?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [query, setQuery] = useState(referenceId ?? '');
  const [detail, setDetail] = useState<PaymentDetail | null>(null);
  const [lookupError, setLookupError] = useState<AppError | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  // The refund this screen just made: the screen then shows its outcome and the slip, not a fresh form.
  const [made, setMade] = useState<{ readonly refundId: string | null } | null>(null);
  const lookupRef = useRef<HTMLInputElement>(null);
  const { settings } = useTerminal();
  // The code the camera last had looked up. A receipt held up to the camera is read many times a second (and
  // reported again every few seconds): it is looked up once, and while it is being looked up and after, the
  // same code is ignored, so the payment on screen (a form half filled, a refund just made) stays. Another
  // code, a scan, a typed reference or starting over takes it back.
  const cameraCode = useRef<string | null>(null);
  const [cameraRefused, setCameraRefused] = useState(false);

  const lookUp = useCallback(
    (text: string): Promise<void> =>
      findPayment(bridge, text).then((result) => {
        setDetail('found' in result ? result.found : null);
        setLookupError('error' in result ? result.error : null);
        setNotFound('notFound' in result ? text.trim() : null);
      }),
    [bridge],
  );
  const find = (text: string): Promise<void> => {
    setMade(null);
    setCameraRefused(false);
    return lookUp(text);
  };

  const findFromCamera = (code: string): void => {
    if (code === cameraCode.current) return;
    cameraCode.current = code;
    // Not a receipt of ours (a customer's wallet code, a product's QR): said at once, nothing is looked up.
    if (!isReceiptReference(code)) {
      setCameraRefused(true);
      return;
    }
    setQuery(code);
    void find(code);
  };

  useEffect(() => {
    if (referenceId) void lookUp(referenceId);
  }, [referenceId, lookUp]);

  useScanHandler((scan) => {
    cameraCode.current = null;
    setQuery(scan.code);
    void find(scan.code);
  });

  // Keep the numbers honest while the screen is open (a refund confirmed late, another till refunding).
  const shownReference = detail?.payment.referenceId;
  const reload = async (): Promise<void> => {
    if (!shownReference) return;
    const fresh = await bridge['payments.get']({ referenceId: shownReference });
    if (fresh.ok) setDetail(fresh.value);
  };
  useBridgeEvent('refund.updated', (refund) => {
    if (refund.referenceId === shownReference) void reload();
  });
  useBridgeEvent('payment.updated', (view) => {
    if (view.referenceId === shownReference) void reload();
  });

  // Back to an empty lookup, ready for the next receipt.
  const startOver = (): void => {
    setDetail(null);
    setMade(null);
    setNotFound(null);
    setLookupError(null);
    setCameraRefused(false);
    cameraCode.current = null;
    setQuery('');
    lookupRef.current?.focus();
  };

  // Esc backs out: to the payment's detail when the refund was started there, else to an empty lookup.
  const navigate = useAppStore((state) => state.navigate);
  useKeyDown((event) => {
    if (event.key !== 'Escape' || isTypingTarget(event.target)) return;
    event.preventDefault();
    if (referenceId) {
      navigate({ name: 'payment-detail', referenceId });
      return;
    }
    startOver();
  });

  const payment = detail?.payment;
  // Derived from the payment as it is now, so the banner follows the refund's real state.
  const outcome = made && detail ? refundOutcomeOf(detail, made.refundId, t, locale) : null;
  return (
    <section className="screen refund-screen" aria-labelledby="refund-title" data-testid="refund-screen">
      <h1 id="refund-title" tabIndex={-1} className="screen-title">
        {t('refund.title')}
      </h1>
      <div className="refund-lookup">
        <div className="refund-lookup-form">
          <LookupForm
            name="refund"
            label={t('refund.lookupLabel')}
            findLabel={t('refund.find')}
            hint={t(settings.refundCamera ? 'refund.lookupHintCamera' : 'refund.lookupHint')}
            maxLength={64}
            query={query}
            onQueryChange={setQuery}
            onFind={(text) => {
              cameraCode.current = null;
              void find(text);
            }}
            error={lookupError}
            notFound={notFound === null ? null : t('refund.notFound', { query: notFound })}
            inputRef={lookupRef}
          />
          {cameraRefused && (
            <p className="error-text" role="alert" data-testid="refund-camera-refused">
              {t('refund.cameraNotReceipt')}
            </p>
          )}
        </div>
        {settings.refundCamera && (
          <CameraPanel className="camera-panel-receipt" deviceId={settings.cameraDeviceId} onCode={findFromCamera} />
        )}
      </div>
      {payment && detail && (
        <div className="refund-layout">
          <div className="refund-order">
            <h2 data-testid="refund-reference">{payment.referenceId}</h2>
            <TakenElsewhereMark payment={payment} testId="refund-origin" explain="line" />
            <dl className="facts">
              <dt>{t('refund.paid')}</dt>
              <dd data-testid="refund-paid">{money(payment.amount, locale)}</dd>
              <dt>{t('refund.refundedSoFar')}</dt>
              <dd data-testid="refund-refunded">{money(payment.refunded, locale)}</dd>
              <dt>{t('refund.refundableNow')}</dt>
              <dd data-testid="refund-refundable" data-amount-minor={payment.refundable.amountMinor}>
                {money(payment.refundable, locale)}
              </dd>
              <dt>{t('detail.status')}</dt>
              <dd>
                <PaymentStatusBadge payment={payment} testId="refund-status" />
              </dd>
              <dt>{t('payments.colMethod')}</dt>
              <dd data-testid="refund-method">{payment.method ? t(`method.${payment.method}`) : '—'}</dd>
              <dt>{t('detail.paymentType')}</dt>
              <dd data-testid="refund-payment-type">
                {payment.paymentType ? t(`paymentType.${payment.paymentType}`) : '—'}
              </dd>
              {payment.note && (
                <>
                  <dt>{t('detail.note')}</dt>
                  <dd data-testid="refund-note">{payment.note}</dd>
                </>
              )}
              <dt>{t('payment.providerOrderId')}</dt>
              <dd>{payment.providerOrderId ?? '—'}</dd>
              <dt>{t('detail.created')}</dt>
              <dd data-testid="refund-created">{dateTime(payment.createdAt, locale)}</dd>
            </dl>
            <RefundsTable refunds={detail.refunds} />
          </div>
          {made ? (
            <div className="refund-done" data-testid="refund-done">
              {outcome && (
                <p
                  className={`refund-outcome outcome-${outcome.tone}`}
                  role="status"
                  data-testid="refund-result"
                  data-tone={outcome.tone}
                >
                  {outcome.text}
                </p>
              )}
              {outcome?.approvedBy && (
                <p className="refund-approved-by" data-testid="refund-approved-by">
                  {outcome.approvedBy}
                </p>
              )}
              {detail.refunds.length > 0 && (
                <PrintReceiptButton
                  referenceId={payment.referenceId}
                  kind="refund-slip"
                  label="receipt.printRefundSlip"
                  testId="refund-print-slip"
                />
              )}
              <div className="actions">
                <button
                  type="button"
                  className="button button-primary"
                  onClick={startOver}
                  data-testid="refund-new-lookup"
                >
                  {t('refund.newLookup')}
                </button>
                {payment.canRefund && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setMade(null)}
                    data-testid="refund-more"
                  >
                    {t('refund.more')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => navigate({ name: 'payment-detail', referenceId: payment.referenceId })}
                  data-testid="refund-back-to-payment"
                >
                  {t('refund.backToPayment')}
                </button>
              </div>
            </div>
          ) : (
            // One form per payment, kept while the payment's numbers move under it: a refund is recorded (nothing
            // refundable while it is in flight) and then refused, and the screen reloads on both, yet the
            // clerk must still read why it was refused, and what was typed stays. A fresh form (amount = the
            // rest) comes with "Refund more of this payment" or another payment.
            <RefundForm
              key={payment.referenceId}
              payment={payment}
              onDone={(updated, refundId) => {
                setDetail(updated);
                setMade({ refundId });
              }}
              onCancelled={(updated) => setDetail(updated)}
            />
          )}
        </div>
      )}
    </section>
  );
}
