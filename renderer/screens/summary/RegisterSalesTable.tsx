import { registerLinesOf } from '../../../shared/day-report-document.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// What each of the shop's register programs took today over the register connection, and the refunds made here of
// its payments: a manager compares each register's own report with these lines (the printed report has the same).
// Parts of gross and refunds above, never added to them. Nothing on a day no register sold.

export function RegisterSalesTable({ summary }: { summary: DaySummary }) {
  const t = useT();
  const locale = useLocale();
  const lines = registerLinesOf(summary);
  if (lines.length === 0) return null;
  return (
    <table className="data-table summary-registers" data-testid="summary-by-register">
      <caption>{t('summary.byRegister')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('summary.register')}</th>
          <th scope="col" className="num">
            {t('summary.count')}
          </th>
          <th scope="col" className="num">
            {t('summary.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ keyName, kind, line }) => (
          <tr
            key={`${kind}:${keyName}`}
            className={kind === 'refunds' ? 'summary-line-part' : undefined}
            data-testid="summary-register-row"
            data-key-name={keyName}
            data-kind={kind}
            data-count={line.count}
            data-total-minor={line.total.amountMinor}
          >
            {/* Read out whole: which register, and which of its lines. */}
            <th
              scope="row"
              aria-label={`${keyName}: ${t(kind === 'paid' ? 'summary.registerPaid' : 'summary.registerRefunds')}`}
            >
              {kind === 'paid' ? keyName : t('summary.registerRefunds')}
            </th>
            <td className="num">{line.count}</td>
            <td className="num">
              {kind === 'refunds' && line.total.amountMinor > 0 ? '−' : ''}
              {money(line.total, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
