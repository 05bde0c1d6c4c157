import type { PosError } from '../../../shared/errors.ts';
import { measureClockSkew } from './clock-skew.ts';
import type { HttpExchange } from './exchange.ts';
import {
  classifyFetchFailure,
  isRedirectStatus,
  networkError,
  redirectError,
  timeoutError,
  type FailureContext,
  type FetchFailure,
} from './failures.ts';
import { parseJsonOrUndefined } from './json-text.ts';
import { backoffDelayMs, normaliseRetryPolicy, shouldRetry, type AttemptOutcome, type RetryPolicy } from './retry.ts';
import {
  checkTimeouts,
  DEFAULT_TIMEOUTS,
  parseRetryAfter,
  timedFetch,
  type FetchLike,
  type FetchOutcome,
  type Timeouts,
} from './timed-fetch.ts';
import type { TransportTuning } from './transport-tuning.ts';

// The one send–classify–retry loop behind both provider transports. Each attempt is bounded in time
// (timed-fetch.ts), classified (failures.ts), retried only where safe (retry.ts: no answer at all or a 5xx,
// never a 4xx) after a jittered backoff, always with the same bytes and the same idempotency key, and
// reported for the audit log. Every reply's Date header updates the measured clock skew. What differs per
// provider comes in as hooks: the headers of an attempt (signed, or a bearer), how a refusal body reads, and
// how bodies are redacted for the audit log.

/** What differs between the providers, fixed for a transport's lifetime. */
export interface ProviderWire<Operation extends string> {
  /** A non-2xx, non-redirect reply as our error (the provider's wording mapped to our codes). */
  readonly refusalError: (status: number, text: string, operation: Operation, context: FailureContext) => PosError;
  /** A body as the audit log may keep it; as sent when absent. */
  readonly auditBody?: ((text: string) => string) | undefined;
}

export interface AttemptLoopConfig<Operation extends string> extends TransportTuning {
  readonly wire: ProviderWire<Operation>;
  readonly onExchange?: ((exchange: HttpExchange<Operation>) => void) | undefined;
}

export interface AttemptRequest<Operation extends string> {
  readonly operation: Operation;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The bytes sent, the same on every attempt; "" for no body. */
  readonly body: string;
  /** Sent (by `headersAt`) and kept across retries; reported to the audit log. */
  readonly idempotencyKey: string | null;
  readonly policy: RetryPolicy;
  /** The headers of an attempt that starts at `startedAt` (ms since the epoch): a signer dates and signs them. */
  readonly headersAt: (startedAt: number) => Record<string, string>;
}

export interface HttpReply {
  readonly status: number;
  readonly text: string;
  /** Parsed JSON body, or undefined when it was not JSON. */
  readonly json: unknown;
  readonly attempts: number;
  /** For errors raised after the fact (a 2xx that does not validate). */
  readonly context: FailureContext;
}

export class AttemptLoop<Operation extends string> {
  readonly #wire: ProviderWire<Operation>;
  readonly #fetch: FetchLike;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onExchange: ((exchange: HttpExchange<Operation>) => void) | undefined;
  #lastClockSkewMs: number | null = null;
  #lastClockSkewAt: number | null = null;

  constructor(config: AttemptLoopConfig<Operation>) {
    this.#wire = config.wire;
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeouts = checkTimeouts({ ...DEFAULT_TIMEOUTS, ...config.timeouts });
    this.#retry = normaliseRetryPolicy(config.retry);
    this.#now = config.now ?? Date.now;
    this.#random = config.random ?? Math.random;
    this.#sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#onExchange = config.onExchange;
  }

  /** The transport's policy with a request's overrides; throws RangeError for an impossible one. */
  policyFor(override: Partial<RetryPolicy> | undefined): RetryPolicy {
    return override ? normaliseRetryPolicy({ ...this.#retry, ...override }) : this.#retry;
  }

  /** Our clock minus the provider's, from the last reply that carried a Date header; null until then. */
  get lastClockSkewMs(): number | null {
    return this.#lastClockSkewMs;
  }

  /** When lastClockSkewMs was measured (ms since the epoch, our clock), null until then. */
  get lastClockSkewAt(): number | null {
    return this.#lastClockSkewAt;
  }

  /** Resolves with a 2xx reply; throws PosError for everything else (details convention in failures.ts). */
  async send(request: AttemptRequest<Operation>): Promise<HttpReply> {
    let earlierOutcomeUnknown = false;
    for (let attempt = 1; ; attempt++) {
      const startedAt = this.#now();
      const headers = request.headersAt(startedAt);
      const init: RequestInit = {
        method: request.method,
        headers,
        ...(request.body === '' ? {} : { body: request.body }),
        // An authenticated request is never re-sent elsewhere, never cached, never carries cookies.
        redirect: 'manual',
        cache: 'no-store',
        credentials: 'omit',
      };
      const outcome = classify(await timedFetch(this.#fetch, request.url, init, this.#timeouts));
      const receivedAt = this.#now();
      const context: FailureContext = { operation: request.operation, attempts: attempt, earlierOutcomeUnknown };
      const skewMs = outcome.kind === 'response' ? this.#measureSkew(outcome.headers, startedAt, receivedAt) : null;

      const success = outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300 ? outcome : null;
      const failure = success ? null : this.#failureOf(outcome, request.operation, { ...context, skewMs });
      this.#report({
        operation: request.operation,
        method: request.method,
        url: request.url,
        date: headers.Date ?? null,
        idempotencyKey: request.idempotencyKey,
        requestBody: this.#auditBody(request.body),
        status: outcome.kind === 'response' ? outcome.status : null,
        responseBody: outcome.kind === 'response' ? this.#auditBody(outcome.text) : null,
        error: failure && {
          code: failure.code,
          message: failure.message,
          networkCode: outcome.kind === 'network' ? outcome.failure.code : null,
        },
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Math.max(0, receivedAt - startedAt),
        attempt,
      });

      if (success)
        return {
          status: success.status,
          text: success.text,
          json: parseJsonOrUndefined(success.text),
          attempts: attempt,
          context,
        };
      if (!failure || !shouldRetry(attemptOutcomeOf(outcome), attempt, request.policy)) throw failure;
      earlierOutcomeUnknown ||= failure.details?.outcomeUnknown === true;
      const retryAfter = outcome.kind === 'response' ? parseRetryAfter(outcome.headers.get('retry-after')) : null;
      await this.#sleep(backoffDelayMs(attempt, request.policy, this.#random, retryAfter));
    }
  }

  #measureSkew(headers: Headers, startedAt: number, receivedAt: number): number | null {
    const skewMs = measureClockSkew(headers.get('date'), startedAt, receivedAt);
    if (skewMs !== null) {
      this.#lastClockSkewMs = skewMs;
      this.#lastClockSkewAt = receivedAt;
    }
    return skewMs;
  }

  #failureOf(outcome: ClassifiedOutcome, operation: Operation, context: FailureContext): PosError {
    switch (outcome.kind) {
      case 'network':
        return networkError(outcome.failure, context);
      case 'timeout':
        return timeoutError(context, outcome.phase, outcome.timeoutMs);
      case 'response':
        // A redirect (or Electron's opaque status 0) is never followed: failures.ts's redirectError.
        if (isRedirectStatus(outcome.status)) return redirectError(outcome.status, context);
        return this.#wire.refusalError(outcome.status, outcome.text, operation, context);
    }
  }

  #auditBody(text: string): string {
    return this.#wire.auditBody ? this.#wire.auditBody(text) : text;
  }

  #report(exchange: HttpExchange<Operation>): void {
    if (!this.#onExchange) return;
    try {
      this.#onExchange(exchange);
    } catch {
      // The audit sink's own failure must not turn a payment's known outcome into an unknown one.
    }
  }
}

/** A fetch outcome with its network failure, if any, read once. */
type ClassifiedOutcome =
  Exclude<FetchOutcome, { kind: 'network' }> | { readonly kind: 'network'; readonly failure: FetchFailure };

function classify(outcome: FetchOutcome): ClassifiedOutcome {
  return outcome.kind === 'network' ? { kind: 'network', failure: classifyFetchFailure(outcome.error) } : outcome;
}

function attemptOutcomeOf(outcome: ClassifiedOutcome): AttemptOutcome {
  switch (outcome.kind) {
    case 'response':
      return { kind: 'response', status: outcome.status };
    case 'network':
      return { kind: 'network', neverSent: outcome.failure.neverSent };
    case 'timeout':
      return { kind: 'timeout' };
  }
}
