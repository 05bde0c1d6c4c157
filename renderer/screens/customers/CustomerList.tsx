import type { LinkedCustomerView } from '../../../shared/customers.ts';
import type { AppError } from '../../../shared/result.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** The customers linked (or once linked) on this till, most recently changed first. */
export function CustomerList({
  customers,
  error,
  selected,
  onOpen,
}: {
  customers: readonly LinkedCustomerView[] | null;
  error: AppError | null;
  selected: string | null;
  onOpen: (merchantUserId: string) => void;
}) {
  const t = useT();
  if (error) return <ErrorText error={error} testId="customers-list-error" />;
  if (customers === null) return null;
  if (customers.length === 0) return <p data-testid="customers-list-empty">{t('customers.listEmpty')}</p>;
  return (
    <table className="data-table" data-testid="customers-list">
      <caption>{t('customers.listTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('customers.colId')}</th>
          <th scope="col">{t('customers.colAccount')}</th>
          <th scope="col">{t('customers.colStatus')}</th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => (
          <tr
            key={customer.merchantUserId}
            data-testid="customer-row"
            data-merchant-user-id={customer.merchantUserId}
            aria-current={customer.merchantUserId === selected || undefined}
          >
            <td>
              <button
                type="button"
                className="link-button"
                aria-label={t('customers.open', { id: customer.merchantUserId })}
                onClick={() => onOpen(customer.merchantUserId)}
                data-testid="customer-open"
              >
                {customer.merchantUserId}
              </button>
            </td>
            <td>{customer.hint ?? '—'}</td>
            <td>
              <span className={`badge customer-${customer.status}`}>{t(`customerStatus.${customer.status}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
