import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../http/retry.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from '../http/timed-fetch.ts';
import { SYSTEM_TIMERS, type Timers } from '../timers.ts';
import { DEFAULT_POLL_SCHEDULE, type PollSchedule } from './poll-schedule.ts';

// Everything the payment service lets a caller tune. The app uses the defaults; tests and the crash test
// shorten the clocks so that hours of till life fit in seconds. Each default says why it is what it is.

export interface PaymentServiceOptions {
  /** The journal's SQLite file; default `payments.sqlite3` in the core's data folder. */
  readonly journalFile?: string | undefined;
  /** IANA zone of the shop (local days); default this computer's. */
  readonly timeZone?: string | undefined;
  /** Wall clock, epoch ms. */
  readonly now?: (() => number) | undefined;
  readonly timers?: Timers | undefined;
  /** When to poll an open order. */
  readonly schedule?: PollSchedule | undefined;
  /**
   * Tests only: a budget of this service's own at this fixed rate. Default: the terminal's one status budget
   * (CoreContext.statusBudget, following Settings → status checks per second), shared with the rest of the till.
   */
  readonly statusRequestsPerSecond?: number | undefined;
  /** How long a new order stays payable on screen; default 5 min (the sandbox's abandon default). */
  readonly orderLifetimeMs?: number | undefined;
  /**
   * An order still open (CREATED / PENDING) this long after its expiry is cancelled at the provider, so it can
   * never be paid later behind the cashier's back. Default 1 min.
   */
  readonly expiryGraceMs?: number | undefined;
  /**
   * After a create/scan/refund whose outcome is unknown, how long a request may still reach the provider and
   * act, counted from when the client gave up on its last try (or, after a restart, from the start). Only then
   * does "not found" prove it never arrived. Default: one try's time budget + 5 s.
   */
  readonly settleMs?: number | undefined;
  /** A cashier-started create/scan found missing is sent again (same key) only this soon after the first send. */
  readonly resendWindowMs?: number | undefined;
  readonly maxResends?: number | undefined;
  /** Delays between lookups while an outcome is unknown: doubling from base to max. */
  readonly checkDelays?: { readonly baseMs: number; readonly maxMs: number } | undefined;
  /**
   * The cap on that backoff while a cashier is watching the payment (sent from the screen, within its QR's
   * lifetime): once the provider is back, the sale must move on within ~2 s, not after a 10 s backoff.
   * Default 1 s (one lookup a second for one order stays far inside the status budget).
   */
  readonly watchedCheckMaxMs?: number | undefined;
  /** The in-store client's timeouts and retry policy (tests shorten them). */
  readonly client?:
    | { readonly timeouts?: Partial<Timeouts> | undefined; readonly retry?: Partial<RetryPolicy> | undefined }
    | undefined;
  /** Run the in-store webhook receiver (demo: on loopback; real: when a listen port is set). Default true. */
  readonly webhooks?: boolean | undefined;
  /** How long close() waits for requests in flight before closing the journal under them. */
  readonly closeGraceMs?: number | undefined;
}

export interface ResolvedOptions {
  readonly journalFile: string | undefined;
  readonly timeZone: string | undefined;
  readonly now: () => number;
  readonly timers: Timers;
  readonly schedule: PollSchedule;
  readonly statusRequestsPerSecond: number | null;
  readonly orderLifetimeMs: number;
  readonly expiryGraceMs: number;
  readonly settleMs: number;
  /**
   * How long after a request's write-ahead record the client can still be sending it: every attempt's connect
   * and read, and the backoffs between them. A process that died sent nothing later than that, nor after it died.
   */
  readonly sendWindowMs: number;
  readonly resendWindowMs: number;
  readonly maxResends: number;
  readonly checkDelays: { readonly baseMs: number; readonly maxMs: number };
  readonly watchedCheckMaxMs: number;
  readonly client: {
    readonly timeouts?: Partial<Timeouts> | undefined;
    readonly retry?: Partial<RetryPolicy> | undefined;
  };
  readonly webhooks: boolean;
  readonly closeGraceMs: number;
}

export function resolveOptions(options: PaymentServiceOptions = {}): ResolvedOptions {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.client?.timeouts };
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.client?.retry };
  const resolved: ResolvedOptions = {
    journalFile: options.journalFile,
    timeZone: options.timeZone,
    now: options.now ?? Date.now,
    timers: options.timers ?? SYSTEM_TIMERS,
    schedule: options.schedule ?? DEFAULT_POLL_SCHEDULE,
    // Absent: the terminal's budget (context.statusBudget).
    statusRequestsPerSecond: options.statusRequestsPerSecond ?? null,
    orderLifetimeMs: options.orderLifetimeMs ?? 5 * 60_000,
    // The provider's own timeout is not published (ours abandons at the lifetime); a minute past what the
    // screen showed lets it finish its own way first, and a customer who scanned at the last second confirm.
    expiryGraceMs: options.expiryGraceMs ?? 60_000,
    // The client gives up on one attempt after connect + read; a request the server is still chewing on can
    // act a little later. 5 s more covers a server's own processing after our deadline.
    settleMs: options.settleMs ?? timeouts.connectMs + timeouts.readMs + 5_000,
    sendWindowMs:
      retry.maxAttempts * (timeouts.connectMs + timeouts.readMs) + (retry.maxAttempts - 1) * retry.maxDelayMs,
    // A customer at the counter waits about a minute for a sale; after that, sending it again would surprise.
    resendWindowMs: options.resendWindowMs ?? 60_000,
    maxResends: options.maxResends ?? 2,
    checkDelays: options.checkDelays ?? { baseMs: 500, maxMs: 10_000 },
    watchedCheckMaxMs: options.watchedCheckMaxMs ?? 1_000,
    client: options.client ?? {},
    webhooks: options.webhooks ?? true,
    closeGraceMs: options.closeGraceMs ?? 2_000,
  };
  if (resolved.statusRequestsPerSecond !== null && !(resolved.statusRequestsPerSecond > 0))
    throw new RangeError('statusRequestsPerSecond must be positive');
  for (const key of [
    'orderLifetimeMs',
    'expiryGraceMs',
    'settleMs',
    'resendWindowMs',
    'maxResends',
    'closeGraceMs',
    'watchedCheckMaxMs',
  ] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] < 0)
      throw new RangeError(`${key} must be a non-negative number`);
  }
  if (!(resolved.checkDelays.baseMs > 0 && resolved.checkDelays.maxMs >= resolved.checkDelays.baseMs)) {
    throw new RangeError('checkDelays must satisfy 0 < baseMs <= maxMs');
  }
  return resolved;
}
