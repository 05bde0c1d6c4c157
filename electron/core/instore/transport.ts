import { randomUUID } from 'node:crypto';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { measureClockSkew } from './clock-skew.ts';
import {
  classifyFetchFailure,
  networkError,
  providerErrorFromResponse,
  timeoutError,
  type FailureContext,
  type FetchFailure,
} from './errors.ts';
import { idempotencyHeaderName, type EnvironmentProfile } from './profiles.ts';
import { backoffDelayMs, normaliseRetryPolicy, shouldRetry, type AttemptOutcome, type RetryPolicy } from './retry.ts';
import { authorizationHeader, canonicalBody, CONTENT_TYPE, requestDate, signature } from './signer.ts';
import { checkTimeouts, DEFAULT_TIMEOUTS, parseRetryAfter, timedFetch, type FetchLike, type Timeouts } from '../http/timed-fetch.ts';

// Signed HTTP to the in-store API: builds the SB1 headers, sends exactly the canonical bytes it signed,
// bounds every attempt in time (../http/timed-fetch.ts: connect 10 s / read 20 s), retries only where safe with
// the same idempotency key, measures clock skew from every reply, and reports each attempt for the audit log.
// It knows nothing about orders.
//
// A connect failure the fetch implementation itself reports (undici's UND_ERR_CONNECT_TIMEOUT, which fires at
// 10 s; Chromium's net::ERR_CONNECTION_TIMED_OUT) proves nothing was sent. When OUR deadline fires we cannot
// tell whether the request had left, so that timeout is reported with outcomeUnknown: true.

export type { FetchLike, Timeouts } from '../http/timed-fetch.ts';
export { DEFAULT_TIMEOUTS } from '../http/timed-fetch.ts';

/** One attempt, as the audit log keeps it. Never holds the secret or the signature. */
export interface Exchange {
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The Date header sent (and signed). */
  readonly date: string;
  readonly idempotencyKey: string | null;
  /** The canonical body exactly as sent ("" for none). Bodies never contain credentials. */
  readonly requestBody: string;
  readonly status: number | null;
  readonly responseBody: string | null;
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly networkCode: string | null } | null;
  readonly startedAt: string;
  readonly durationMs: number;
  /** 1-based. */
  readonly attempt: number;
}

export interface TransportConfig extends TransportTuning {
  readonly profile: EnvironmentProfile;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly onExchange?: ((exchange: Exchange) => void) | undefined;
}

export interface SendRequest {
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  /** Path below the base URL, starting with `/v1/`. */
  readonly path: string;
  readonly body?: object | undefined;
  /** Required for POST: kept across retries of this request. */
  readonly idempotencyKey?: string | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
}

export interface SendResult {
  readonly status: number;
  readonly text: string;
  /** Parsed JSON body, or undefined when it was not JSON. */
  readonly json: unknown;
  readonly attempts: number;
  /** For errors raised after the fact (a 2xx that does not validate). */
  readonly context: FailureContext;
}

type RawOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly dateHeader: string | null; readonly retryAfter: number | null }
  | { readonly kind: 'network'; readonly failure: FetchFailure }
  | { readonly kind: 'timeout'; readonly phase: 'headers' | 'body'; readonly timeoutMs: number };

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuidV4(value: string): boolean {
  return UUID_V4.test(value);
}

export function newIdempotencyKey(): string {
  return randomUUID();
}

export interface SignedHeadersInput {
  readonly profile: EnvironmentProfile;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly date: string;
  readonly canonical: string;
  readonly idempotencyKey: string | null;
}

/** The four headers of wire-details §2.2: Content-Type on every call, GET included; the idempotency key on writes. */
export function buildSignedHeaders(input: SignedHeadersInput): Record<string, string> {
  const sig = signature({ method: input.method, url: input.url, date: input.date, canonical: input.canonical, secret: input.accessKeySecret });
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPE,
    Date: input.date,
    Authorization: authorizationHeader(input.accessKeyId, sig),
  };
  if (input.idempotencyKey !== null) headers[idempotencyHeaderName(input.profile.headerPrefix)] = input.idempotencyKey;
  return headers;
}

export class SignedTransport {
  readonly profile: EnvironmentProfile;
  readonly #accessKeyId: string;
  readonly #accessKeySecret: string;
  readonly #fetch: FetchLike;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onExchange: ((exchange: Exchange) => void) | undefined;
  #lastClockSkewMs: number | null = null;
  #lastClockSkewAt: number | null = null;

  constructor(config: TransportConfig) {
    this.profile = config.profile;
    this.#accessKeyId = config.accessKeyId.trim();
    this.#accessKeySecret = config.accessKeySecret;
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
    this.#retry = normaliseRetryPolicy(config.retry);
    this.#now = config.now ?? Date.now;
    this.#random = config.random ?? Math.random;
    this.#sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#onExchange = config.onExchange;
    checkTimeouts(this.#timeouts);
  }

  /** Our clock minus the provider's, from the last reply that carried a Date header; null until then. */
  get lastClockSkewMs(): number | null {
    return this.#lastClockSkewMs;
  }

  /** When lastClockSkewMs was measured (ms since the epoch, our clock), null until then. */
  get lastClockSkewAt(): number | null {
    return this.#lastClockSkewAt;
  }

  /** Resolves with a 2xx reply; throws PosError for everything else (see errors.ts for `details`). */
  async send(request: SendRequest): Promise<SendResult> {
    const policy = request.retry ? normaliseRetryPolicy({ ...this.#retry, ...request.retry }) : this.#retry;
    // Refused before sending: provably not processed.
    const notSent = { operation: request.operation, attempts: 0, outcomeUnknown: false };
    if (!this.#accessKeyId || !this.#accessKeySecret) {
      throw new PosError('auth.missing', { details: notSent });
    }
    if (/[\s:]/.test(this.#accessKeyId)) {
      throw new PosError('settings.invalid', { message: 'The access key id contains spaces or a colon. Check it in Settings.', details: notSent });
    }
    const idempotencyKey = request.method === 'POST' ? (request.idempotencyKey ?? null) : null;
    if (request.method === 'POST' && (idempotencyKey === null || !isUuidV4(idempotencyKey))) {
      throw new PosError('internal', { cause: new Error(`${request.operation}: a UUID v4 idempotency key is required`), details: notSent });
    }

    const url = `${this.profile.baseUrl}${request.path}`;
    // Canonicalised once: every retry sends (and signs) the same bytes under the same key.
    const canonical = canonicalBody(request.body);
    let earlierOutcomeUnknown = false;

    for (let attempt = 1; ; attempt++) {
      const startedAt = this.#now();
      const date = requestDate(new Date(startedAt));
      const headers = buildSignedHeaders({
        profile: this.profile,
        accessKeyId: this.#accessKeyId,
        accessKeySecret: this.#accessKeySecret,
        method: request.method,
        url,
        date,
        canonical,
        idempotencyKey,
      });
      const raw = await this.#attemptOnce(url, {
        method: request.method,
        headers,
        ...(canonical === '' ? {} : { body: canonical }),
        // A signed request is never re-sent elsewhere, never cached, never carries cookies.
        redirect: 'manual',
        cache: 'no-store',
        credentials: 'omit',
      });
      const receivedAt = this.#now();
      const context: FailureContext = { operation: request.operation, attempts: attempt, earlierOutcomeUnknown };

      let skewMs: number | null = null;
      if (raw.kind === 'response') {
        skewMs = measureClockSkew(raw.dateHeader, startedAt, receivedAt);
        if (skewMs !== null) {
          this.#lastClockSkewMs = skewMs;
          this.#lastClockSkewAt = receivedAt;
        }
      }

      const success = raw.kind === 'response' && raw.status >= 200 && raw.status < 300 ? raw : null;
      const failure = success ? null : this.#failureOf(raw, { ...context, skewMs });
      this.#record({
        operation: request.operation,
        method: request.method,
        url,
        date,
        idempotencyKey,
        requestBody: canonical,
        status: raw.kind === 'response' ? raw.status : null,
        responseBody: raw.kind === 'response' ? raw.text : null,
        error: failure && { code: failure.code, message: failure.message, networkCode: stringOrNull(failure.details?.networkCode) },
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Math.max(0, receivedAt - startedAt),
        attempt,
      });

      if (success) return { status: success.status, text: success.text, json: parseJson(success.text), attempts: attempt, context };
      if (!failure || !shouldRetry(toAttemptOutcome(raw), attempt, policy)) throw failure;
      earlierOutcomeUnknown ||= failure.details?.outcomeUnknown === true;
      await this.#sleep(backoffDelayMs(attempt, policy, this.#random, raw.kind === 'response' ? raw.retryAfter : null));
    }
  }

  #failureOf(raw: RawOutcome, context: FailureContext): PosError {
    switch (raw.kind) {
      case 'network':
        return networkError(raw.failure, context);
      case 'timeout':
        return timeoutError(context, raw.phase, raw.timeoutMs);
      case 'response':
        // Electron's net.fetch reports a manual redirect as an opaque response with status 0.
        if (raw.status < 200 || (raw.status >= 300 && raw.status < 400)) {
          return new PosError('provider.bad-response', {
            message: 'The provider address redirects elsewhere. Check the environment and address in Settings.',
            details: { operation: context.operation, attempts: context.attempts, httpStatus: raw.status, providerMessage: null, traceId: null, outcomeUnknown: context.earlierOutcomeUnknown },
          });
        }
        return providerErrorFromResponse(raw.status, raw.text, context);
    }
  }

  async #attemptOnce(url: string, init: RequestInit): Promise<RawOutcome> {
    const outcome = await timedFetch(this.#fetch, url, init, this.#timeouts);
    switch (outcome.kind) {
      case 'response':
        return {
          kind: 'response',
          status: outcome.status,
          text: outcome.text,
          dateHeader: outcome.headers.get('date'),
          retryAfter: parseRetryAfter(outcome.headers.get('retry-after')),
        };
      case 'network':
        return { kind: 'network', failure: classifyFetchFailure(outcome.error) };
      case 'timeout':
        return outcome;
    }
  }

  #record(exchange: Exchange): void {
    if (!this.#onExchange) return;
    try {
      this.#onExchange(exchange);
    } catch {
      // The audit sink's own failure must not turn a payment's known outcome into an unknown one.
    }
  }
}

function toAttemptOutcome(raw: RawOutcome): AttemptOutcome {
  switch (raw.kind) {
    case 'response':
      return { kind: 'response', status: raw.status };
    case 'network':
      return { kind: 'network', neverSent: raw.failure.neverSent };
    case 'timeout':
      return { kind: 'timeout' };
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
