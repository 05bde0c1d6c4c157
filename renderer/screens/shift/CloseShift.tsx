import { useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { openReferenceIds } from './open-payments.ts';

/**
 * Close shift (Z): asked once, then sent. Payments still open or in doubt are named (each opens its detail), and
 * a supervisor may close anyway (the core checks the right; they are listed on the Z report).
 */
export function CloseShift({ shift, onClosed }: { shift: ShiftView; onClosed: (closed: ShiftView) => void }) {
  const t = useT();
  const bridge = useBridge();
  const navigate = useAppStore((state) => state.navigate);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const stillOpen = openReferenceIds(error);
  const locale = useLocale();
  // A trainee's open sale is the training sandbox's, and never holds a close (the core ignores it there too).
  const openPayments = useOpenPaymentsStore((state) => countReal(state.open.values()));

  const close = async (force: boolean): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await bridge['shifts.close'](force ? { force: true } : {});
    setBusy(false);
    setAsking(false);
    if (result.ok) onClosed(result.value.shift);
    else setError(result.error);
  };

  return (
    <div className="shift-close" data-testid="shift-close">
      {asking ? (
        <div
          className="refund-confirm"
          role="alertdialog"
          aria-labelledby="shift-close-question"
          aria-describedby="shift-close-facts"
        >
          <p id="shift-close-question" className="refund-confirm-question">
            {t('shift.closeQuestion', { number: shift.number })}
          </p>
          {/* What is being closed: its takings so far, and payments a customer may still pay. */}
          <p id="shift-close-facts" className="explain" data-testid="shift-close-facts">
            {t('shift.closeFacts', {
              count: shift.report.paid.count,
              net: money(shift.report.net, locale),
              open: openPayments,
            })}
          </p>
          <button
            type="button"
            className="button button-danger button-large"
            disabled={busy}
            onClick={() => void close(false)}
            autoFocus
            data-testid="shift-close-yes"
          >
            {busy ? t('shift.closing') : t('shift.closeYes')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
            {t('shift.back')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => setAsking(true)}
          data-testid="shift-close-start"
        >
          {t('shift.close')}
        </button>
      )}
      {stillOpen ? (
        <div className="open-payment-banner" role="alert" data-testid="shift-payments-open">
          <p>{t('shift.paymentsOpen')}</p>
          <ul className="shift-open-list">
            {stillOpen.map((referenceId) => (
              <li key={referenceId}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => navigate({ name: 'payment-detail', referenceId })}
                  data-testid="shift-open-payment"
                >
                  {referenceId}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() => void close(true)}
            data-testid="shift-close-anyway"
          >
            {t('shift.closeAnyway')}
          </button>
        </div>
      ) : (
        <ErrorText error={error} testId="shift-error" />
      )}
    </div>
  );
}

function countReal(payments: Iterable<PaymentView>): number {
  let count = 0;
  for (const payment of payments) if (!payment.training) count += 1;
  return count;
}
