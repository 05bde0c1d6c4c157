import { useEffect, useState } from 'react';
import type { DaySummary, SummaryLine } from '../../../shared/payment-history.ts';
import type { DisplayStatus } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { DayField } from '../../components/DayField.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { localDay, money } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useShopOffered } from '../shop/shop-access.ts';
import { ShopDayTable } from '../shop/ShopDayTable.tsx';
import { DayScopeChoice, type DayScope } from './DayScopeChoice.tsx';
import { downloadText } from './download.ts';
import { MoneyTable } from './MoneyTable.tsx';
import { PrintDayReportButton } from './PrintDayReportButton.tsx';
import { RegisterSalesTable } from './RegisterSalesTable.tsx';
import { ShiftsOfDay } from './ShiftsOfDay.tsx';

// End of day (journey 5): the day's money in one layout — gross (paid), refunds (made here, made elsewhere),
// linked-customer takings, net, each with its count — then totals by status and by method, and by register on a
// day the shop's register programs sold; the end-of-day
// report for the 80 mm roll; CSV export of the day's journal. With the head office on, "The whole shop" shows the
// shop's day instead (every till of the shop and the shop's totals, screens/shop/).

export function SummaryScreen() {
  const t = useT();
  const bridge = useBridge();
  const [day, setDay] = useState(() => localDay());
  const [summary, setSummary] = useState<DaySummary | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const shopOffered = useShopOffered();
  const [chosenScope, setScope] = useState<DayScope>('till');
  const scope = shopOffered ? chosenScope : 'till';

  useEffect(() => {
    let current = true;
    void bridge['payments.summary']({ day }).then((result) => {
      if (!current) return;
      if (result.ok) {
        setSummary(result.value);
        setError(null);
      } else setError(result.error);
    });
    return () => {
      current = false;
    };
  }, [bridge, day, tick]);
  useBridgeEvent('payment.updated', () => setTick((n) => n + 1));
  useBridgeEvent('refund.updated', () => setTick((n) => n + 1));
  useBridgeEvent('customers.updated', () => setTick((n) => n + 1));

  const exportCsv = async (): Promise<void> => {
    setExported(null);
    const result = await bridge['payments.exportCsv']({ day });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    downloadText(result.value.fileName, result.value.csv, 'text/csv;charset=utf-8');
    setExported(result.value.fileName);
  };

  const statusRows = summary ? (Object.entries(summary.byStatus) as [DisplayStatus, SummaryLine][]) : [];
  return (
    <section className="screen summary-screen" aria-labelledby="summary-title" data-testid="summary-screen">
      <h1 id="summary-title" tabIndex={-1} className="screen-title">
        {t('summary.title')}
      </h1>
      <div className="filters">
        <DayField id="summary-day" label={t('summary.day')} value={day} onChange={setDay} testId="summary-day" />
        {shopOffered && <DayScopeChoice scope={scope} onChange={setScope} />}
        {scope === 'till' && (
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void exportCsv()}
              data-testid="export-csv"
            >
              {t('summary.export')}
            </button>
            <PrintDayReportButton summary={summary} />
          </>
        )}
      </div>
      {scope === 'shop' && <ShopDayTable day={day} />}
      <ErrorText error={error} testId="summary-error" />
      {exported && (
        <p role="status" data-testid="summary-exported">
          {t('summary.exported', { fileName: exported })}
        </p>
      )}
      {summary && scope === 'till' && (
        <div className="summary-layout">
          <MoneyTable summary={summary} />
          <div className="summary-tables">
            <SummaryTable
              caption={t('summary.byStatus')}
              header={t('summary.status')}
              testId="summary-by-status"
              rows={statusRows.map(([status, line]) => ({ key: status, label: t(`display.${status}`), line }))}
            />
            <SummaryTable
              caption={t('summary.byMethod')}
              header={t('summary.method')}
              testId="summary-by-method"
              rows={(Object.entries(summary.byMethod) as ['merchant-qr' | 'customer-qr', SummaryLine][]).map(
                ([method, line]) => ({ key: method, label: t(`method.${method}`), line }),
              )}
            />
            <RegisterSalesTable summary={summary} />
            <ShiftsOfDay day={day} refreshKey={tick} />
          </div>
        </div>
      )}
    </section>
  );
}

interface SummaryRow {
  readonly key: string;
  readonly label: string;
  readonly line: SummaryLine;
}

function SummaryTable({
  caption,
  header,
  rows,
  testId,
}: {
  caption: string;
  header: string;
  rows: readonly SummaryRow[];
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <table className="data-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{header}</th>
          <th scope="col" className="num">
            {t('summary.count')}
          </th>
          <th scope="col" className="num">
            {t('summary.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label, line }) => (
          <tr
            key={key}
            data-testid="summary-row"
            data-key={key}
            data-count={line.count}
            data-total-minor={line.total.amountMinor}
          >
            <th scope="row">{label}</th>
            <td className="num">{line.count}</td>
            <td className="num">{money(line.total, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
