import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import { useBridge } from '../../api/bridge.tsx';
import { localDay, money, time } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// Issue 39, item 8: most refunds are of a sale just made, its customer still at the counter. Before a receipt
// is scanned or a reference typed, today's last ten paid sales are there to tap.

const RECENT_SALES = 10;

export function RecentSales({ onPick }: { onPick: (referenceId: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const sales = useRecentPaidSales();
  if (sales.length === 0) return null;
  return (
    <section className="refund-recent" aria-labelledby="refund-recent-title" data-testid="refund-recent">
      <h2 id="refund-recent-title">{t('refund.recentSales')}</h2>
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

function useRecentPaidSales(): readonly PaymentView[] {
  const bridge = useBridge();
  const [sales, setSales] = useState<readonly PaymentView[]>([]);
  useEffect(() => {
    let current = true;
    void bridge['payments.history']({ day: localDay(), status: 'paid', limit: RECENT_SALES }).then((result) => {
      if (current && result.ok) setSales(result.value.items);
    });
    return () => {
      current = false;
    };
  }, [bridge]);
  return sales;
}
