import { useEffect, useEffectEvent, useState } from 'react';
import type { AppError, Result } from '../../../shared/result.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';

/** How often the Shop screen reads the head office again: the tills' heartbeat is every 30 s. */
export const SHOP_REFRESH_MS = 30_000;

/**
 * One head-office answer kept current: asked again when `key` changes, every 30 s, and when this till's own
 * head-office status changes (its latest batch just reached the head office). The last good answer stays on
 * screen while a later read fails: the error says the head office is not reachable now.
 */
export function useShopAnswer<T>(
  ask: () => Promise<Result<T>>,
  key: string,
): { readonly value: T | null; readonly error: AppError | null } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [tick, setTick] = useState(0);
  const askNow = useEffectEvent(ask);
  useBridgeEvent('headOffice.changed', () => setTick((n) => n + 1));
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), SHOP_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    let current = true;
    void askNow().then((result) => {
      if (!current) return;
      if (result.ok) {
        setValue(result.value);
        setError(null);
      } else setError(result.error);
    });
    return () => {
      current = false;
    };
    // `key` names what is asked for (`ask` is a new function every render).
  }, [key, tick]);
  return { value, error };
}
