import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { type HistoryQuery, HISTORY_ORIGINS } from '../../../shared/payment-history.ts';
import { DISPLAY_STATUSES } from '../../../shared/payments.ts';
import { DayField } from '../../components/DayField.tsx';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { useT } from '../../i18n/i18n.tsx';

// The Payments screen's filters: the day and the search always in view; status, method and origin beside them
// where there is room (1280 px and wider), and behind a "Filters" button on a smaller display (at 800×480
// three rows of filters pushed the list below the fold). The button says how many of the hidden filters are set, so a filtered list
// is never taken for the whole day.

export type PaymentFilterValues = Required<Pick<HistoryQuery, 'day'>> &
  Pick<HistoryQuery, 'status' | 'method' | 'origin' | 'search'>;

/** The method filter's value for linked-customer charges and holds (not an in-store payment method). */
export const LINKED = 'linked-customer';

/** Where the filters would take more than one row: a narrow or a short display. */
const COMPACT_FILTERS = '(max-width: 1100px), (max-height: 560px)';

export interface PaymentFiltersProps {
  readonly filters: PaymentFilterValues;
  readonly setFilters: Dispatch<SetStateAction<PaymentFilterValues>>;
  readonly searchText: string;
  readonly setSearchText: (text: string) => void;
  readonly linkedOnly: boolean;
  readonly setLinkedOnly: (linkedOnly: boolean) => void;
}

export function PaymentFilters(props: PaymentFiltersProps) {
  const { filters, setFilters, searchText, setSearchText, linkedOnly } = props;
  const t = useT();
  const compact = useMediaQuery(COMPACT_FILTERS);
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const setCount = [filters.status, filters.origin, linkedOnly || filters.method].filter(Boolean).length;
  const showMore = !compact || open;
  return (
    <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <DayField
        id="payments-day"
        label={t('payments.day')}
        value={filters.day}
        onChange={(day) => setFilters((current) => ({ ...current, day }))}
        testId="payments-day"
      />
      <label className="field field-grow">
        <span className="field-label">{t('payments.search')}</span>
        <input
          type="search"
          value={searchText}
          maxLength={64}
          onChange={(event) => setSearchText(event.target.value)}
          data-testid="payments-search"
        />
      </label>
      {compact && (
        <button
          type="button"
          className="button button-secondary filters-toggle"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen(!open)}
          data-testid="payments-filters-toggle"
        >
          {setCount > 0 ? t('payments.filtersSet', { count: setCount }) : t('payments.filters')}
        </button>
      )}
      <div className="filters-more" id={moreId} hidden={!showMore} data-testid="payments-filters-more">
        <MoreFilters {...props} />
      </div>
    </form>
  );
}

/** Status, method and origin: the filters a small display keeps behind the button. */
function MoreFilters({ filters, setFilters, linkedOnly, setLinkedOnly }: PaymentFiltersProps) {
  const t = useT();
  return (
    <>
      <label className="field">
        <span className="field-label">{t('payments.status')}</span>
        <select
          value={filters.status ?? ''}
          onChange={(event) =>
            setFilters({ ...filters, status: (event.target.value || undefined) as PaymentFilterValues['status'] })
          }
          data-testid="payments-status-filter"
        >
          <option value="">{t('payments.any')}</option>
          {DISPLAY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`display.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('payments.method')}</span>
        <select
          value={linkedOnly ? LINKED : (filters.method ?? '')}
          onChange={(event) => {
            setLinkedOnly(event.target.value === LINKED);
            setFilters({
              ...filters,
              method: (event.target.value === LINKED
                ? undefined
                : event.target.value || undefined) as PaymentFilterValues['method'],
            });
          }}
          data-testid="payments-method-filter"
        >
          <option value="">{t('payments.any')}</option>
          <option value="merchant-qr">{t('method.merchant-qr')}</option>
          <option value="customer-qr">{t('method.customer-qr')}</option>
          <option value={LINKED}>{t('payments.linked.method')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('payments.origin')}</span>
        <select
          value={filters.origin ?? ''}
          onChange={(event) =>
            setFilters({ ...filters, origin: (event.target.value || undefined) as PaymentFilterValues['origin'] })
          }
          data-testid="payments-origin-filter"
        >
          <option value="">{t('payments.any')}</option>
          {HISTORY_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {t(`origin.${origin}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
