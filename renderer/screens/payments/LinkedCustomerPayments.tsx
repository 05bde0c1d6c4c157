import { useEffect, useState } from 'react';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money, time } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { chargeStaffLines, holdStaffLines } from '../customers/staff-lines.ts';
import { StaffLines } from '../customers/StaffLines.tsx';

// The day's linked-customer charges and holds next to the in-store payments (method "linked customer"), each
// opening its customer, and how such a payment is refunded: the tokenized API has no refund, so the till
// cannot; the merchant portal can.

type Row =
  | { readonly kind: 'charge'; readonly view: CustomerChargeView; readonly at: string }
  | { readonly kind: 'hold'; readonly view: HoldView; readonly at: string };

export function LinkedCustomerPayments({ day }: { day: string }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const navigate = useAppStore((state) => state.navigate);
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [tick, setTick] = useState(0);
  useBridgeEvent('customers.updated', () => setTick((n) => n + 1));

  useEffect(() => {
    let current = true;
    void bridge['customers.ofDay']({ day }).then((result) => {
      if (!current) return;
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      const all: Row[] = [
        ...result.value.charges.map((view): Row => ({ kind: 'charge', view, at: view.createdAt })),
        ...result.value.holds.map((view): Row => ({ kind: 'hold', view, at: view.placedAt })),
      ];
      setRows(all.sort((a, b) => b.at.localeCompare(a.at)));
    });
    return () => {
      current = false;
    };
  }, [bridge, day, tick]);

  if (error) return <ErrorText error={error} testId="linked-payments-error" />;
  if (rows === null || rows.length === 0) return null;
  // Who placed, approved, captured or voided each (customer journal schema 5), as the Customers screen says it; the
  // column only when someone is named, as the in-store table's Cashier.
  const staffLines = (row: Row): string[] =>
    row.kind === 'charge' ? chargeStaffLines(row.view, t) : holdStaffLines(row.view, t);
  const withStaff = rows.some((row) => staffLines(row).length > 0);
  return (
    <section className="linked-payments" aria-labelledby="linked-payments-title" data-testid="linked-payments">
      <h2 id="linked-payments-title">{t('payments.linked.title')}</h2>
      <p className="hint" data-testid="linked-payments-refund">
        {t('payments.linked.refundHow')}
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('payments.colTime')}</th>
            <th scope="col">{t('payments.colAmount')}</th>
            <th scope="col">{t('payments.colStatus')}</th>
            <th scope="col">{t('payments.colMethod')}</th>
            <th scope="col">{t('payments.linked.customer')}</th>
            <th scope="col">{t('payments.colProviderId')}</th>
            {withStaff && <th scope="col">{t('customers.staff.col')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.view.merchantRef}
              data-testid="linked-payment-row"
              data-kind={row.kind}
              data-status={row.view.displayStatus}
            >
              <td>{time(row.at, locale)}</td>
              <td className="num">{money(row.view.amount, locale)}</td>
              <td>
                {row.kind === 'charge'
                  ? t(`chargeStatus.${row.view.displayStatus}`)
                  : t(`holdStatus.${row.view.displayStatus}`)}
              </td>
              <td>{t(row.kind === 'charge' ? 'payments.linked.charge' : 'payments.linked.hold')}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => navigate({ name: 'customers', merchantUserId: row.view.merchantUserId })}
                >
                  {row.view.merchantUserId}
                </button>
              </td>
              <td>{row.view.orderUuid ?? '—'}</td>
              {withStaff && (
                <td>
                  <StaffLines lines={staffLines(row)} testId="linked-payment-staff" />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
