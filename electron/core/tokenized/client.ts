import { blankToUndefined } from '../http/json-body.ts';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type ErrorParam } from '../../../shared/notices.ts';
import type { CurrencyCode, Money } from '../../../shared/money.ts';
import type { HttpReply } from '../http/attempt-loop.ts';
import { badResponseError } from '../http/failures.ts';
import { newIdempotencyKey } from '../http/idempotency-key.ts';
import type { RetryPolicy } from '../http/retry.ts';
import { toWireAmount } from './amounts.ts';
import { providerCodeOf, type TokenizedOperation } from './errors.ts';
import { linkSessionStatusView, type LinkSessionInput, type LinkSessionStatusView } from './linking.ts';
import { MerchantSession } from './merchant-session.ts';
import {
  expectId,
  expectRef,
  toPreAuth,
  toResult,
  type CaptureInput,
  type ChargeInput,
  type PaymentResult,
  type PreAuthInput,
  type PreAuthRecord,
  type VoidResult,
} from './payment-records.ts';
import { checkBody, checkId, parse, wireMoney } from './request-checks.ts';
import {
  captureBodySchema,
  cashbackResponseSchema,
  chargeBodySchema,
  codeBodySchema,
  exchangeResponseSchema,
  linkBodySchema,
  linkSessionResponseSchema,
  linkStatusResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  paymentTokenBodySchema,
  preAuthBodySchema,
  preAuthRecordSchema,
  resultRecordSchema,
  unlinkResponseSchema,
  voidBodySchema,
  voidResponseSchema,
  type LinkSessionResponse,
  type MerchantMetadata,
} from './schemas.ts';
import { TokenizedTransport, type TokenizedExchange } from './transport.ts';
import { LOGIN_PATH, PATHS, type TokenizedProfile } from './wire.ts';

// The client's callers read every shape they use from here: the linking and payment shapes live beside it.
export type { LinkSessionInput, LinkSessionStatusView } from './linking.ts';
export type {
  CaptureInput,
  ChargeInput,
  PaymentResult,
  PreAuthInput,
  PreAuthRecord,
  VoidResult,
} from './payment-records.ts';

// The tokenized API client (tokenized-payment-api.md, wire-details §3): one method per endpoint, typed in
// and out, Money in minor units on our side and major-unit decimals only on the wire. It logs in with the
// merchant id and secret, keeps the merchant token until shortly before it expires, and logs in again once
// when a call is refused with 401 `unauthorized`. Requests are checked before they leave, replies are
// validated at the edge, and only PosError is thrown (details: operation, attempts, httpStatus, providerCode,
// providerMessage, outcomeUnknown — see errors.ts). It keeps no payment state: the caller journals the
// idempotency key and merchantRef BEFORE calling, and passes them in, so a resend is recognised.

export interface TokenizedCredentials {
  readonly merchantId: string;
  /** From the vault; `TK_…` in sandboxes, `PK_…` in production. */
  readonly secret: string;
}

export interface TokenizedClientConfig extends TransportTuning {
  readonly profile: TokenizedProfile;
  readonly credentials: TokenizedCredentials;
  /** The merchant channel's configured currency: every pre-auth and charge must be in it. */
  readonly currency: CurrencyCode;
  /** Every attempt, for the audit log (bodies redacted). */
  readonly onExchange?: ((exchange: TokenizedExchange) => void) | undefined;
}

export interface TokenizedWriteOptions {
  /** UUID v4 journalled before sending; resends (timeouts, 5xx) reuse it. Default: a new one. */
  readonly idempotencyKey?: string | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
}

export interface RequiredKeyOptions extends TokenizedWriteOptions {
  readonly idempotencyKey: string;
}

export interface LoginCheck {
  readonly ok: boolean;
  readonly latencyMs: number | null;
  /** Why the login failed (its notice, else its code), or null. */
  readonly error: ErrorParam | null;
}

export function createTokenizedClient(config: TokenizedClientConfig): TokenizedClient {
  return new TokenizedClient(config);
}

export class TokenizedClient {
  readonly profile: TokenizedProfile;
  readonly currency: CurrencyCode;
  readonly #credentials: TokenizedCredentials;
  readonly #transport: TokenizedTransport;
  readonly #session: MerchantSession;
  readonly #now: () => number;

  constructor(config: TokenizedClientConfig) {
    this.profile = config.profile;
    this.currency = config.currency;
    this.#credentials = { merchantId: config.credentials.merchantId.trim(), secret: config.credentials.secret };
    this.#now = config.now ?? Date.now;
    this.#transport = new TokenizedTransport({
      profile: config.profile,
      fetch: config.fetch,
      timeouts: config.timeouts,
      retry: config.retry,
      now: config.now,
      random: config.random,
      sleep: config.sleep,
      onExchange: config.onExchange,
    });
    this.#session = new MerchantSession(() => this.#login(), this.#now);
  }

  // ---- account linking ----

  /** `POST /link-sessions/link`: the consent page address, its app token and the session's expiry. */
  async createLinkSession(input: LinkSessionInput): Promise<LinkSessionResponse> {
    const body = checkBody('link', linkBodySchema, {
      callbackUrl: input.callbackUrl,
      state: input.state,
      merchantUserId: input.merchantUserId,
      userHint: { phone: blankToUndefined(input.userHint.phone), email: blankToUndefined(input.userHint.email) },
    });
    const reply = await this.#call({ operation: 'link', method: 'POST', path: PATHS.link, body });
    return parse(reply, linkSessionResponseSchema);
  }

  /** `GET /link-sessions/link/{linkToken}`: status, and the auth code while CODE_ISSUED. */
  async getLinkSession(linkToken: string): Promise<LinkSessionStatusView> {
    const id = checkId('link-status', linkToken, 'linkToken');
    const reply = await this.#call({ operation: 'link-status', method: 'GET', path: PATHS.linkStatus(id) });
    return linkSessionStatusView(parse(reply, linkStatusResponseSchema));
  }

  /**
   * `POST /link-sessions/token`: the auth code → the user's payment token. Never retried (document: an
   * auth-code exchange is not retried; the code is single-use): on any failure, link again — the provider
   * returns the same token for the same user.
   */
  async exchangeCode(code: string): Promise<{ paymentToken: string }> {
    const body = checkBody('exchange', codeBodySchema, { code });
    const reply = await this.#call({
      operation: 'exchange',
      method: 'POST',
      path: PATHS.exchange,
      body,
      retry: { maxAttempts: 1 },
    });
    return parse(reply, exchangeResponseSchema);
  }

  /** `POST /tokens/unlink`. Throws unlink.blocked while the user has an AUTHORIZED hold (400). */
  async unlink(paymentToken: string, options: TokenizedWriteOptions = {}): Promise<{ status: string }> {
    const body = checkBody('unlink', paymentTokenBodySchema, { paymentToken });
    const reply = await this.#call({
      operation: 'unlink',
      method: 'POST',
      path: PATHS.unlink,
      body,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      retry: options.retry,
    });
    const wire = parse(reply, unlinkResponseSchema);
    return { status: wire.status ?? 'UNLINKED' };
  }

  /** `POST /tokens/cashback-balance`, in minor units. */
  async cashbackBalance(paymentToken: string): Promise<Money> {
    const body = checkBody('cashback', paymentTokenBodySchema, { paymentToken });
    const reply = await this.#call({ operation: 'cashback', method: 'POST', path: PATHS.cashback, body });
    const wire = parse(reply, cashbackResponseSchema);
    return wireMoney(reply, wire.cashbackBalance, wire.currency);
  }

  // ---- pre-authorisation ----

  /** `POST /pre-auths` (201): AUTHORIZED, DECLINED, or PENDING (poll getPreAuth until it settles). */
  async createPreAuth(input: PreAuthInput, options: RequiredKeyOptions): Promise<PreAuthRecord> {
    this.#checkCurrency('pre-auth', input.amount);
    const body = checkBody('pre-auth', preAuthBodySchema, {
      paymentToken: input.paymentToken,
      merchantUserId: input.merchantUserId,
      amount: toWireAmount(input.amount),
      currency: input.amount.currency,
      merchantRef: input.merchantRef,
      merchantMetadata: input.merchantMetadata,
    });
    const reply = await this.#call({
      operation: 'pre-auth',
      method: 'POST',
      path: PATHS.preAuths,
      body,
      ...writeRequest('pre-auth', options),
    });
    return expectRef(reply, toPreAuth(reply, parse(reply, preAuthRecordSchema)), input.merchantRef);
  }

  /** `GET /pre-auths/{id}`: confirms a state after a timeout or any write. */
  async getPreAuth(id: string, options: { retry?: Partial<RetryPolicy> | undefined } = {}): Promise<PreAuthRecord> {
    const checked = checkId('pre-auth-status', id, 'id');
    const reply = await this.#call({
      operation: 'pre-auth-status',
      method: 'GET',
      path: PATHS.preAuth(checked),
      retry: options.retry,
    });
    return expectId(reply, toPreAuth(reply, parse(reply, preAuthRecordSchema)), id);
  }

  /** `POST /pre-auths/{id}/capture` (201): the full amount; CAPTURE_INITIATED, CAPTURED when the processor confirms. */
  async capturePreAuth(
    id: string,
    input: CaptureInput = {},
    options: TokenizedWriteOptions = {},
  ): Promise<PaymentResult> {
    const checked = checkId('capture', id, 'id');
    const body = checkBody('capture', captureBodySchema, {
      callbackUrl: blankToUndefined(input.callbackUrl),
      useCashback: input.useCashback,
      merchantMetadata: input.merchantMetadata,
    });
    const reply = await this.#call({
      operation: 'capture',
      method: 'POST',
      path: PATHS.capture(checked),
      body,
      ...writeRequest('capture', options),
    });
    const result = toResult(parse(reply, resultRecordSchema));
    if (result.uuid !== id)
      throw badResponseError(
        reply.context,
        reply.status,
        `capture reply is about pre-auth ${result.uuid.slice(0, 64)}`,
      );
    return result;
  }

  /** `POST /pre-auths/{id}/void` (200): releases an AUTHORIZED hold. */
  async voidPreAuth(
    id: string,
    input: { reason?: string | undefined; merchantMetadata?: MerchantMetadata | undefined } = {},
    options: TokenizedWriteOptions = {},
  ): Promise<VoidResult> {
    const checked = checkId('void', id, 'id');
    const body = checkBody('void', voidBodySchema, {
      reason: blankToUndefined(input.reason),
      merchantMetadata: input.merchantMetadata,
    });
    const reply = await this.#call({
      operation: 'void',
      method: 'POST',
      path: PATHS.void(checked),
      body,
      ...writeRequest('void', options),
    });
    const wire = parse(reply, voidResponseSchema);
    if ('id' in wire) {
      const record = expectId(reply, toPreAuth(reply, wire), id);
      if (record.status !== 'VOIDED')
        throw badResponseError(reply.context, reply.status, `void reply says ${record.status}`);
      return { id: record.id, status: 'VOIDED', record };
    }
    if (wire.uuid !== id)
      throw badResponseError(reply.context, reply.status, `void reply is about pre-auth ${wire.uuid.slice(0, 64)}`);
    return { id: wire.uuid, status: 'VOIDED', record: null };
  }

  // ---- immediate charge ----

  /** `POST /charge` (201). A rejected payment is still 201 with status REJECTED and a failureReason. */
  async charge(input: ChargeInput, options: RequiredKeyOptions): Promise<PaymentResult> {
    this.#checkCurrency('charge', input.amount);
    const body = checkBody('charge', chargeBodySchema, {
      paymentToken: input.paymentToken,
      merchantUserId: input.merchantUserId,
      amount: toWireAmount(input.amount),
      currency: input.amount.currency,
      merchantRef: input.merchantRef,
      useCashback: input.useCashback,
      callbackUrl: blankToUndefined(input.callbackUrl),
    });
    const reply = await this.#call({
      operation: 'charge',
      method: 'POST',
      path: PATHS.charge,
      body,
      ...writeRequest('charge', options),
    });
    const result = toResult(parse(reply, resultRecordSchema));
    if (result.merchantRef !== input.merchantRef) {
      throw badResponseError(
        reply.context,
        reply.status,
        `charge reply is about merchantRef ${result.merchantRef.slice(0, 64)}`,
      );
    }
    return result;
  }

  // ---- merchant auth ----

  /** Logs in afresh (Settings' connection test). Never throws. */
  async checkLogin(): Promise<LoginCheck> {
    const started = this.#now();
    this.#session.clear();
    try {
      await this.#session.token();
      return { ok: true, latencyMs: this.#now() - started, error: null };
    } catch (error) {
      return {
        ok: false,
        latencyMs: null,
        error: error instanceof PosError ? error.toNoticeParam() : { code: 'internal' },
      };
    }
  }

  async #login(): Promise<{ token: string; expiresAtMs: number }> {
    if (!this.#credentials.merchantId || !this.#credentials.secret) {
      throw new PosError('auth.missing', {
        notice: notice('customers.credentials-missing'),
        details: { operation: 'login', attempts: 0, outcomeUnknown: false },
      });
    }
    const body = checkBody('login', loginBodySchema, {
      username: this.#credentials.merchantId,
      password: this.#credentials.secret,
    });
    const reply = await this.#transport.send({ operation: 'login', method: 'POST', path: LOGIN_PATH, body });
    const wire = parse(reply, loginResponseSchema);
    return { token: wire.token, expiresAtMs: Date.parse(wire.expiresAt) };
  }

  /** One API call with the merchant token; a 401 `unauthorized` drops the token and logs in again, once. */
  async #call(request: Omit<Parameters<TokenizedTransport['send']>[0], 'authorization'>): Promise<HttpReply> {
    let earlierOutcomeUnknown = false;
    for (let relogged = false; ; relogged = true) {
      const token = await this.#session.token();
      try {
        return await this.#transport.send({ ...request, authorization: `Bearer ${token}` });
      } catch (error) {
        const unauthorized =
          providerCodeOf(error) === 'unauthorized' || (error instanceof PosError && error.code === 'auth.unauthorized');
        if (relogged || !unauthorized) throw withEarlierUnknown(error, earlierOutcomeUnknown);
        earlierOutcomeUnknown ||= error instanceof PosError && error.details?.outcomeUnknown === true;
        this.#session.invalidate(token);
      }
    }
  }

  #checkCurrency(operation: TokenizedOperation, amount: Money): void {
    if (amount.currency !== this.currency) {
      throw new PosError('currency.unsupported', {
        notice: notice('currency.terminal-only', { currency: this.currency }),
        details: { operation, attempts: 0, outcomeUnknown: false },
      });
    }
  }
}

function writeRequest(
  operation: TokenizedOperation,
  options: TokenizedWriteOptions,
): { idempotencyKey: string; retry: Partial<RetryPolicy> | undefined } {
  const key = options.idempotencyKey ?? newIdempotencyKey();
  if (!key) throw new PosError('internal', { cause: new Error(`${operation}: an idempotency key is required`) });
  return { idempotencyKey: key, retry: options.retry };
}

/** A 4xx after a re-login says nothing about the first try: keep "unknown" if that one may have acted. */
function withEarlierUnknown(error: unknown, earlierOutcomeUnknown: boolean): unknown {
  if (!earlierOutcomeUnknown || !(error instanceof PosError) || error.details?.outcomeUnknown === true) return error;
  return new PosError(error.code, {
    ...(error.notice ? { notice: error.notice } : {}),
    retryable: error.retryable,
    details: { ...error.details, outcomeUnknown: true },
    cause: error,
  });
}
