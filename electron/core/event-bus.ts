import type { EventName, Events, EventSink } from '../../shared/contract.ts';
import type { CoreEvent, CoreEventListener } from './core-api.ts';

// The core's one outgoing event stream. Transports subscribe once and forward to their renderers.

export interface EventBus {
  readonly emit: EventSink;
  subscribe(listener: CoreEventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<CoreEventListener>();
  return {
    emit<E extends EventName>(event: E, payload: Events[E]) {
      const message = { event, payload } as CoreEvent;
      for (const listener of listeners) {
        try {
          listener(message);
        } catch {
          // A transport that fails to forward must not stop the others (nor the service that emitted).
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
