import type { PaymentView } from '../../shared/payments.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * "Register: <key name>": a payment the shop's register program started over the register connection (taken
 * here, not keyed in at the till), so the clerk can tell it apart in a list. Renders nothing for the others.
 */
export function RegisterMark({ payment, testId }: { payment: Pick<PaymentView, 'fromRegister'>; testId?: string }) {
  const t = useT();
  const origin = payment.fromRegister;
  if (!origin) return null;
  return (
    <span
      className="badge origin-register"
      data-testid={testId}
      data-origin="from-register"
      title={
        origin.orderReference
          ? t('register.markHint', { name: origin.keyName, orderReference: origin.orderReference })
          : undefined
      }
    >
      {t('register.mark', { name: origin.keyName })}
    </span>
  );
}
