import { TakenElsewhereMark } from '../../components/TakenElsewhereMark.tsx';
import { useCallback, useEffect, useState } from 'react';
import type { PaymentDetail } from '../../../shared/domain.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { dateTime, money } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { failureOf, useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { JournalEvents } from './JournalEvents.tsx';
import { RefundsTable } from './RefundsTable.tsx';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { StaffFacts } from './StaffFacts.tsx';

// One payment: amount, status and its history, provider order id, payment type, refunds, and only the
// actions its state allows (the core decides canCancel / canRefund; the clerk need not know the rules).

export function PaymentDetailScreen({ referenceId }: { referenceId: string }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const navigate = useAppStore((state) => state.navigate);
  const showPayment = usePaymentStore((state) => state.show);
  const [detail, setDetail] = useState<PaymentDetail | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (): Promise<void> =>
      bridge['payments.get']({ referenceId }).then((result) => {
        if (result.ok) setDetail(result.value);
        else setError(result.error);
      }),
    [bridge, referenceId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  useBridgeEvent('payment.updated', (view) => {
    if (view.referenceId === referenceId) void load();
  });
  useBridgeEvent('refund.updated', (refund) => {
    if (refund.referenceId === referenceId) void load();
  });

  // Esc backs out to the list, as the back link does.
  useKeyDown((event) => {
    if (event.key !== 'Escape' || isTypingTarget(event.target)) return;
    event.preventDefault();
    navigate({ name: 'payments' });
  });

  const act = async (action: 'cancel' | 'checkNow'): Promise<void> => {
    setBusy(true);
    setError(null);
    const result =
      action === 'cancel'
        ? await bridge['payments.cancel']({ referenceId })
        : await bridge['payments.checkNow']({ referenceId });
    setBusy(false);
    if (!result.ok) setError(result.error);
    await load();
  };

  const payment = detail?.payment;
  return (
    <section className="screen detail-screen" aria-labelledby="detail-title" data-testid="payment-detail">
      <button
        type="button"
        className="link-button"
        onClick={() => navigate({ name: 'payments' })}
        data-testid="detail-back"
      >
        ← {t('detail.back')} <kbd aria-hidden="true">Esc</kbd>
      </button>
      <h1 id="detail-title" tabIndex={-1} className="screen-title">
        {t('detail.title', { reference: referenceId })}
      </h1>
      {payment && <TakenElsewhereMark payment={payment} testId="detail-origin" explain="line" />}
      <ErrorText error={error} testId="detail-error" />
      {!detail || !payment ? (
        !error && <p>{t('common.loading')}</p>
      ) : (
        <>
          <dl className="facts">
            <dt>{t('detail.amount')}</dt>
            <dd data-testid="detail-amount">{money(payment.amount, locale)}</dd>
            <dt>{t('detail.status')}</dt>
            <dd>
              <PaymentStatusBadge payment={payment} testId="detail-status" />
            </dd>
            <dt>{t('payment.providerOrderId')}</dt>
            <dd data-testid="detail-provider-order-id">{payment.providerOrderId ?? '—'}</dd>
            <dt>{t('detail.paymentType')}</dt>
            <dd data-testid="detail-payment-type">
              {payment.paymentType ? t(`paymentType.${payment.paymentType}`) : '—'}
            </dd>
            <dt>{t('payments.colMethod')}</dt>
            <dd>{t(`method.${payment.method ?? 'unknown'}`)}</dd>
            {payment.fromRegister && (
              <>
                <dt>{t('detail.fromRegister')}</dt>
                <dd data-testid="detail-from-register">{payment.fromRegister.keyName}</dd>
                {payment.fromRegister.orderReference && (
                  <>
                    <dt>{t('detail.registerOrderReference')}</dt>
                    <dd data-testid="detail-register-order-reference">{payment.fromRegister.orderReference}</dd>
                  </>
                )}
              </>
            )}
            <dt>{t('detail.refunded')}</dt>
            <dd data-testid="detail-refunded">{money(payment.refunded, locale)}</dd>
            {payment.refundedElsewhere && payment.refundedElsewhere.amountMinor > 0 && (
              <>
                <dt>{t('detail.refundedElsewhere')}</dt>
                <dd data-testid="detail-refunded-elsewhere">{money(payment.refundedElsewhere, locale)}</dd>
              </>
            )}
            <dt>{t('detail.refundable')}</dt>
            <dd data-testid="detail-refundable">{money(payment.refundable, locale)}</dd>
            <dt>{t('detail.created')}</dt>
            <dd>{dateTime(payment.createdAt, locale)}</dd>
            <StaffFacts payment={payment} />
            {payment.note && (
              <>
                <dt>{t('detail.note')}</dt>
                <dd>{payment.note}</dd>
              </>
            )}
            {payment.failureReason && (
              <>
                <dt>{t('detail.colReason')}</dt>
                <dd>{failureOf(payment, t, locale)}</dd>
              </>
            )}
            {payment.unresolvedReason && (
              <>
                <dt>{t('unresolved.reason')}</dt>
                <dd>{noticeText(payment.unresolvedReason, locale)}</dd>
              </>
            )}
          </dl>
          <div className="actions">
            {/* A QR a customer could still pay: back on the payment screen, where it is shown large. */}
            {(payment.displayStatus === 'waiting' || payment.displayStatus === 'scanned') && payment.qrPayload && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  showPayment(payment);
                  navigate({ name: 'payment', referenceId });
                }}
                data-testid="detail-show-qr"
              >
                {t('detail.showQr')}
              </button>
            )}
            {payment.canCancel && (
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void act('cancel')}
                data-testid="detail-cancel"
              >
                {t('payment.cancel')}
              </button>
            )}
            {payment.canRefund && (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => navigate({ name: 'refund', referenceId })}
                data-testid="detail-refund"
              >
                {t('detail.refund')}
              </button>
            )}
            {/* A paid one too: it may have been refunded elsewhere since (merchant portal, another till). */}
            {(payment.state === 'sending' ||
              payment.state === 'checking' ||
              payment.state === 'active' ||
              payment.displayStatus === 'paid') && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void act('checkNow')}
                data-testid="detail-check-now"
              >
                {t('detail.checkNow')}
              </button>
            )}
            {(payment.displayStatus === 'paid' || payment.displayStatus === 'refunded') && (
              <PrintReceiptButton
                referenceId={referenceId}
                kind="receipt"
                label="receipt.reprint"
                testId="detail-reprint"
              />
            )}
            {detail.refunds.length > 0 && (
              <PrintReceiptButton
                referenceId={referenceId}
                kind="refund-slip"
                label="receipt.printRefundSlip"
                testId="detail-print-refund-slip"
              />
            )}
          </div>
          <h2>{t('detail.history')}</h2>
          <table className="data-table" data-testid="detail-history">
            <thead>
              <tr>
                <th scope="col">{t('detail.colAt')}</th>
                <th scope="col">{t('detail.colStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.history.map((change, index) => (
                <tr key={`${change.at}-${index}`}>
                  <td>{dateTime(change.at, locale)}</td>
                  <td>{t(`display.${change.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('detail.refunds')}</h2>
          <RefundsTable refunds={detail.refunds} />
          <details className="journal">
            <summary>{t('detail.journal')}</summary>
            <JournalEvents events={detail.events} />
          </details>
        </>
      )}
    </section>
  );
}
