// One WebSocket to the web host's /events, reopened with capped exponential backoff whenever it drops
// (host restarted, laptop slept). Messages are `{event, payload}` JSON.

export interface EventSocketOptions {
  readonly url: string;
  readonly WebSocketImpl: typeof WebSocket;
  readonly onMessage: (event: string, payload: unknown) => void;
  /** Called on every successful (re)connection after the first, so callers can catch up on missed events. */
  readonly onReconnect: () => void;
  /** Called on every successful connection, the first included. */
  readonly onOpen?: () => void;
}

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  // Full jitter in the upper half: a hundred tills restarting with one host do not reconnect in lockstep.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function openEventSocket(options: EventSocketOptions): { close(): void } {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpened = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = (): void => {
    if (closed) return;
    try {
      socket = new options.WebSocketImpl(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      options.onOpen?.();
      if (everOpened) options.onReconnect();
      everOpened = true;
    };
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { event?: unknown }).event === 'string') {
        const { event, payload } = parsed as { event: string; payload: unknown };
        options.onMessage(event, payload);
      }
    };
    socket.onclose = () => {
      socket = null;
      scheduleReconnect();
    };
  };

  const scheduleReconnect = (): void => {
    if (closed || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, backoffDelayMs(attempt++));
  };

  connect();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close();
    },
  };
}
