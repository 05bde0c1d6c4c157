import type { PaymentView } from '../../shared/payments.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * A payment's status as the cashier reads it; the colour comes from the `status-*` class. A paid payment
 * with part of it refunded says so: "Paid" alone would hide the refund from whoever looks next.
 */
export function PaymentStatusBadge({
  payment,
  testId,
}: {
  payment: Pick<PaymentView, 'displayStatus' | 'refunded'>;
  testId?: string;
}) {
  const t = useT();
  const status = payment.displayStatus;
  const partlyRefunded = status === 'paid' && payment.refunded.amountMinor > 0;
  return (
    <span
      className={`badge status-${status}`}
      data-testid={testId}
      data-status={status}
      data-partly-refunded={partlyRefunded || undefined}
    >
      {partlyRefunded ? t('display.partlyRefunded') : t(`display.${status}`)}
    </span>
  );
}
