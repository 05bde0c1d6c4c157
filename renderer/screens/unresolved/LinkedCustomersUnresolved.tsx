import { CUSTOMER_CHARGE_DISPLAY_STATUSES, type LinkedCustomerUnresolvedView } from '../../../shared/customers.ts';
import { HOLD_DISPLAY_STATUSES } from '../../../shared/customer-holds.ts';
import { dateTime, money } from '../../components/format.ts';
import { useLocale, useT, type Translate } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { UnresolvedReason } from '../customers/UnresolvedReason.tsx';

/**
 * Linked-customer charges and holds the till is still settling, or stopped checking, under the in-store
 * payments: the same words as on the Customers screen, and a button that opens that customer there (where
 * the hold or charge is, with its history). Nothing to "check now": the customer service resolves them itself.
 */
export function LinkedCustomersUnresolved({ items }: { items: readonly LinkedCustomerUnresolvedView[] }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useAppStore((state) => state.navigate);
  return (
    <section aria-labelledby="unresolved-linked-title" data-testid="unresolved-linked">
      <h2 id="unresolved-linked-title">{t('unresolved.linked.title')}</h2>
      <table className="data-table" data-testid="unresolved-linked-table">
        <thead>
          <tr>
            <th scope="col">{t('detail.created')}</th>
            <th scope="col">{t('unresolved.linked.colCustomer')}</th>
            <th scope="col">{t('unresolved.linked.colKind')}</th>
            <th scope="col">{t('payments.colAmount')}</th>
            <th scope="col">{t('payments.colStatus')}</th>
            <th scope="col">{t('unresolved.reason')}</th>
            <th scope="col">{t('payments.colReference')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.merchantRef} data-testid="unresolved-linked-row" data-merchant-ref={row.merchantRef}>
              <td>{dateTime(row.createdAt, locale)}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('customers.open', { id: row.merchantUserId })}
                  onClick={() => navigate({ name: 'customers', merchantUserId: row.merchantUserId })}
                  data-testid="unresolved-linked-open"
                >
                  {row.merchantUserId}
                </button>
              </td>
              <td>{t(row.kind === 'hold' ? 'unresolved.linked.hold' : 'unresolved.linked.charge')}</td>
              <td className="num">{money(row.amount, locale)}</td>
              <td>{statusText(row, t)}</td>
              <td data-testid="unresolved-linked-reason">
                {row.reason ? (
                  <UnresolvedReason reason={row.reason} testId="unresolved-linked-why" />
                ) : (
                  t('unresolved.linked.onItsWay')
                )}
              </td>
              <td>{row.merchantRef}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The Customers screen's words for the same row: a hold's statuses and a charge's differ (capturing…). */
function statusText(row: LinkedCustomerUnresolvedView, t: Translate): string {
  const status = row.displayStatus;
  if (row.kind === 'hold' && isOneOf(HOLD_DISPLAY_STATUSES, status)) return t(`holdStatus.${status}`);
  if (row.kind === 'charge' && isOneOf(CUSTOMER_CHARGE_DISPLAY_STATUSES, status)) return t(`chargeStatus.${status}`);
  return status;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
