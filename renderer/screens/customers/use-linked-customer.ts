import { useCallback, useEffect, useState } from 'react';
import type { LinkedCustomerDetail } from '../../../shared/customers.ts';
import type { Money } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';

// One linked customer as the screen shows them: their holds and charges (customers.find) and their cashback
// balance (asked of the wallet each time: it changes with every charge and capture). Kept current by
// customers.updated, which the service sends for every outcome it learns, webhooks and late answers included.

export interface LinkedCustomerState {
  readonly detail: LinkedCustomerDetail | null;
  readonly cashback: Money | null;
  readonly cashbackError: AppError | null;
  readonly error: AppError | null;
  readonly reload: () => Promise<void>;
  readonly reloadCashback: () => Promise<void>;
}

export function useLinkedCustomer(merchantUserId: string): LinkedCustomerState {
  const bridge = useBridge();
  const [detail, setDetail] = useState<LinkedCustomerDetail | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [cashback, setCashback] = useState<Money | null>(null);
  const [cashbackError, setCashbackError] = useState<AppError | null>(null);

  const reloadCashback = useCallback(
    (): Promise<void> =>
      bridge['customers.cashback']({ merchantUserId }).then((result) => {
        setCashback(result.ok ? result.value.balance : null);
        setCashbackError(result.ok ? null : result.error);
      }),
    [bridge, merchantUserId],
  );

  const reload = useCallback(
    (): Promise<void> =>
      bridge['customers.find']({ merchantUserId }).then((result) => {
        if (!result.ok) {
          setError(result.error);
          return;
        }
        setError(null);
        setDetail(result.value);
        if (result.value.customer.status === 'linked') return reloadCashback();
        setCashback(null);
      }),
    [bridge, merchantUserId, reloadCashback],
  );

  // The screen mounts one of these per customer (keyed by id), so there is no other customer's state to clear.
  useEffect(() => {
    void reload();
  }, [reload]);

  useBridgeEvent('customers.updated', (update) => {
    if (update.customer.merchantUserId !== merchantUserId) return;
    setDetail(update);
    if (update.customer.status === 'linked') void reloadCashback();
  });

  return { detail, cashback, cashbackError, error, reload, reloadCashback };
}
