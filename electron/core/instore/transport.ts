import { AttemptLoop, type HttpReply, type ProviderWire } from '../http/attempt-loop.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { isUuidV4 } from '../http/idempotency-key.ts';
import type { RetryPolicy } from '../http/retry.ts';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { providerErrorFromResponse } from './errors.ts';
import { idempotencyHeaderName } from '../provider/header-names.ts';
import type { EnvironmentProfile } from './profiles.ts';
import { authorizationHeader, canonicalBody, CONTENT_TYPE, requestDate, signature } from './signer.ts';

// Signed HTTP to the in-store API: builds the SB1 headers and sends exactly the canonical bytes it signed,
// through the shared attempt loop (../http/attempt-loop.ts: connect 10 s / read 20 s, retries only where safe
// with the same idempotency key, clock skew from every reply, each attempt reported for the audit log). It
// adds what is in-store's own: the signature, a fresh Date per attempt, and the provider's refusal sentences.
// It knows nothing about orders.
//
// A connect failure the fetch implementation itself reports (undici's UND_ERR_CONNECT_TIMEOUT, which fires at
// 10 s; Chromium's net::ERR_CONNECTION_TIMED_OUT) proves nothing was sent. When OUR deadline fires we cannot
// tell whether the request had left, so that timeout is reported with outcomeUnknown: true.

export interface TransportConfig extends TransportTuning {
  readonly profile: EnvironmentProfile;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly onExchange?: ((exchange: HttpExchange) => void) | undefined;
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
  const sig = signature({
    method: input.method,
    url: input.url,
    date: input.date,
    canonical: input.canonical,
    secret: input.accessKeySecret,
  });
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
  readonly #attempts: AttemptLoop<string>;

  constructor(config: TransportConfig) {
    this.profile = config.profile;
    this.#accessKeyId = config.accessKeyId.trim();
    this.#accessKeySecret = config.accessKeySecret;
    this.#attempts = new AttemptLoop({ ...config, wire: IN_STORE_WIRE });
  }

  /** Our clock minus the provider's, from the last reply that carried a Date header; null until then. */
  get lastClockSkewMs(): number | null {
    return this.#attempts.lastClockSkewMs;
  }

  /** When lastClockSkewMs was measured (ms since the epoch, our clock), null until then. */
  get lastClockSkewAt(): number | null {
    return this.#attempts.lastClockSkewAt;
  }

  /** Resolves with a 2xx reply; throws PosError for everything else (see ../http/failures.ts for `details`). */
  async send(request: SendRequest): Promise<HttpReply> {
    const policy = this.#attempts.policyFor(request.retry);
    // Refused before sending: provably not processed.
    const notSent = { operation: request.operation, attempts: 0, outcomeUnknown: false };
    if (!this.#accessKeyId || !this.#accessKeySecret) {
      throw new PosError('auth.missing', { details: notSent });
    }
    if (/[\s:]/.test(this.#accessKeyId)) {
      throw new PosError('settings.invalid', {
        notice: notice('provider.access-key-spaces'),
        details: notSent,
      });
    }
    const idempotencyKey = request.method === 'POST' ? (request.idempotencyKey ?? null) : null;
    if (request.method === 'POST' && (idempotencyKey === null || !isUuidV4(idempotencyKey))) {
      throw new PosError('internal', {
        cause: new Error(`${request.operation}: a UUID v4 idempotency key is required`),
        details: notSent,
      });
    }

    const url = `${this.profile.baseUrl}${request.path}`;
    // Canonicalised once: every retry sends (and signs) the same bytes under the same key.
    const canonical = canonicalBody(request.body);
    return this.#attempts.send({
      operation: request.operation,
      method: request.method,
      url,
      body: canonical,
      idempotencyKey,
      policy,
      // Each attempt is dated (and so signed) afresh: the provider refuses a Date about a minute old.
      headersAt: (startedAt) =>
        buildSignedHeaders({
          profile: this.profile,
          accessKeyId: this.#accessKeyId,
          accessKeySecret: this.#accessKeySecret,
          method: request.method,
          url,
          date: requestDate(new Date(startedAt)),
          canonical,
          idempotencyKey,
        }),
    });
  }
}

const IN_STORE_WIRE: ProviderWire<string> = {
  refusalError: (status, text, _operation, context) => providerErrorFromResponse(status, text, context),
};
