import type { RetryPolicy } from './retry.ts';
import type { FetchLike, Timeouts } from './timed-fetch.ts';

/**
 * The knobs every provider transport takes: which fetch (Electron passes net.fetch for the OS proxy and
 * certificates; tests and the web host use Node's), how long to wait, how to retry, and injectable clock,
 * jitter and sleep so tests are deterministic.
 */
export interface TransportTuning {
  readonly fetch?: FetchLike | undefined;
  readonly timeouts?: Partial<Timeouts> | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  /** Wall clock in ms since the epoch. */
  readonly now?: (() => number) | undefined;
  /** [0, 1): backoff jitter. */
  readonly random?: (() => number) | undefined;
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
}
