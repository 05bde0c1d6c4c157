import type { Exchange, Reply, Route } from './http.ts';

// One simulated provider API mounted under its base path (`/posi-sandbox`, `/demo/merchant` for the
// tokenized API). The server owns the socket, the Date header and the fault switches; an area only
// says which of its routes are provider API calls (those get the faults) and contributes its consumer-side
// routes to the control API.

export interface ControlInput {
  readonly body: Record<string, unknown>;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

export type ControlHandler = (input: ControlInput) => Reply | Promise<Reply>;

export interface AreaTarget {
  /** True for provider API calls: fault injection applies to them, not to pages a consumer opens. */
  readonly api: boolean;
  readonly run: () => Promise<Reply>;
}

export interface SandboxArea {
  /** Mount point, e.g. `/posi-sandbox`. */
  readonly basePath: string;
  /** The route for `path` (relative to basePath), or null for "no such route" (404). */
  route(ex: Exchange, path: string): AreaTarget | null;
  /** Control routes, relative to `/_sandbox`. */
  readonly controlRoutes: readonly Route<ControlHandler>[];
  /** Applies timed transitions that are due (called before every request). */
  sweep(): void;
  /** Forgets all state (orders, codes, idempotency keys) and stops timers. */
  reset(): void;
}
