// When the transport may send a request again, and how long it waits first. Pure functions, so the policy
// is tested without sockets or timers.
//
// Safe to retry (with the SAME idempotency key, wire-details §2.7): no response at all (network error or our
// own timeout) and 5xx. Never a 4xx: the provider has judged the request and sending it again cannot change
// that; a 429 is left to the caller too, because the caller knows whether a cashier is waiting.

export interface RetryPolicy {
  /** Attempts in total, the first included (1 = never retry). */
  readonly maxAttempts: number;
  /** Delay cap for the first retry; doubles per retry. */
  readonly baseDelayMs: number;
  /** No single wait is longer than this. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 400, maxDelayMs: 4_000 };

export type AttemptOutcome =
  | { readonly kind: 'response'; readonly status: number }
  | { readonly kind: 'network'; readonly neverSent: boolean }
  | { readonly kind: 'timeout' };

export function isRetryableOutcome(outcome: AttemptOutcome): boolean {
  switch (outcome.kind) {
    case 'response':
      return outcome.status >= 500 && outcome.status <= 599;
    case 'network':
    case 'timeout':
      return true;
  }
}

/** attempt is 1-based: the attempt that just failed. */
export function shouldRetry(outcome: AttemptOutcome, attempt: number, policy: RetryPolicy): boolean {
  return attempt < policy.maxAttempts && isRetryableOutcome(outcome);
}

/**
 * Exponential backoff with "equal jitter": the cap doubles per retry (bounded by maxDelayMs) and the wait is
 * drawn from [cap/2, cap], so tills that lost the provider together do not come back in lock-step, yet no
 * wait collapses to zero. A server's Retry-After (seconds) lengthens the wait, still within maxDelayMs.
 */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterSeconds?: number | null,
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = cap / 2 + clamp01(random()) * (cap / 2);
  const asked =
    retryAfterSeconds != null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
      ? retryAfterSeconds * 1000
      : 0;
  return Math.round(Math.min(policy.maxDelayMs, Math.max(jittered, asked)));
}

export function normaliseRetryPolicy(partial: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...partial };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1 || policy.maxAttempts > 10) {
    throw new RangeError(`retry.maxAttempts must be an integer 1-10, got ${policy.maxAttempts}`);
  }
  if (!(policy.baseDelayMs >= 0) || !(policy.maxDelayMs >= policy.baseDelayMs)) {
    throw new RangeError('retry delays must satisfy 0 <= baseDelayMs <= maxDelayMs');
  }
  return policy;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}
