import type { PaymentView } from '../../../shared/payments.ts';
import { cancelledBy, staffNameOf, takenBy } from '../../components/attribution.ts';
import { useT } from '../../i18n/i18n.tsx';

/** Who took the payment and who cancelled it, as recorded then (nothing when nobody was signed in). */
export function StaffFacts({ payment }: { payment: PaymentView }) {
  const t = useT();
  const taker = takenBy(payment);
  const canceller = cancelledBy(payment);
  return (
    <>
      {taker && (
        <>
          <dt>{t('detail.takenBy')}</dt>
          <dd data-testid="detail-taken-by" data-staff-id={taker.id}>
            {staffNameOf(taker, t)}
          </dd>
        </>
      )}
      {canceller && (
        <>
          <dt>{t('detail.cancelledBy')}</dt>
          <dd data-testid="detail-cancelled-by" data-staff-id={canceller.id}>
            {staffNameOf(canceller, t)}
          </dd>
        </>
      )}
    </>
  );
}
