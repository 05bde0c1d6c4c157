import { moneyLinesOf, type DayMoneyLineKey } from '../../../shared/day-report-document.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// The day's money as one table: gross (paid), refunds made here and whose payments they were, what was
// refunded elsewhere (for information), linked-customer takings, net — each with its count, the same lines
// as the printed end-of-day report.

/** The test ids the screen's lines had before they became one table (the e2e specs and tests read them). */
const TEST_IDS: Readonly<Record<DayMoneyLineKey, string>> = {
  gross: 'summary-paid',
  refunds: 'summary-refunds',
  refundsOwn: 'summary-refunds-own',
  refundsOfOtherTerminals: 'summary-refunds-other-terminals',
  refundedElsewhere: 'summary-refunded-elsewhere',
  linkedCharges: 'summary-linked-charges',
  linkedCaptures: 'summary-linked-captures',
  net: 'summary-net',
  outsideShifts: 'summary-outside-shifts',
};

export function MoneyTable({ summary }: { summary: DaySummary }) {
  const t = useT();
  const locale = useLocale();
  return (
    <table className="data-table summary-money" data-testid="summary-money">
      <caption>{t('summary.money')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('summary.money')}</span>
          </th>
          <th scope="col" className="num">
            {t('summary.count')}
          </th>
          <th scope="col" className="num">
            {t('summary.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {moneyLinesOf(summary).map((line) => (
          <tr
            key={line.key}
            className={`summary-line-${line.key}${line.part ? ' summary-line-part' : ''}${line.info ? ' summary-line-info' : ''}`}
            data-testid={TEST_IDS[line.key]}
            data-count={line.count ?? undefined}
            data-total-minor={line.total.amountMinor}
          >
            <th scope="row">{t(`summary.line.${line.key}`)}</th>
            <td className="num">{line.count ?? ''}</td>
            <td className="num" data-testid={`${TEST_IDS[line.key]}-total`}>
              {line.outgoing && line.total.amountMinor > 0 ? '−' : ''}
              {money(line.total, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
