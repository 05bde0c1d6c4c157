import type { EventName, Events, Handlers } from '../../shared/contract.ts';

// What a transport (Electron IPC, the web host) needs from the core, and nothing more: the handlers to
// dispatch to, and the one stream of events to forward to the renderer.

/** One event as it travels: `{ event, payload }`, the same shape on IPC and on the web host's WebSocket. */
export type CoreEvent = { [E in EventName]: { readonly event: E; readonly payload: Events[E] } }[EventName];

export type CoreEventListener = (event: CoreEvent) => void;

export interface CoreApi {
  readonly handlers: Handlers;
  /** Subscribes to every event; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
}

export interface Core extends CoreApi {
  /** Stops timers, the embedded sandbox and the services; safe to call twice. */
  close(): Promise<void>;
}
