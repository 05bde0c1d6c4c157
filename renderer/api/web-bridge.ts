import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from '../../shared/channel-names.ts';
import type { ChannelName, EventName, Events, PosBridge, RequestOf, ResponseOf } from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/result.ts';
import { openEventSocket } from './event-socket.ts';

// The browser-preview transport: the same contract as window.pos, over the web host on 127.0.0.1.
// Calls are `POST /api/<channel>` with the JSON request and the per-launch bearer token; the host answers
// with the Result envelope. Events arrive over one WebSocket. A failure of this bridge itself (host down,
// token refused, garbage reply) becomes a Result error too, never an exception in a screen.

export interface WebBridgeOptions {
  /** e.g. http://127.0.0.1:5173 */
  readonly origin: string;
  readonly token: string | null;
  readonly fetchImpl?: typeof fetch;
  readonly WebSocketImpl?: typeof WebSocket;
  /** How long a call waits for the event stream to open before it goes anyway (default 2 s). */
  readonly eventStreamWaitMs?: number;
}

const EVENT_STREAM_WAIT_MS = 2_000;

const HOST_UNREACHABLE: AppError = {
  code: 'network.unreachable',
  message: "The till's payment service is not answering. Check that the app is still running, then try again.",
  retryable: true,
};

const TOKEN_REFUSED: AppError = {
  code: 'ipc.forbidden',
  message: 'This page is not signed in to the payment service. Open the address printed by the app again.',
  retryable: false,
};

const BAD_REPLY: AppError = {
  code: 'internal',
  message: "The till's payment service sent a reply the screen could not read. Try again.",
  retryable: true,
};

export function createWebBridge(options: WebBridgeOptions): PosBridge {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const WebSocketImpl = options.WebSocketImpl ?? globalThis.WebSocket;
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let socket: { close(): void } | null = null;
  // Resolved once the event stream is open. A screen reads what stands (a sale already open, a payment) and then
  // lives on events; an event sent between that read and the stream's opening would be lost. So, once a screen
  // listens, calls wait for the stream first (bounded: a host without one still answers calls).
  let streamOpen: Promise<void> | null = null;

  async function call<K extends ChannelName>(channel: K, request: RequestOf<K>): Promise<Result<ResponseOf<K>>> {
    if (!options.token) return { ok: false, error: TOKEN_REFUSED };
    if (streamOpen) await streamOpen;
    let response: Response;
    try {
      response = await fetchImpl(`${options.origin}/api/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body: JSON.stringify(request ?? {}),
        cache: 'no-store',
      });
    } catch {
      return { ok: false, error: HOST_UNREACHABLE };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isResult(body)) return body as Result<ResponseOf<K>>;
    if (response.status === 401 || response.status === 403) return { ok: false, error: TOKEN_REFUSED };
    return { ok: false, error: BAD_REPLY };
  }

  function dispatch(event: string, payload: unknown): void {
    if (!(EVENT_NAME_LIST as readonly string[]).includes(event)) return;
    for (const listener of listeners.get(event as EventName) ?? []) {
      try {
        listener(payload as never);
      } catch (error) {
        // One broken listener must not starve the others of events.
        console.error('event listener failed', error);
      }
    }
  }

  function ensureSocket(): void {
    if (socket || !options.token || !WebSocketImpl) return;
    const wsOrigin = options.origin.replace(/^http/, 'ws');
    let opened = (): void => {};
    const waitMs = options.eventStreamWaitMs ?? EVENT_STREAM_WAIT_MS;
    streamOpen = new Promise<void>((resolve) => {
      // Once open (or waited for), calls leave at once: not a microtask later, so a charge's request is on its
      // way before the screen it opens is rendered (issue 37).
      const done = (): void => {
        streamOpen = null;
        resolve();
      };
      opened = done;
      setTimeout(done, waitMs);
    });
    socket = openEventSocket({
      url: `${wsOrigin}/events?token=${encodeURIComponent(options.token)}`,
      WebSocketImpl,
      onMessage: dispatch,
      onOpen: () => opened(),
      // Events sent while we were disconnected are gone; a fresh status snapshot brings the bar up to date,
      // and screens that watch a payment re-read it on their own schedule.
      onReconnect: () => {
        void call('status.get', {}).then((result) => {
          if (result.ok) dispatch('status.changed', result.value);
        });
      },
    });
  }

  const bridge: Record<string, unknown> = {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      ensureSocket();
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
  };
  for (const channel of CHANNEL_NAME_LIST) {
    bridge[channel] = (request: RequestOf<typeof channel>) => call(channel, request);
  }
  return bridge as unknown as PosBridge;
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (candidate.ok === true) return 'value' in candidate;
  return (
    candidate.ok === false && typeof candidate.error?.code === 'string' && typeof candidate.error.message === 'string'
  );
}
