import type { PaymentView } from '../../../shared/payments.ts';
import { money, time } from '../../components/format.ts';
import { useLocale } from '../../i18n/i18n.tsx';

// Issue 39, item 8: most refunds are of a sale just made, its customer still at the counter. Before a receipt
// is scanned or a reference typed, today's last paid sales, or those the search above found, are there to tap.

export function RecentSales({
  sales,
  heading,
  onPick,
}: {
  sales: readonly PaymentView[];
  heading: string;
  onPick: (referenceId: string) => void;
}) {
  const locale = useLocale();
  if (sales.length === 0) return null;
  return (
    <section className="refund-recent" aria-labelledby="refund-recent-title" data-testid="refund-recent">
      <h2 id="refund-recent-title">{heading}</h2>
      <ul>
        {sales.map((sale) => (
          <li key={sale.referenceId}>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onPick(sale.referenceId)}
              data-testid="refund-recent-sale"
            >
              {time(sale.createdAt, locale)} · {money(sale.amount, locale)}
              {sale.note ? ` · ${sale.note}` : ''}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
