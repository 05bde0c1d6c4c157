import type { RefundView } from '../../../shared/payments.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { approvedBy, refundedBy, staffNameOf } from '../../components/attribution.ts';
import { dateTime, money } from '../../components/format.ts';
import { failureOf, useLocale, useT } from '../../i18n/i18n.tsx';

export function RefundsTable({ refunds }: { refunds: readonly RefundView[] }) {
  const t = useT();
  const locale = useLocale();
  if (refunds.length === 0) return <p data-testid="refunds-empty">{t('detail.noRefunds')}</p>;
  // Who refunded and who approved: shown once a refund names them (a till without sign-in never does).
  const nameOrDash = (ref: StaffRef | null): string => (ref ? staffNameOf(ref, t) : '—');
  const withStaff = refunds.some((refund) => refundedBy(refund) !== null || approvedBy(refund) !== null);
  return (
    <table className="data-table" data-testid="refunds-table">
      <thead>
        <tr>
          <th scope="col">{t('detail.colAt')}</th>
          <th scope="col">{t('detail.colAmount')}</th>
          <th scope="col">{t('detail.colReason')}</th>
          <th scope="col">{t('detail.colState')}</th>
          <th scope="col">{t('detail.colRefundTerminal')}</th>
          {withStaff && <th scope="col">{t('detail.refundedBy')}</th>}
          {withStaff && <th scope="col">{t('detail.approvedBy')}</th>}
        </tr>
      </thead>
      <tbody>
        {refunds.map((refund) => (
          <tr key={refund.refundId} data-testid="refund-row" data-state={refund.state}>
            <td>{dateTime(refund.createdAt, locale)}</td>
            <td className="num">{money(refund.amount, locale)}</td>
            <td>{refund.reason ?? '—'}</td>
            <td>
              {t(`refundState.${refund.state}`)}
              {refund.failureReason ? ` — ${failureOf(refund, t, locale)}` : ''}
            </td>
            {/* The posId it was sent as: this till's, which may differ from the terminal that took the payment. */}
            <td data-testid="refund-row-terminal">{refund.posId ?? '—'}</td>
            {withStaff && <td data-testid="refund-row-refunded-by">{nameOrDash(refundedBy(refund))}</td>}
            {withStaff && <td data-testid="refund-row-approved-by">{nameOrDash(approvedBy(refund))}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
