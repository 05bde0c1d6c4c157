import { useCallback, useEffect, useState } from 'react';
import type { LinkedCustomerUnresolvedView } from '../../../shared/customers.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { OpenPaymentButton } from '../../components/OpenPaymentButton.tsx';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { dateTime, money } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { LinkedCustomersUnresolved } from './LinkedCustomersUnresolved.tsx';

// Attempts the service is still settling with the provider (journey 3), with the reason and "Check now";
// then linked-customer charges and holds still being settled (or stopped), which open on the Customers screen.

export function UnresolvedScreen() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [items, setItems] = useState<readonly PaymentView[] | null>(null);
  const [linked, setLinked] = useState<readonly LinkedCustomerUnresolvedView[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(
    (): Promise<void> =>
      Promise.all([bridge['payments.unresolved']({}), bridge['customers.unresolved']({})]).then(
        ([payments, customers]) => {
          if (customers.ok) setLinked(customers.value);
          if (payments.ok) setItems(payments.value);
          const failed = !payments.ok ? payments.error : !customers.ok ? customers.error : null;
          setError(failed);
        },
      ),
    [bridge],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useBridgeEvent('payment.updated', () => void load());
  useBridgeEvent('status.changed', () => void load());
  useBridgeEvent('customers.updated', () => void load());

  const checkNow = async (referenceId: string): Promise<void> => {
    setChecking((current) => new Set(current).add(referenceId));
    const result = await bridge['payments.checkNow']({ referenceId });
    setChecking((current) => {
      const next = new Set(current);
      next.delete(referenceId);
      return next;
    });
    if (!result.ok) setError(result.error);
    await load();
  };

  return (
    <section className="screen unresolved-screen" aria-labelledby="unresolved-title" data-testid="unresolved-screen">
      <h1 id="unresolved-title" tabIndex={-1} className="screen-title">
        {t('unresolved.title')}
      </h1>
      <p className="explain">{t('unresolved.explain')}</p>
      <ErrorText error={error} testId="unresolved-error" />
      {items === null ? (
        !error && <p>{t('common.loading')}</p>
      ) : items.length === 0 ? (
        linked.length === 0 && <p data-testid="unresolved-empty">{t('unresolved.empty')}</p>
      ) : (
        <table className="data-table" data-testid="unresolved-table">
          <thead>
            <tr>
              <th scope="col">{t('detail.created')}</th>
              <th scope="col">{t('payments.colAmount')}</th>
              <th scope="col">{t('payments.colStatus')}</th>
              <th scope="col">{t('unresolved.reason')}</th>
              <th scope="col">{t('payments.colReference')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('unresolved.checkNow')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((payment) => (
              <tr key={payment.referenceId} data-testid="unresolved-row" data-reference-id={payment.referenceId}>
                <td>{dateTime(payment.createdAt, locale)}</td>
                <td className="num">{money(payment.amount, locale)}</td>
                <td>
                  <PaymentStatusBadge payment={payment} />
                </td>
                <td data-testid="unresolved-reason">
                  {payment.unresolvedReason ? noticeText(payment.unresolvedReason, locale) : '—'}
                </td>
                <td>
                  <OpenPaymentButton referenceId={payment.referenceId} />
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={checking.has(payment.referenceId)}
                    aria-label={t('unresolved.checkNowFor', { reference: payment.referenceId })}
                    onClick={() => void checkNow(payment.referenceId)}
                    data-testid="unresolved-check-now"
                  >
                    {checking.has(payment.referenceId) ? t('unresolved.checking') : t('unresolved.checkNow')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {linked.length > 0 && <LinkedCustomersUnresolved items={linked} />}
    </section>
  );
}
