import type { EventName, Events, Handlers } from '../../shared/contract.ts';
import type { ConsentRequest } from './customers/linking.ts';
import type { HealthModule } from './health/health-module.ts';

// What a transport (Electron IPC, the web host) needs from the core, and nothing more: the handlers to
// dispatch to, and the one stream of events to forward to the renderer.

/** One event as it travels: `{ event, payload }`, the same shape on IPC and on the web host's WebSocket. */
export type CoreEvent = { [E in EventName]: { readonly event: E; readonly payload: Events[E] } }[EventName];

export type CoreEventListener = (event: CoreEvent) => void;

/** What only main may know about a linking session: the consent page and the app-token header to open it with. */
export interface ConsentAccess {
  /** Throws link.failed / link.expired when the session cannot be shown any more. */
  consentRequest(linkToken: string): ConsentRequest;
}

export interface CoreApi {
  readonly handlers: Handlers;
  /** Subscribes to every event; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  /** For the transport that shows the consent page (Electron consent window, web host broker). */
  readonly consent: ConsentAccess;
}

export interface Core extends CoreApi {
  /** The health check: another module (the updater in main) adds its own check with `health.provide`. */
  readonly health: Pick<HealthModule, 'provide'>;
  /** Stops timers, the embedded sandbox and the services; safe to call twice. */
  close(): Promise<void>;
}
