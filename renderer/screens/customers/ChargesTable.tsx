import type { CustomerChargeView } from '../../../shared/customers.ts';
import { dateTime, money } from '../../components/format.ts';
import { failureText, useLocale, useT } from '../../i18n/i18n.tsx';
import { chargeStaffLines } from './staff-lines.ts';
import { StaffLines } from './StaffLines.tsx';
import { UnresolvedReason } from './UnresolvedReason.tsx';

/**
 * The customer's immediate charges, newest first: a rejected one with its reason, an approved one with the
 * wallet's order id (what the shop quotes to the wallet about it), a checking one with why; who charged and who
 * approved it with their PIN, once a charge names someone.
 */
export function ChargesTable({ charges }: { charges: readonly CustomerChargeView[] }) {
  const t = useT();
  const locale = useLocale();
  const withStaff = charges.some((charge) => chargeStaffLines(charge, t).length > 0);
  return (
    <section className="customers-card" aria-labelledby="charges-title">
      <h3 id="charges-title">{t('customers.charges.title')}</h3>
      {charges.length === 0 ? (
        <p data-testid="charges-empty">{t('customers.charges.none')}</p>
      ) : (
        <table className="data-table" data-testid="charges-table">
          <thead>
            <tr>
              <th scope="col">{t('customers.charges.colTime')}</th>
              <th scope="col" className="num">
                {t('customers.charges.colAmount')}
              </th>
              <th scope="col">{t('customers.charges.colCashback')}</th>
              <th scope="col">{t('customers.charges.colStatus')}</th>
              <th scope="col">{t('customers.charges.colReason')}</th>
              {withStaff && <th scope="col">{t('customers.staff.col')}</th>}
            </tr>
          </thead>
          <tbody>
            {charges.map((charge) => (
              <tr
                key={charge.merchantRef}
                data-testid="charge-row"
                data-merchant-ref={charge.merchantRef}
                data-status={charge.displayStatus}
              >
                <td>{dateTime(charge.createdAt, locale)}</td>
                <td className="num">{money(charge.amount, locale)}</td>
                <td>{charge.useCashback ? t('settings.yes') : t('settings.no')}</td>
                <td>
                  <span className={`badge charge-${charge.displayStatus}`}>
                    {t(`chargeStatus.${charge.displayStatus}`)}
                  </span>
                  {charge.displayStatus === 'approved' && charge.orderUuid && (
                    <span className="customers-order" data-testid="charge-order">
                      {t('customers.orderId', { id: charge.orderUuid })}
                    </span>
                  )}
                  <UnresolvedReason reason={charge.unresolvedReason} testId="charge-unresolved" />
                </td>
                <td>{charge.failureReason ? failureText(charge.failureReason, t) : '—'}</td>
                {withStaff && (
                  <td>
                    <StaffLines lines={chargeStaffLines(charge, t)} testId="charge-staff" />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
