import type { AreaTarget, ControlHandler, SandboxArea } from '../area.ts';
import type { SandboxContext } from '../context.ts';
import type { Exchange, Reply, Route } from '../http.ts';
import { IdempotencyStore } from '../idempotency.ts';
import { UNAMBIGUOUS } from '../random.ts';
import type { WebhookDispatcher } from '../webhooks.ts';
import { CONSENT_PATH, runTokenizedCall, tokenizedApiRoutes, type TokenizedApiDeps } from './api.ts';
import { CashbackLedger } from './cashback.ts';
import { Charges } from './charges.ts';
import { consentPage, redirectToCallback } from './consent-page.ts';
import { tokenizedControlRoutes } from './control.ts';
import { DueTasks } from './due-tasks.ts';
import { verifyJwt } from './jwt.ts';
import { LinkSessions } from './link-sessions.ts';
import { MerchantAuth } from './merchant-auth.ts';
import { DEFAULT_TOKENIZED_MERCHANTS, type TokenizedMerchant } from './merchants.ts';
import { OrderOutcomes } from './order-outcomes.ts';
import { PaymentTokens } from './payment-tokens.ts';
import { DEFAULT_PRE_AUTH_TTL_MS, PreAuths } from './pre-auths.ts';
import { API_PREFIX, LOGIN_PATH, TOKENIZED_BASE_PATH } from './wire.ts';

// The tokenized API mounted at `/demo/merchant` (wire-details §3): `POST /auth/login` and every endpoint under
// `/tokenized-payment/v1/...` are provider calls (faults apply); the consent page under `/consent/<linkToken>`
// is the consumer's browser (no faults), and the control routes live under `/_sandbox/tokenized`.

export class TokenizedArea implements SandboxArea {
  readonly basePath = TOKENIZED_BASE_PATH;
  readonly controlRoutes: readonly Route<ControlHandler>[];
  readonly merchants: readonly TokenizedMerchant[];
  readonly tokens: PaymentTokens;
  readonly links: LinkSessions;
  readonly preAuths: PreAuths;
  readonly charges: Charges;
  readonly cashback: CashbackLedger;
  readonly idempotency: IdempotencyStore;
  readonly #ctx: SandboxContext;
  readonly #tasks: DueTasks;
  readonly #orders: OrderOutcomes;
  readonly #deps: TokenizedApiDeps;
  readonly #apiRoutes: ReturnType<typeof tokenizedApiRoutes>;
  #signingKey: string | null = null;

  constructor(
    ctx: SandboxContext,
    webhooks: WebhookDispatcher,
    merchants: readonly TokenizedMerchant[] = DEFAULT_TOKENIZED_MERCHANTS,
  ) {
    this.#ctx = ctx;
    this.merchants = merchants;
    ctx.settings.preAuthTtlMs ??= DEFAULT_PRE_AUTH_TTL_MS;
    const signingKey = (): string => this.#signingKeyValue();
    this.#tasks = new DueTasks(ctx);
    this.#orders = new OrderOutcomes(ctx, this.#tasks, webhooks);
    this.cashback = new CashbackLedger();
    this.tokens = new PaymentTokens(ctx);
    this.links = new LinkSessions(ctx, this.#tasks, this.tokens, signingKey);
    this.preAuths = new PreAuths(ctx, this.#tasks, this.#orders, this.cashback);
    this.charges = new Charges(ctx, this.#orders, this.cashback);
    this.idempotency = new IdempotencyStore(() => ctx.clock.now());
    const auth = new MerchantAuth(ctx, merchants, signingKey);
    this.#deps = {
      ctx,
      auth,
      links: this.links,
      tokens: this.tokens,
      preAuths: this.preAuths,
      charges: this.charges,
      cashback: this.cashback,
      idempotency: this.idempotency,
    };
    this.#apiRoutes = tokenizedApiRoutes(this.#deps);
    this.controlRoutes = tokenizedControlRoutes({
      ...this.#deps,
      merchants,
      approveRedirect: (session, code) => String(redirectToCallback(session, code).headers?.Location),
    });
  }

  route(ex: Exchange, path: string): AreaTarget | null {
    if (path === LOGIN_PATH || path.startsWith(`${API_PREFIX}/`))
      return { api: true, run: async () => runTokenizedCall(this.#deps, this.#apiRoutes, ex, path) };
    if (path === CONSENT_PATH) return { api: false, run: async () => this.#consent(ex) };
    return null;
  }

  sweep(): void {
    this.#tasks.sweep();
  }

  reset(): void {
    this.#tasks.clear();
    this.links.clear();
    this.tokens.clear();
    this.preAuths.clear();
    this.charges.clear();
    this.#orders.clear();
    this.cashback.clear();
    this.idempotency.clear();
    // Tokens signed before the reset must not outlive it (the streams restart, so the key may repeat).
    this.#deps.auth.revokeAll();
    this.#signingKey = null;
    this.#ctx.settings.preAuthTtlMs = DEFAULT_PRE_AUTH_TTL_MS;
  }

  /**
   * GET shows the page; POST (the page's own forms) approves → 302 to the callback, or declines. The session
   * is the one the app token names (header, or the forms' hidden field).
   */
  #consent(ex: Exchange): Reply {
    if (ex.method !== 'GET' && ex.method !== 'POST') return consentPage({ kind: 'expired' });
    const form = ex.method === 'POST' ? new URLSearchParams(ex.rawBody) : null;
    const appToken =
      headerText(ex.req.headers[this.#ctx.headers.appToken.toLowerCase()]) ?? form?.get('appToken') ?? null;
    const claims = appToken === null ? null : this.#readAppToken(appToken);
    if (appToken === null || !claims) return consentPage({ kind: 'no-app-token' });
    const session = this.links.byLinkToken(claims.linkToken);
    if (!session || claims.expired || session.status === 'EXPIRED') return consentPage({ kind: 'expired' });
    const merchantName = this.merchants.find((m) => m.merchantId === session.merchantId)?.name ?? 'The merchant';
    if (session.status === 'COMPLETED') return consentPage({ kind: 'done', merchantName });
    if (form?.get('decision') === 'approve') {
      const code = this.links.approve(session);
      return code === null ? consentPage({ kind: 'expired' }) : redirectToCallback(session, code);
    }
    if (form?.get('decision') === 'decline') {
      this.links.decline(session);
      return consentPage({ kind: 'declined', session, merchantName, appToken });
    }
    return consentPage({ kind: 'ask', session, merchantName, appToken });
  }

  /** The link token an app token of ours carries (and whether it has run out with its session), or null. */
  #readAppToken(appToken: string): { linkToken: string; expired: boolean } | null {
    const payload = verifyJwt(appToken, this.#signingKeyValue());
    if (
      payload === null ||
      payload.typ !== 'app' ||
      typeof payload.linkToken !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    return { linkToken: payload.linkToken, expired: payload.exp * 1000 <= this.#ctx.clock.wallNow() };
  }

  /** Seeded like every other id, drawn on first use (after a reset the streams restart). */
  #signingKeyValue(): string {
    return (this.#signingKey ??= this.#ctx.ids.stream('tk-signing-key').text(UNAMBIGUOUS, 48));
  }
}

function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : null;
}
