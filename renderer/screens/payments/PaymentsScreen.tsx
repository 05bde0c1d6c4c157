import { RegisterMark } from '../../components/RegisterMark.tsx';
import { TakenElsewhereMark } from '../../components/TakenElsewhereMark.tsx';
import { useEffect, useRef, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { staffNameOf, takenBy } from '../../components/attribution.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { OpenPaymentButton } from '../../components/OpenPaymentButton.tsx';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { localDay, money, time } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { LinkedCustomerPayments } from './LinkedCustomerPayments.tsx';
import { PaymentFilters, type PaymentFilterValues } from './PaymentFilters.tsx';

// Today's payments (or another day's), filtered by status, method and origin (taken here, looked up, from a
// register), searched by our reference or the provider's order id. A scanned receipt opens its payment.

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 250;
const RELOAD_DEBOUNCE_MS = 200;

export function PaymentsScreen() {
  const [linkedOnly, setLinkedOnly] = useState(false);
  const t = useT();
  const [filters, setFilters] = useState<PaymentFilterValues>(() => ({ day: localDay() }));
  const [searchText, setSearchText] = useState('');
  const page = usePaymentsPage(filters);

  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim();
      setFilters((current) =>
        current.search === (search || undefined) ? current : { ...current, search: search || undefined },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useScanHandler((scan) => setSearchText(scan.code));

  return (
    <section className="screen payments-screen" aria-labelledby="payments-title" data-testid="payments-screen">
      <h1 id="payments-title" tabIndex={-1} className="screen-title">
        {t('payments.title')}
      </h1>
      <PaymentFilters
        filters={filters}
        setFilters={setFilters}
        searchText={searchText}
        setSearchText={setSearchText}
        linkedOnly={linkedOnly}
        setLinkedOnly={setLinkedOnly}
      />
      {linkedOnly ? null : <PaymentsPage page={page} />}
      {/* Linked-customer charges and holds have no status or reference of ours to filter by: with any method. */}
      {(linkedOnly || (!filters.method && !filters.status && !filters.origin && !filters.search)) && (
        <LinkedCustomerPayments day={filters.day} />
      )}
    </section>
  );
}

type PaymentsPageState = ReturnType<typeof usePaymentsPage>;

/** The payments the filters pick, a page at a time, read again when a payment changes somewhere. */
function usePaymentsPage(filters: PaymentFilterValues) {
  const bridge = useBridge();
  const [items, setItems] = useState<readonly PaymentView[]>([]);
  const [total, setTotal] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloadTick, setReloadTick] = useState(0);

  useEffect(() => {
    let current = true;
    void bridge['payments.history']({ ...filters, limit: PAGE_SIZE }).then((result) => {
      if (!current) return;
      setLoading(false);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      setItems(result.value.items);
      setTotal(result.value.total);
      setNextCursor(result.value.nextCursor);
    });
    return () => {
      current = false;
    };
  }, [bridge, filters, reloadTick]);

  // A payment changed somewhere: refresh the page in view (rows may enter or leave the filter). A burst of
  // updates (a busy till, recovery after a restart) becomes one reload.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useBridgeEvent('payment.updated', () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => setReloadTick((tick) => tick + 1), RELOAD_DEBOUNCE_MS);
  });
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  const loadMore = async (): Promise<void> => {
    if (!nextCursor) return;
    const result = await bridge['payments.history']({ ...filters, limit: PAGE_SIZE, cursor: nextCursor });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setItems((existing) => [...existing, ...result.value.items]);
    setNextCursor(result.value.nextCursor);
  };

  return { items, total, nextCursor, error, loading, loadMore };
}

function PaymentsPage({ page }: { page: PaymentsPageState }) {
  const t = useT();
  const { items, total, nextCursor, error, loading } = page;
  return (
    <>
      <ErrorText error={error} testId="payments-error" />
      {!error && (
        <p className="hint" aria-live="polite" data-testid="payments-total">
          {loading ? t('common.loading') : total === 1 ? t('payments.totalOne') : t('payments.total', { count: total })}
        </p>
      )}
      {error || loading ? null : items.length === 0 ? (
        <p data-testid="payments-empty">{t('payments.empty')}</p>
      ) : (
        <PaymentsTable items={items} />
      )}
      {nextCursor && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void page.loadMore()}
          data-testid="payments-load-more"
        >
          {t('payments.loadMore')}
        </button>
      )}
    </>
  );
}

function PaymentsTable({ items }: { items: readonly PaymentView[] }) {
  const t = useT();
  const locale = useLocale();
  // The Cashier column shows once a listed payment names who took it (a till without sign-in never does).
  const withCashier = items.some((payment) => takenBy(payment) !== null);
  const cashierOf = (payment: PaymentView): string => {
    const who = takenBy(payment);
    return who ? staffNameOf(who, t) : '—';
  };
  return (
    <table className="data-table" data-testid="payments-table">
      <thead>
        <tr>
          <th scope="col">{t('payments.colTime')}</th>
          <th scope="col">{t('payments.colAmount')}</th>
          <th scope="col">{t('payments.colStatus')}</th>
          <th scope="col">{t('payments.colMethod')}</th>
          <th scope="col">{t('detail.note')}</th>
          <th scope="col">{t('payments.colReference')}</th>
          <th scope="col">{t('payments.colProviderId')}</th>
          {withCashier && <th scope="col">{t('payments.colCashier')}</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((payment) => (
          <tr
            key={payment.referenceId}
            data-testid="payment-row"
            data-reference-id={payment.referenceId}
            data-status={payment.displayStatus}
          >
            <td>{time(payment.createdAt, locale)}</td>
            <td className="num">{money(payment.amount, locale)}</td>
            <td>
              <PaymentStatusBadge payment={payment} />
            </td>
            <td>
              {t(`method.${payment.method ?? 'unknown'}`)} <TakenElsewhereMark payment={payment} />
              <RegisterMark payment={payment} testId="payment-row-register" />
            </td>
            <td className="note-cell" title={payment.note ?? undefined} data-testid="payment-row-note">
              {payment.note ?? ''}
            </td>
            {/* Our reference is read whole: one line, however narrow the screen (the provider's id may break). */}
            <td className="reference-cell">
              <OpenPaymentButton referenceId={payment.referenceId} />
            </td>
            <td className="provider-id-cell" data-testid="payment-row-provider-id">
              {payment.providerOrderId ?? '—'}
            </td>
            {withCashier && <td data-testid="payment-row-cashier">{cashierOf(payment)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
