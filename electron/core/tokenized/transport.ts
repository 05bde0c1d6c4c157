import { PosError } from '../../../shared/errors.ts';
import { AttemptLoop, type HttpReply, type ProviderWire } from '../http/attempt-loop.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { isUuidV4 } from '../http/idempotency-key.ts';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import type { RetryPolicy } from '../http/retry.ts';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { redact } from '../sqlite/redact.ts';
import { tokenizedErrorFromResponse, type TokenizedOperation } from './errors.ts';
import type { TokenizedProfile } from './wire.ts';

// JSON over HTTP to the tokenized API, through the shared attempt loop (../http/attempt-loop.ts: 10 s connect
// / 20 s read, retried only where the document allows it — no answer at all or a 5xx — with the SAME
// `X-Service-Idempotent-Id` (document idempotency rule 2), bounded by the retry policy; never a 4xx (401
// payment-token.invalid, 409s, auth-code errors are final)). It adds what is tokenized's own: the bearer
// header (a value it is handed), the provider's error codes, and the audit log's redaction of tokens, codes
// and secrets.

/** One attempt as the audit log keeps it: no payment token, auth code, app token or password in its bodies. */
export type TokenizedExchange = HttpExchange<TokenizedOperation>;

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

/** Keys the audit log never keeps (beyond sqlite/redact.ts's tokens and secrets). */
const AUDIT_SECRET_KEYS = new Set(['code', 'authcode', 'username']);

export class TokenizedTransport {
  readonly profile: TokenizedProfile;
  readonly #attempts: AttemptLoop<TokenizedOperation>;

  constructor(config: TokenizedTransportConfig) {
    this.profile = config.profile;
    this.#attempts = new AttemptLoop({ ...config, wire: TOKENIZED_WIRE });
  }

  /** Resolves with a 2xx reply; throws PosError for everything else (details convention in ../http/failures.ts, provider fields in errors.ts). */
  async send(request: TokenizedRequest): Promise<HttpReply> {
    const policy = this.#attempts.policyFor(request.retry);
    const idempotencyKey = request.idempotencyKey ?? null;
    if (idempotencyKey !== null && !isUuidV4(idempotencyKey)) {
      throw new PosError('internal', {
        cause: new Error(`${request.operation}: the idempotency key must be a UUID v4`),
        details: { operation: request.operation, attempts: 0, outcomeUnknown: false },
      });
    }
    // Serialised once: every retry sends the same bytes under the same key.
    const payload = request.body === undefined ? '' : JSON.stringify(request.body);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload !== '') headers['Content-Type'] = 'application/json';
    if (request.authorization) headers.Authorization = request.authorization;
    if (idempotencyKey !== null) headers[this.profile.idempotencyHeader] = idempotencyKey;
    return this.#attempts.send({
      operation: request.operation,
      method: request.method,
      url: `${this.profile.baseUrl}${request.path}`,
      body: payload,
      idempotencyKey,
      policy,
      headersAt: () => headers,
    });
  }
}

const TOKENIZED_WIRE: ProviderWire<TokenizedOperation> = {
  refusalError: tokenizedErrorFromResponse,
  auditBody: auditText,
};

/** The body as the audit log may keep it: JSON with credentials, tokens and codes replaced. */
function auditText(text: string): string {
  const json = parseJsonOrUndefined(text);
  if (json === undefined) return text.slice(0, 512);
  return JSON.stringify(hideCodes(redact(json)));
}

function hideCodes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideCodes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      AUDIT_SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : hideCodes(item),
    ]),
  );
}
