import { useEffect, useEffectEvent } from 'react';
import type { EventName, Events } from '../../shared/contract.ts';
import { useBridge } from '../api/bridge.tsx';

/** Subscribes to one contract event while the component is mounted; the listener always sees fresh props. */
export function useBridgeEvent<E extends EventName>(event: E, listener: (payload: Events[E]) => void): void {
  const bridge = useBridge();
  const onEvent = useEffectEvent(listener);
  useEffect(() => bridge.on(event, (payload) => onEvent(payload)), [bridge, event]);
}
