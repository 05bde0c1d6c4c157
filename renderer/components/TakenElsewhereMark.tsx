import type { PaymentView } from '../../shared/domain.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * "Taken at another terminal": a payment of this merchant that this till did not take, looked up at the
 * provider by its reference (the refund counter's everyday case). Refunding it here is allowed; it is never
 * this till's takings. Renders nothing for the till's own payments.
 */
export function TakenElsewhereMark({ payment, testId }: { payment: Pick<PaymentView, 'origin'>; testId?: string }) {
  const t = useT();
  if (payment.origin !== 'looked-up') return null;
  return (
    <span
      className="badge origin-looked-up"
      data-testid={testId}
      data-origin="looked-up"
      title={t('origin.takenElsewhereHint')}
    >
      {t('origin.takenElsewhere')}
    </span>
  );
}
