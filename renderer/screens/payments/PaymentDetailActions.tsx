import type { PaymentDetail } from '../../../shared/payments.ts';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';

/** Only the actions the payment's state allows (the core decides canCancel / canRefund). */
export function PaymentDetailActions({
  detail,
  busy,
  act,
}: {
  detail: PaymentDetail;
  busy: boolean;
  act: (action: 'cancel' | 'checkNow') => Promise<void>;
}) {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  const showPayment = usePaymentStore((state) => state.show);
  const { payment } = detail;
  const referenceId = payment.referenceId;
  return (
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
        <PrintReceiptButton referenceId={referenceId} kind="receipt" label="receipt.reprint" testId="detail-reprint" />
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
  );
}
