import { TakenElsewhereMark } from '../../components/TakenElsewhereMark.tsx';
import { useCallback, useEffect, useState } from 'react';
import type { PaymentDetail } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { JournalEvents } from './JournalEvents.tsx';
import { RefundsTable } from './RefundsTable.tsx';
import { PaymentDetailActions } from './PaymentDetailActions.tsx';
import { PaymentDetailFacts } from './PaymentDetailFacts.tsx';

// One payment: amount, status and its history, provider order id, payment type, refunds, and only the
// actions its state allows (the core decides canCancel / canRefund; the clerk need not know the rules).

export function PaymentDetailScreen({ referenceId }: { referenceId: string }) {
  const t = useT();
  const cashier = useSessionStore((state) => state.session?.staff?.role === 'cashier');
  const navigate = useAppStore((state) => state.navigate);
  const { detail, error, busy, act } = usePaymentDetail(referenceId);

  // Esc backs out to the list, as the back link does.
  useKeyDown((event) => {
    if (event.key !== 'Escape' || isTypingTarget(event.target)) return;
    event.preventDefault();
    navigate({ name: 'payments' });
  });

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
          <PaymentDetailFacts payment={payment} />
          <PaymentDetailActions detail={detail} busy={busy} act={act} />
          <PaymentHistory detail={detail} />
          <h2>{t('detail.refunds')}</h2>
          <RefundsTable refunds={detail.refunds} />
          {/* The raw journal is for a supervisor or an admin tracing a payment, not for a cashier's counter. */}
          {!cashier && (
            <details className="journal" data-testid="payment-journal">
              <summary>{t('detail.journal')}</summary>
              <JournalEvents events={detail.events} />
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** The payment as the journal has it now, read again whenever it or one of its refunds changes. */
function usePaymentDetail(referenceId: string) {
  const bridge = useBridge();
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

  return { detail, error, busy, act };
}

function PaymentHistory({ detail }: { detail: PaymentDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
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
    </>
  );
}
