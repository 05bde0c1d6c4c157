import type { RegisterOrigin } from '../../shared/payments.ts';
import { useT } from '../i18n/i18n.tsx';

/** "From register: <its order reference, else the key's name>": a sale the shop's register sent, not keyed here. */
export function FromRegister({
  origin,
  note,
  testId = 'from-register',
}: {
  origin: RegisterOrigin;
  note?: string | null | undefined;
  testId?: string;
}) {
  const t = useT();
  return (
    <div className="from-register" data-testid={testId} data-key-name={origin.keyName}>
      <p className="from-register-origin">{t('register.from', { name: origin.orderReference ?? origin.keyName })}</p>
      {note && <p className="payment-note">{note}</p>}
    </div>
  );
}
