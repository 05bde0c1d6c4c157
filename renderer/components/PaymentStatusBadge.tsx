import type { DisplayStatus } from '../../shared/domain.ts';
import { useT } from '../i18n/i18n.tsx';

/** A payment's status as the cashier reads it in a list; the colour comes from the `status-*` class. */
export function PaymentStatusBadge({ status }: { status: DisplayStatus }) {
  const t = useT();
  return <span className={`badge status-${status}`}>{t(`display.${status}`)}</span>;
}
