import type { CurrencyCode } from '../../../shared/money.ts';
import type { SaleLine } from '../../../shared/sale-lines.ts';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// What the customer is paying for, beside the QR while it waits: the register's lines (shared/sale-lines.ts), as
// the receipt will print them. Only a register's sale has lines; a cashier's amount shows none.

export function CustomerLines({ lines, currency }: { lines: readonly SaleLine[]; currency: CurrencyCode }) {
  const t = useT();
  const locale = useLocale();
  const show = (minor: number): string => money({ amountMinor: minor, currency }, locale);
  return (
    <section className="customer-lines" aria-label={t('saleLines.title')} data-testid="customer-lines">
      <ul>
        {lines.map((line, index) => (
          <li key={index} className="customer-line">
            <span className="customer-line-description">
              {line.description}
              {line.quantity !== 1 && (
                <span className="customer-line-detail">
                  {' '}
                  {t('saleLines.quantityTimesUnit', { quantity: line.quantity, unit: show(line.unitMinor) })}
                </span>
              )}
            </span>
            <span className="customer-line-amount">{show(line.amountMinor)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
