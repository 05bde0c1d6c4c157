import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { checkTimeouts, DEFAULT_TIMEOUTS, parseRetryAfter, timedFetch, type FetchLike, type FetchOutcome, type Timeouts } from '../http/timed-fetch.ts';
import { classifyFetchFailure, networkError, timeoutError, type FailureContext } from '../instore/errors.ts';
import { backoffDelayMs, normaliseRetryPolicy, shouldRetry, type AttemptOutcome, type RetryPolicy } from '../instore/retry.ts';
import { isUuidV4 } from '../instore/transport.ts';
import { redact } from '../journal/redact.ts';
import { tokenizedErrorFromResponse, type TokenizedOperation } from './errors.ts';
import type { TokenizedProfile } from './wire.ts';

// JSON over HTTP to the tokenized API: one bounded attempt at a time (../http/timed-fetch.ts, 10 s connect /
// 20 s read), retried only where the document allows it — no answer at all or a 5xx — with the SAME
// `X-Service-Idempotent-Id` (document idempotency rule 2), bounded by the retry policy; never a 4xx (401
// payment-token.invalid, 409s, auth-code errors are final). Each attempt is reported for the audit log with
// tokens, codes and secrets redacted. It knows the bearer header only as a value it is handed.

export interface TokenizedExchange {
  readonly operation: TokenizedOperation;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly idempotencyKey: string | null;
  /** Redacted: no payment token, auth code, app token or password. */
  readonly requestBody: string;
  readonly status: number | null;
  readonly responseBody: string | null;
  readonly error: { readonly code: ErrorCode; readonly message: string } | null;
  readonly startedAt: string;
  readonly durationMs: number;
  /** 1-based. */
  readonly attempt: number;
}

export interface TokenizedTransportConfig extends TransportTuning {
  readonly profile: TokenizedProfile;
  readonly onExchange?: ((exchange: TokenizedExchange) => void) | undefined;
}

export interface TokenizedRequest {
  readonly operation: TokenizedOperation;
  readonly method: 'GET' | 'POST';
  /** Below the base URL: `/auth/login` or `/tokenized-payment/v1/...`. */
  readonly path: string;
  readonly body?: object | undefined;
  /** `Bearer …`; absent only for login. */
  readonly authorization?: string | undefined;
  /** UUID v4, kept across retries; null for reads and writes sent without one. */
  readonly idempotencyKey?: string | null | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
}

export interface TokenizedResponse {
  readonly status: number;
  /** Parsed JSON body, or undefined when it was not JSON. */
  readonly json: unknown;
  readonly attempts: number;
  /** For errors raised after the fact (a 2xx that does not validate). */
  readonly context: FailureContext;
}

/** Keys the audit log never keeps (beyond journal/redact.ts's tokens and secrets). */
const AUDIT_SECRET_KEYS = new Set(['code', 'authcode', 'username']);

export class TokenizedTransport {
  readonly profile: TokenizedProfile;
  readonly #fetch: FetchLike;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onExchange: ((exchange: TokenizedExchange) => void) | undefined;

  constructor(config: TokenizedTransportConfig) {
    this.profile = config.profile;
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeouts = checkTimeouts({ ...DEFAULT_TIMEOUTS, ...config.timeouts });
    this.#retry = normaliseRetryPolicy(config.retry);
    this.#now = config.now ?? Date.now;
    this.#random = config.random ?? Math.random;
    this.#sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#onExchange = config.onExchange;
  }

  /** Resolves with a 2xx reply; throws PosError for everything else (details convention in errors.ts). */
  async send(request: TokenizedRequest): Promise<TokenizedResponse> {
    const policy = request.retry ? normaliseRetryPolicy({ ...this.#retry, ...request.retry }) : this.#retry;
    const idempotencyKey = request.idempotencyKey ?? null;
    if (idempotencyKey !== null && !isUuidV4(idempotencyKey)) {
      throw new PosError('internal', {
        cause: new Error(`${request.operation}: the idempotency key must be a UUID v4`),
        details: { operation: request.operation, attempts: 0, outcomeUnknown: false },
      });
    }
    const url = `${this.profile.baseUrl}${request.path}`;
    // Serialised once: every retry sends the same bytes under the same key.
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (request.authorization) headers.Authorization = request.authorization;
    if (idempotencyKey !== null) headers[this.profile.idempotencyHeader] = idempotencyKey;
    let earlierOutcomeUnknown = false;

    for (let attempt = 1; ; attempt++) {
      const startedAt = this.#now();
      const raw = await timedFetch(this.#fetch, url, {
        method: request.method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        // A bearer-authenticated request is never re-sent elsewhere, never cached, never carries cookies.
        redirect: 'manual',
        cache: 'no-store',
        credentials: 'omit',
      }, this.#timeouts);
      const receivedAt = this.#now();
      const context: FailureContext = { operation: request.operation, attempts: attempt, earlierOutcomeUnknown };
      const success = raw.kind === 'response' && raw.status >= 200 && raw.status < 300 ? raw : null;
      const failure = success ? null : failureOf(raw, request.operation, context);
      this.#record({
        operation: request.operation,
        method: request.method,
        url,
        idempotencyKey,
        requestBody: auditText(payload ?? ''),
        status: raw.kind === 'response' ? raw.status : null,
        responseBody: raw.kind === 'response' ? auditText(raw.text) : null,
        error: failure && { code: failure.code, message: failure.message },
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Math.max(0, receivedAt - startedAt),
        attempt,
      });
      if (success) return { status: success.status, json: parseJson(success.text), attempts: attempt, context };
      if (!failure || !shouldRetry(toAttemptOutcome(raw), attempt, policy)) throw failure;
      earlierOutcomeUnknown ||= failure.details?.outcomeUnknown === true;
      const retryAfter = raw.kind === 'response' ? parseRetryAfter(raw.headers.get('retry-after')) : null;
      await this.#sleep(backoffDelayMs(attempt, policy, this.#random, retryAfter));
    }
  }

  #record(exchange: TokenizedExchange): void {
    if (!this.#onExchange) return;
    try {
      this.#onExchange(exchange);
    } catch {
      // The audit sink's own failure must not turn a payment's known outcome into an unknown one.
    }
  }
}

function failureOf(raw: FetchOutcome, operation: TokenizedOperation, context: FailureContext): PosError {
  switch (raw.kind) {
    case 'network':
      return networkError(classifyFetchFailure(raw.error), context);
    case 'timeout':
      return timeoutError(context, raw.phase, raw.timeoutMs);
    case 'response':
      // Electron's net.fetch reports a manual redirect as an opaque response with status 0.
      if (raw.status < 200 || (raw.status >= 300 && raw.status < 400)) {
        return new PosError('provider.bad-response', {
          message: 'The provider address redirects elsewhere. Check the environment in Settings.',
          details: { operation, attempts: context.attempts, httpStatus: raw.status, providerCode: null, providerMessage: null, outcomeUnknown: context.earlierOutcomeUnknown },
        });
      }
      return tokenizedErrorFromResponse(raw.status, raw.text, operation, context);
  }
}

function toAttemptOutcome(raw: FetchOutcome): AttemptOutcome {
  switch (raw.kind) {
    case 'response':
      return { kind: 'response', status: raw.status };
    case 'network':
      return { kind: 'network', neverSent: classifyFetchFailure(raw.error).neverSent };
    case 'timeout':
      return { kind: 'timeout' };
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as the audit log may keep it: JSON with credentials, tokens and codes replaced. */
export function auditText(text: string): string {
  const json = parseJson(text);
  if (json === undefined) return text.slice(0, 512);
  return JSON.stringify(hideCodes(redact(json)));
}

function hideCodes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideCodes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, AUDIT_SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : hideCodes(item)]));
}
