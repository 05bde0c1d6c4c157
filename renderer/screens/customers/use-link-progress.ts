import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LinkProgress } from '../../../shared/customers.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';

// Follows one linking session until it ends. The consent window (Electron) or the web host's broker
// completes the link in main and announces it with customers.updated; the poll of customers.linkStatus is
// the fallback that also notices an expired session, or an approval whose redirect nobody saw.

const POLL_MS = 2_500;

export interface LinkSession {
  readonly linkToken: string;
  readonly merchantUserId: string;
}

/**
 * Polls `session` (null: nothing to follow) and calls `onSettled` once when it is linked, expired or failed.
 * Returns the last poll's error (the session goes on; the next poll may succeed).
 */
export function useLinkProgress(
  session: LinkSession | null,
  onSettled: (progress: LinkProgress) => void,
): AppError | null {
  const bridge = useBridge();
  const [failure, setFailure] = useState<{ linkToken: string; error: AppError } | null>(null);
  const pollNow = useRef<() => void>(() => {});
  const settled = useEffectEvent(onSettled);
  const linkToken = session?.linkToken ?? null;

  useEffect(() => {
    if (linkToken === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    const poll = (): void => {
      if (stopped || inFlight) return;
      inFlight = true;
      clearTimeout(timer);
      void bridge['customers.linkStatus']({ linkToken }).then((result) => {
        inFlight = false;
        if (stopped) return;
        setFailure(result.ok ? null : { linkToken, error: result.error });
        if (result.ok && result.value.state !== 'waiting') {
          stopped = true;
          settled(result.value);
          return;
        }
        timer = setTimeout(poll, POLL_MS);
      });
    };
    pollNow.current = poll;
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      pollNow.current = () => {};
    };
  }, [bridge, linkToken]);

  useBridgeEvent('customers.updated', (detail) => {
    if (session && detail.customer.merchantUserId === session.merchantUserId) pollNow.current();
  });

  return failure && failure.linkToken === linkToken ? failure.error : null;
}
