import { useCallback, useEffect, useState } from 'react';
import type { LinkedCustomerView } from '../../../shared/customers.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { LookupForm } from '../../components/LookupForm.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useT } from '../../i18n/i18n.tsx';
import { CustomerList } from './CustomerList.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { LinkCustomer } from './LinkCustomer.tsx';

// Linked customers (tokenized payments): find a customer by the merchant's own user id or pick one from the
// list, link a new one through the wallet's consent page, and for a linked customer: cashback balance,
// "Charge now", holds (place, capture, void), unlink.

export function CustomersScreen({ merchantUserId }: { merchantUserId?: string | undefined }) {
  const t = useT();
  const bridge = useBridge();
  const [query, setQuery] = useState(merchantUserId ?? '');
  const [selected, setSelected] = useState<string | null>(merchantUserId ?? null);
  const [customers, setCustomers] = useState<readonly LinkedCustomerView[] | null>(null);
  const [listError, setListError] = useState<AppError | null>(null);
  const [lookupError, setLookupError] = useState<AppError | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [idProblem, setIdProblem] = useState<string | undefined>(undefined);

  const loadList = useCallback(
    (): Promise<void> =>
      bridge['customers.list']({ limit: 50 }).then((result) => {
        setCustomers(result.ok ? result.value : null);
        setListError(result.ok ? null : result.error);
      }),
    [bridge],
  );

  useEffect(() => {
    void loadList();
  }, [loadList]);
  useBridgeEvent('customers.updated', () => void loadList());

  const find = async (text: string): Promise<void> => {
    const id = text.trim();
    setLookupError(null);
    setNotFound(null);
    if (id === '') return;
    const result = await bridge['customers.find']({ merchantUserId: id });
    if (result.ok) {
      setSelected(id);
    } else if (result.error.code === 'customer.not-found') {
      setSelected(null);
      setNotFound(id);
    } else {
      setLookupError(result.error);
    }
  };

  const onLinked = useCallback(
    (id: string): void => {
      setSelected(id);
      setNotFound(null);
      void loadList();
    },
    [loadList],
  );

  return (
    <section className="screen customers-screen" aria-labelledby="customers-title" data-testid="customers-screen">
      <h1 id="customers-title" tabIndex={-1} className="screen-title">
        {t('customers.title')}
      </h1>
      <div className="customers-layout">
        <div className="customers-side">
          <LookupForm
            name="customers"
            label={t('customers.lookupLabel')}
            findLabel={t('customers.find')}
            hint={t('customers.lookupHint')}
            maxLength={128}
            query={query}
            onQueryChange={(text) => {
              setQuery(text);
              setIdProblem(undefined);
            }}
            problem={idProblem}
            onFind={(text) => void find(text)}
            error={lookupError}
            notFound={notFound === null ? null : t('customers.notFound', { id: notFound })}
          />
          <CustomerList
            customers={customers}
            error={listError}
            selected={selected}
            onOpen={(id) => void find(id).then(() => setQuery(id))}
          />
          <LinkCustomer merchantUserId={query} onIdProblem={setIdProblem} onLinked={onLinked} />
        </div>
        <div className="customers-main">
          {selected ? (
            <CustomerPanel key={selected} merchantUserId={selected} />
          ) : (
            <p className="explain" data-testid="customers-pick">
              {t('customers.pickOne')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
