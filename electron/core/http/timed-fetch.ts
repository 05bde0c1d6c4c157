// One HTTP attempt bounded in time, shared by the provider clients (in-store and tokenized).
//
// fetch (Node's undici, Electron's net.fetch) exposes no "socket connected" moment, so "connect 10 s /
// read 20 s" (wire-details §3.2 recommends these) is approximated with one AbortController and two deadlines:
//   - response headers must arrive within connectMs + readMs of sending (the connect budget, then the
//     server's time to answer);
//   - the body must then arrive within readMs.
// When OUR deadline fires we cannot tell whether the request had left, so callers must treat a timeout as
// "outcome unknown". A failure fetch itself reports is returned raw for the caller to classify.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Timeouts {
  readonly connectMs: number;
  readonly readMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 20_000 };

export type FetchOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly headers: Headers }
  | { readonly kind: 'network'; readonly error: unknown }
  | { readonly kind: 'timeout'; readonly phase: 'headers' | 'body'; readonly timeoutMs: number };

export async function timedFetch(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  timeouts: Timeouts,
): Promise<FetchOutcome> {
  const controller = new AbortController();
  let phase: 'headers' | 'body' = 'headers';
  let firedAfterMs: number | null = null;
  const arm = (ms: number) =>
    setTimeout(() => {
      firedAfterMs = ms;
      controller.abort();
    }, ms);
  let timer = arm(timeouts.connectMs + timeouts.readMs);
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    clearTimeout(timer);
    phase = 'body';
    timer = arm(timeouts.readMs);
    const text = await response.text();
    return { kind: 'response', status: response.status, text, headers: response.headers };
  } catch (error) {
    if (firedAfterMs !== null) return { kind: 'timeout', phase, timeoutMs: firedAfterMs };
    return { kind: 'network', error };
  } finally {
    clearTimeout(timer);
  }
}

/** Retry-After in seconds (the delta form); null when absent or an HTTP-date. */
export function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

export function checkTimeouts(timeouts: Timeouts): Timeouts {
  if (!(timeouts.connectMs > 0 && timeouts.readMs > 0)) throw new RangeError('timeouts must be positive');
  return timeouts;
}
