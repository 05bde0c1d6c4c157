import { useEffect, useMemo, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { LookupForm } from '../../components/LookupForm.tsx';
import { useToday } from '../../hooks/use-today.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { RecentSales } from './RecentSales.tsx';
import { saleSearchQueryOf } from './sale-search-query.ts';

// Today's sales to tap, and one "amount or note" field to narrow them (sale-search-query.ts reads it). Both go
// through payments.find, so the core remembers what it showed: a refund of a sale picked here, with no receipt
// scanned, is marked found without receipt and asks an approver, as the "No receipt?" search does.

export function SaleSearch({ onPick }: { onPick: (referenceId: string) => void }) {
  const t = useT();
  const bridge = useBridge();
  const today = useToday();
  const { currency } = useTerminal();
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState('');
  const [sales, setSales] = useState<readonly PaymentView[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const query = useMemo(() => saleSearchQueryOf(searched, today, currency), [searched, today, currency]);

  useEffect(() => {
    let current = true;
    void bridge['payments.find'](query).then((result) => {
      if (!current) return;
      setError(result.ok ? null : result.error);
      setSales(result.ok ? result.value.items : null);
    });
    return () => {
      current = false;
    };
  }, [bridge, query]);

  const isSearch = 'note' in query || 'amountMinor' in query;
  return (
    <div className="refund-sale-search" data-testid="refund-sale-search">
      <LookupForm
        name="refund-sales"
        label={t('refund.saleSearch.label')}
        findLabel={t('refund.saleSearch.find')}
        hint={t('refund.saleSearch.hint')}
        maxLength={90}
        query={typed}
        onQueryChange={setTyped}
        onFind={setSearched}
        error={error}
        notFound={isSearch && sales?.length === 0 ? t('refund.saleSearch.none', { text: searched.trim() }) : null}
      />
      <RecentSales
        sales={sales ?? []}
        heading={t(isSearch ? 'refund.saleSearch.matches' : 'refund.recentSales')}
        onPick={onPick}
      />
    </div>
  );
}
