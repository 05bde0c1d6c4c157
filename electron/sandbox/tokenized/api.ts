import { money, toMajorString, type CurrencyCode } from '../../../shared/money.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError, findRoute, jsonReply, parseJsonObject, type Exchange, type Reply, type Route } from '../http.ts';
import type { IdempotencyStore } from '../idempotency.ts';
import type { CashbackLedger } from './cashback.ts';
import { chargeResult, type Charges } from './charges.ts';
import { badRequest, MESSAGES, TokenizedError, tokenizedErrorReply } from './errors.ts';
import type { LinkSessions } from './link-sessions.ts';
import { linkStatusView } from './link-sessions.ts';
import type { MerchantAuth } from './merchant-auth.ts';
import type { TokenizedMerchant } from './merchants.ts';
import type { PaymentTokens } from './payment-tokens.ts';
import type { PreAuths, SandboxPreAuth } from './pre-auths.ts';
import {
  parseCapture,
  parseCharge,
  parseCode,
  parseLink,
  parseLogin,
  parsePaymentToken,
  parsePreAuth,
  parseVoid,
} from './validate.ts';
import { API_PREFIX, LOGIN_PATH, TOKENIZED_BASE_PATH } from './wire.ts';

// The tokenized endpoints (document "Endpoints", wire-details §3.2 for success codes and bodies) behind
// merchant authentication and idempotent replay. Success codes: 201 for create pre-auth, capture and charge;
// 200 for everything else (void included).
//
// Idempotency (document rules 1–4; the 24 h window is ours): a POST carrying `X-Service-Idempotent-Id` that
// succeeded is stored under (merchant, key) ALONE, so the same key returns the first answer even on another
// endpoint (rule 4: "reusing a key for a different operation silently returns the first result"). Refusals
// are not stored: a 5xx or a 4xx did not act, and the caller may fix and resend. Pre-auth and charge refuse
// a request without the header.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ApiCall {
  readonly merchant: TokenizedMerchant;
  readonly body: Record<string, unknown>;
  readonly params: Readonly<Record<string, string>>;
}

type ApiHandler = (call: ApiCall) => Reply;

interface TokenizedRoute extends Route<ApiHandler> {
  /** The document requires `X-Service-Idempotent-Id` here. */
  readonly requiresKey?: boolean;
}

export interface TokenizedApiDeps {
  readonly ctx: SandboxContext;
  readonly auth: MerchantAuth;
  readonly links: LinkSessions;
  readonly tokens: PaymentTokens;
  readonly preAuths: PreAuths;
  readonly charges: Charges;
  readonly cashback: CashbackLedger;
  readonly idempotency: IdempotencyStore;
}

export function tokenizedApiRoutes(deps: TokenizedApiDeps): TokenizedRoute[] {
  const { links, tokens, preAuths, charges, cashback } = deps;
  return [
    {
      method: 'POST',
      pattern: `${API_PREFIX}/link-sessions/link`,
      handler: ({ merchant, body }) => {
        const session = links.create(merchant, parseLink(body, merchant));
        // The consent page's base address, no token in it (wire-details §3.2): the page learns the session from
        // the app token sent with it, so a client cannot come to depend on the link token being in the URL.
        const redirectUrl = `${deps.ctx.publicOrigin()}${CONSENT_BASE}`;
        return jsonReply({
          linkToken: session.linkToken,
          redirectUrl,
          appToken: session.appToken,
          expiresAt: session.expiresAt,
        });
      },
    },
    {
      method: 'GET',
      pattern: `${API_PREFIX}/link-sessions/link/:linkToken`,
      handler: ({ merchant, params }) => jsonReply(linkStatusView(links.require(merchant, params.linkToken!))),
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/link-sessions/token`,
      handler: ({ merchant, body }) =>
        jsonReply({ paymentToken: links.exchange(merchant, parseCode(body)).paymentToken }),
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/tokens/unlink`,
      handler: ({ merchant, body }) => {
        const token = tokens.unlink(merchant, parsePaymentToken(body), (t) =>
          preAuths.hasAuthorized(t.merchantId, t.merchantUserId),
        );
        return jsonReply({ paymentToken: token.paymentToken, status: 'UNLINKED' });
      },
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/tokens/cashback-balance`,
      handler: ({ merchant, body }) => {
        const token = tokens.requireLinked(merchant, parsePaymentToken(body));
        const balance = cashback.balanceOf(merchant.merchantId, token.merchantUserId);
        return jsonReply({ cashbackBalance: majorNumber(balance, merchant.currency), currency: merchant.currency });
      },
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/pre-auths`,
      requiresKey: true,
      handler: ({ merchant, body }) => {
        const request = parsePreAuth(body, merchant);
        const token = tokens.requireLinked(merchant, request.paymentToken);
        checkUser(token.merchantUserId, request.merchantUserId);
        const first = preAuths.byMerchantRef(merchant.merchantId, request.merchantRef);
        if (first) return jsonReply(preAuthView(first), 201);
        return jsonReply(preAuthView(preAuths.create({ token, ...request })), 201);
      },
    },
    {
      method: 'GET',
      pattern: `${API_PREFIX}/pre-auths/:id`,
      handler: ({ merchant, params }) => jsonReply(preAuthView(preAuths.require(merchant.merchantId, params.id!))),
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/pre-auths/:id/capture`,
      handler: ({ merchant, body, params }) => {
        const request = parseCapture(body);
        const preAuth = preAuths.require(merchant.merchantId, params.id!);
        const emailHint = tokens.find(preAuth.paymentToken)?.userHint.email ?? null;
        return jsonReply(preAuths.capture(preAuth, { ...request, emailHint }), 201);
      },
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/pre-auths/:id/void`,
      handler: ({ merchant, body, params }) => {
        const request = parseVoid(body);
        const preAuth = preAuths.require(merchant.merchantId, params.id!);
        preAuths.void(preAuth, request);
        return jsonReply(preAuthView(preAuth));
      },
    },
    {
      method: 'POST',
      pattern: `${API_PREFIX}/charge`,
      requiresKey: true,
      handler: ({ merchant, body }) => {
        const request = parseCharge(body, merchant);
        const token = tokens.requireLinked(merchant, request.paymentToken);
        checkUser(token.merchantUserId, request.merchantUserId);
        const first = charges.byMerchantRef(merchant.merchantId, request.merchantRef);
        if (first) return jsonReply(chargeResult(first), 201);
        return jsonReply(chargeResult(charges.create({ token, ...request })), 201);
      },
    },
  ];
}

/** Where the consent pages live below the area's base path; redirectUrl = public origin + this + linkToken. */
export const CONSENT_PATH = '/consent';
export const CONSENT_BASE = `${TOKENIZED_BASE_PATH}${CONSENT_PATH}`;

/** One provider call: login, or authenticate → replay a stored answer → act → store a success. */
export function runTokenizedCall(
  deps: TokenizedApiDeps,
  routes: readonly TokenizedRoute[],
  ex: Exchange,
  path: string,
): Reply {
  const { ctx, idempotency } = deps;
  try {
    if (path === LOGIN_PATH) {
      if (ex.method !== 'POST') throw new TokenizedError(405, 'method-not-allowed', MESSAGES.methodNotAllowed);
      return jsonReply(deps.auth.login(parseLogin(jsonObjectBody(ex))));
    }
    const found = findRoute(routes, ex.method, path);
    if (!found.route) {
      if (found.allowed.length > 0) {
        return {
          ...tokenizedErrorReply(ctx, 405, 'method-not-allowed', MESSAGES.methodNotAllowed),
          headers: { Allow: found.allowed.join(', ') },
        };
      }
      throw new TokenizedError(404, 'not-found', MESSAGES.routeNotFound);
    }
    const route = found.route as TokenizedRoute;
    const merchant = deps.auth.authenticate(ex.req.headers.authorization);
    const body = jsonObjectBody(ex);
    const keyHeader = ctx.headers.idempotency;
    const key = ex.method === 'POST' ? headerValue(ex.req.headers[keyHeader.toLowerCase()]) : null;
    if (route.requiresKey && key === null) throw badRequest(MESSAGES.idempotencyKeyMissing(keyHeader));
    if (key !== null && !UUID.test(key)) throw badRequest(MESSAGES.idempotencyKeyInvalid(keyHeader));
    if (key !== null) {
      const replay = idempotency.lookup(merchant.merchantId, key, 'POST', '*');
      if (replay) {
        ctx.log(`idempotent replay ${ex.method} ${ex.pathname} key=${key}`);
        return replay;
      }
    }
    const reply = route.handler({ merchant, body, params: found.params });
    if (key !== null && reply.status < 300) idempotency.store(merchant.merchantId, key, 'POST', '*', reply);
    return reply;
  } catch (error) {
    if (error instanceof TokenizedError) return tokenizedErrorReply(ctx, error.status, error.code, error.message);
    throw error;
  }
}

/** The pre-auth record (document "Pre-auth record" + wire-details §3.2's failureReason). */
export function preAuthView(preAuth: SandboxPreAuth): Record<string, unknown> {
  return {
    id: preAuth.id,
    merchantRef: preAuth.merchantRef,
    status: preAuth.status,
    amount: majorNumber(preAuth.amountMinor, preAuth.currency),
    currency: preAuth.currency,
    orderUuid: preAuth.orderUuid,
    orderStatus: preAuth.orderStatus,
    merchantMetadata: preAuth.merchantMetadata,
    failureReason: preAuth.failureReason,
    createdAt: preAuth.createdAt,
    updatedAt: preAuth.updatedAt,
  };
}

/** Minor units → the API's major-unit JSON number, built from the exact decimal text. */
export function majorNumber(amountMinor: number, currency: CurrencyCode): number {
  return Number(toMajorString(money(amountMinor, currency)));
}

/** The token is scoped to one user: a payment for another merchantUserId is refused. */
function checkUser(linkedUserId: string, requestUserId: string): void {
  if (linkedUserId !== requestUserId)
    throw badRequest('merchantUserId does not match the user this paymentToken was issued to.');
}

/** The body as a JSON object, refused in the tokenized API's own error shape. */
function jsonObjectBody(ex: Exchange): Record<string, unknown> {
  try {
    return parseJsonObject(ex.rawBody);
  } catch (error) {
    if (error instanceof ApiError) throw badRequest(error.message);
    throw error;
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : null;
}
