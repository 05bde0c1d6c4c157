import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import { CameraPanel } from '../../components/CameraPanel.tsx';
import { LookupForm } from '../../components/LookupForm.tsx';
import { PrintReceiptButton } from '../../components/receipt/PrintReceiptButton.tsx';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { RefundsTable } from '../payments/RefundsTable.tsx';
import { RefundForm, refundOutcomeOf, type RefundOutcome } from './RefundForm.tsx';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { TakenElsewhereMark } from '../../components/TakenElsewhereMark.tsx';
import { dateTime, money } from '../../components/format.ts';
import { NoReceiptSearch } from './NoReceiptSearch.tsx';
import { SaleSearch } from './SaleSearch.tsx';
import { useRefundLookup, type RefundLookup } from './use-refund-lookup.ts';

// Journey 4: scan the receipt (USB scanner, or the camera when Settings choose it; or type the reference) →
// the order, what was refunded, what is refundable now → amount (defaults to the rest), reason, supervisor
// PIN → result and the new refundable amount.

export function RefundScreen({ referenceId }: { referenceId?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const lookup = useRefundLookup(referenceId);
  const { detail, setDetail, made, setMade, startOver } = lookup;

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
      <RefundLookupPanel lookup={lookup} />
      {!detail && !lookup.query && (
        <SaleSearch
          onPick={(picked) => {
            lookup.setQuery(picked);
            lookup.findTyped(picked);
          }}
        />
      )}
      {!detail && (
        <NoReceiptSearch
          onPick={(picked) => {
            lookup.setQuery(picked);
            lookup.findTyped(picked);
          }}
        />
      )}
      {payment && detail && (
        <div className="refund-layout">
          <RefundOrder detail={detail} />
          {made ? (
            <RefundDone detail={detail} outcome={outcome} onStartOver={startOver} onRefundMore={() => setMade(null)} />
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

function RefundLookupPanel({ lookup }: { lookup: RefundLookup }) {
  const t = useT();
  const { settings } = useTerminal();
  const { query, setQuery, lookupError, notFound, lookupRef, cameraRefused } = lookup;
  return (
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
          onFind={lookup.findTyped}
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
        <CameraPanel
          className="camera-panel-receipt"
          deviceId={settings.cameraDeviceId}
          onCode={lookup.findFromCamera}
        />
      )}
    </div>
  );
}

/** The payment being refunded: what was paid, refunded so far and refundable now, and its refunds. */
function RefundOrder({ detail }: { detail: PaymentDetail }) {
  const t = useT();
  const locale = useLocale();
  const payment = detail.payment;
  return (
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
        <dd data-testid="refund-payment-type">{payment.paymentType ? t(`paymentType.${payment.paymentType}`) : '—'}</dd>
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
  );
}

/** The refund this screen made: its outcome (following its real state), the slip, and what next. */
function RefundDone({
  detail,
  outcome,
  onStartOver,
  onRefundMore,
}: {
  detail: PaymentDetail;
  outcome: RefundOutcome | null;
  onStartOver: () => void;
  onRefundMore: () => void;
}) {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  const payment: PaymentView = detail.payment;
  return (
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
        <button type="button" className="button button-primary" onClick={onStartOver} data-testid="refund-new-lookup">
          {t('refund.newLookup')}
        </button>
        {payment.canRefund && (
          <button type="button" className="button button-secondary" onClick={onRefundMore} data-testid="refund-more">
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
  );
}
