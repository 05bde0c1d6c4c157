import { fromMajor } from '../../../shared/money.ts';
import type { ControlHandler, ControlInput } from '../area.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError, jsonReply, type Reply, type Route } from '../http.ts';
import { majorNumber, preAuthView } from './api.ts';
import type { CashbackLedger } from './cashback.ts';
import type { Charges } from './charges.ts';
import { TokenizedError } from './errors.ts';
import type { LinkSessions, SandboxLinkSession } from './link-sessions.ts';
import { MAGIC_TOKENIZED_ENDINGS } from './magic-amounts.ts';
import type { MerchantAuth } from './merchant-auth.ts';
import type { TokenizedMerchant } from './merchants.ts';
import type { PaymentTokens, SandboxPaymentToken } from './payment-tokens.ts';
import { DEFAULT_PRE_AUTH_TTL_MS, type PreAuths, type SandboxPreAuth } from './pre-auths.ts';

// The consumer's and the tester's side of the tokenized area under `/_sandbox/tokenized` (no auth; loopback
// only, enforced by the server): the sandbox's truth about sessions, tokens, pre-auths and charges; acting as
// the consumer on the consent page without HTML; forcing expiries and revocations; setting cashback.
// The pre-auth TTL itself is a sandbox setting: `POST /_sandbox/settings {"preAuthTtlMs": 2000}`.

export interface TokenizedControlDeps {
  readonly ctx: SandboxContext;
  readonly merchants: readonly TokenizedMerchant[];
  readonly auth: MerchantAuth;
  readonly links: LinkSessions;
  readonly tokens: PaymentTokens;
  readonly preAuths: PreAuths;
  readonly charges: Charges;
  readonly cashback: CashbackLedger;
  /** The redirect the consent page would answer after approval. */
  readonly approveRedirect: (session: SandboxLinkSession, code: string) => string;
}

const BASE = '/tokenized';

export function tokenizedControlRoutes(deps: TokenizedControlDeps): Route<ControlHandler>[] {
  const routes: Route<ControlHandler>[] = [
    overviewRoute(deps),
    ...linkSessionRoutes(deps),
    ...tokenRoutes(deps),
    ...preAuthRoutes(deps),
    ...chargeRoutes(deps),
    ...cashbackRoutes(deps),
    {
      method: 'POST',
      pattern: `${BASE}/merchant-tokens/revoke`,
      handler: () => {
        deps.auth.revokeAll();
        return jsonReply({ revoked: true });
      },
    },
  ];
  // Refusals of the area's own books come as TokenizedError; the control API speaks ApiError.
  return routes.map((route) => ({
    ...route,
    handler: (input: ControlInput) => asControlError(() => route.handler(input)),
  }));
}

/** GET /tokenized: the merchants and the settings the area runs with. */
function overviewRoute({ ctx, merchants, auth }: TokenizedControlDeps): Route<ControlHandler> {
  return {
    method: 'GET',
    pattern: BASE,
    handler: () =>
      jsonReply({
        merchants: merchants.map((m) => ({ ...m })),
        preAuthTtlMs: ctx.settings.preAuthTtlMs ?? DEFAULT_PRE_AUTH_TTL_MS,
        confirmDelayMs: ctx.settings.confirmDelayMs,
        merchantTokensIssued: auth.issuedCount,
        magicAmountEndings: MAGIC_TOKENIZED_ENDINGS,
      }),
  };
}

/** The link sessions, and the consumer's answers on the consent page (approve, decline) or its expiry. */
function linkSessionRoutes({ links, approveRedirect }: TokenizedControlDeps): Route<ControlHandler>[] {
  const session = (linkToken: string | undefined): SandboxLinkSession => {
    const found = linkToken ? links.byLinkToken(linkToken) : null;
    if (!found) throw new ApiError(404, `No link session ${linkToken ?? ''}.`);
    return found;
  };
  return [
    {
      method: 'GET',
      pattern: `${BASE}/link-sessions`,
      handler: () => jsonReply({ linkSessions: links.all().map(sessionTruth) }),
    },
    {
      method: 'GET',
      pattern: `${BASE}/link-sessions/:linkToken`,
      handler: ({ params }) => jsonReply(sessionTruth(session(params.linkToken))),
    },
    {
      method: 'POST',
      pattern: `${BASE}/link-sessions/:linkToken/approve`,
      handler: ({ params }) => {
        const found = session(params.linkToken);
        const code = links.approve(found);
        if (code === null) throw new ApiError(409, `Link session is ${found.status}; it can no longer be approved.`);
        return jsonReply({ ...sessionTruth(found), code, location: approveRedirect(found, code) });
      },
    },
    {
      method: 'POST',
      pattern: `${BASE}/link-sessions/:linkToken/decline`,
      handler: ({ params }) => {
        const found = session(params.linkToken);
        links.decline(found);
        return jsonReply(sessionTruth(found));
      },
    },
    {
      method: 'POST',
      pattern: `${BASE}/link-sessions/:linkToken/expire`,
      handler: ({ params }) => {
        const found = session(params.linkToken);
        links.expireNow(found);
        return jsonReply(sessionTruth(found));
      },
    },
  ];
}

/** The payment tokens, and the consumer revoking one. */
function tokenRoutes({ tokens }: TokenizedControlDeps): Route<ControlHandler>[] {
  return [
    { method: 'GET', pattern: `${BASE}/tokens`, handler: () => jsonReply({ tokens: tokens.all().map(tokenTruth) }) },
    {
      method: 'POST',
      pattern: `${BASE}/tokens/revoke`,
      handler: ({ body }) => {
        const token = typeof body.paymentToken === 'string' ? tokens.find(body.paymentToken) : null;
        if (!token) throw new ApiError(404, 'No such paymentToken.');
        tokens.revoke(token);
        return jsonReply(tokenTruth(token));
      },
    },
  ];
}

/** The pre-auths, and forcing one to expire now. */
function preAuthRoutes({ ctx, preAuths }: TokenizedControlDeps): Route<ControlHandler>[] {
  const preAuth = (id: string | undefined): SandboxPreAuth => {
    const found = preAuths.all().find((p) => p.id === id);
    if (!found) throw new ApiError(404, `No pre-auth ${id ?? ''}.`);
    return found;
  };
  return [
    {
      method: 'GET',
      pattern: `${BASE}/pre-auths`,
      handler: () => jsonReply({ preAuths: preAuths.all().map((p) => preAuthTruth(p, ctx)) }),
    },
    {
      method: 'GET',
      pattern: `${BASE}/pre-auths/:id`,
      handler: ({ params }) => jsonReply(preAuthTruth(preAuth(params.id), ctx)),
    },
    {
      method: 'POST',
      pattern: `${BASE}/pre-auths/:id/expire`,
      handler: ({ params }) => {
        const found = preAuth(params.id);
        preAuths.expireNow(found);
        return jsonReply(preAuthTruth(found, ctx));
      },
    },
  ];
}

function chargeRoutes({ charges }: TokenizedControlDeps): Route<ControlHandler>[] {
  return [
    {
      method: 'GET',
      pattern: `${BASE}/charges`,
      handler: () => jsonReply({ charges: charges.all().map((c) => ({ ...c })) }),
    },
    {
      method: 'GET',
      pattern: `${BASE}/charges/:uuid`,
      handler: ({ params }) => {
        const charge = params.uuid ? charges.get(params.uuid) : null;
        if (!charge) throw new ApiError(404, `No charge ${params.uuid ?? ''}.`);
        return jsonReply({ ...charge });
      },
    },
  ];
}

/** A user's cashback balance with a merchant (the first merchant unless one is named): read or set. */
function cashbackRoutes({ merchants, cashback }: TokenizedControlDeps): Route<ControlHandler>[] {
  const merchantOf = (merchantId: unknown): TokenizedMerchant => {
    const id = merchantId ?? merchants[0]?.merchantId;
    const found = merchants.find((m) => m.merchantId === id);
    if (!found) throw new ApiError(404, `No tokenized merchant ${String(id)}.`);
    return found;
  };
  return [
    {
      method: 'GET',
      pattern: `${BASE}/cashback`,
      handler: ({ query }) => {
        const merchant = merchantOf(query.get('merchantId') ?? undefined);
        const userId = query.get('merchantUserId');
        if (!userId) throw new ApiError(400, 'merchantUserId is required.');
        return jsonReply(cashbackTruth(merchant, userId, cashback.balanceOf(merchant.merchantId, userId)));
      },
    },
    {
      method: 'POST',
      pattern: `${BASE}/cashback`,
      handler: ({ body }) => {
        const merchant = merchantOf(body.merchantId);
        if (typeof body.merchantUserId !== 'string' || body.merchantUserId === '')
          throw new ApiError(400, 'merchantUserId is required.');
        let minor: number;
        try {
          minor = fromMajor(body.balance as number | string, merchant.currency).amountMinor;
        } catch {
          throw new ApiError(400, `balance must be a decimal amount in ${merchant.currency}, e.g. 12.50.`);
        }
        if (minor < 0) throw new ApiError(400, 'balance must not be negative.');
        cashback.set(merchant.merchantId, body.merchantUserId, minor);
        return jsonReply(cashbackTruth(merchant, body.merchantUserId, minor));
      },
    },
  ];
}

async function asControlError(run: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TokenizedError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

function sessionTruth(session: SandboxLinkSession): Record<string, unknown> {
  return { ...session };
}

function tokenTruth(token: SandboxPaymentToken): Record<string, unknown> {
  return { ...token };
}

function preAuthTruth(preAuth: SandboxPreAuth, ctx: SandboxContext): Record<string, unknown> {
  // expiresAtMs is on the scheduling clock; the world reads the sandbox's wall clock.
  const expiresAt =
    preAuth.expiresAtMs === null
      ? null
      : new Date(ctx.clock.wallNow() + preAuth.expiresAtMs - ctx.clock.now()).toISOString();
  return {
    ...preAuthView(preAuth),
    merchantId: preAuth.merchantId,
    merchantUserId: preAuth.merchantUserId,
    paymentToken: preAuth.paymentToken,
    amountMinor: preAuth.amountMinor,
    expiresAt,
    capture: preAuth.capture,
    captureCallbackUrl: preAuth.captureCallbackUrl,
    voidReason: preAuth.voidReason,
    cashbackUsedMinor: preAuth.cashbackUsedMinor,
    history: preAuth.history,
  };
}

function cashbackTruth(merchant: TokenizedMerchant, merchantUserId: string, minor: number): Record<string, unknown> {
  return {
    merchantId: merchant.merchantId,
    merchantUserId,
    cashbackBalance: majorNumber(minor, merchant.currency),
    balanceMinor: minor,
    currency: merchant.currency,
  };
}
