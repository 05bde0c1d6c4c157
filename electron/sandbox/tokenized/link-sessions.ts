import type { SandboxContext } from '../context.ts';
import { UNAMBIGUOUS } from '../random.ts';
import type { DueTasks } from './due-tasks.ts';
import { MESSAGES, TokenizedError } from './errors.ts';
import { signJwt } from './jwt.ts';
import type { TokenizedMerchant } from './merchants.ts';
import type { PaymentTokens, SandboxPaymentToken, UserHint } from './payment-tokens.ts';
import { LIMITS } from './wire.ts';

// Link sessions (wire-details §3.2): PENDING → CODE_ISSUED (the consumer approved on the consent page) →
// COMPLETED (the merchant exchanged the code); EXPIRED 20 minutes after creation unless COMPLETED. The auth
// code is single-use and valid 60 seconds; approving again issues a fresh one and the old one stops working.
// A consumer who declines leaves the session PENDING until it expires (ours, as wire-details says).

/** wire-details §3.2 (the document itself does not show them). */
export type LinkSessionStatus = 'PENDING' | 'CODE_ISSUED' | 'COMPLETED' | 'EXPIRED';

export interface NewLinkSession {
  readonly callbackUrl: string;
  readonly state: string;
  readonly merchantUserId: string;
  readonly userHint: UserHint;
}

export interface SandboxLinkSession extends NewLinkSession {
  readonly linkToken: string;
  readonly merchantId: string;
  readonly appToken: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Scheduling clock. */
  readonly expiresAtMs: number;
  status: LinkSessionStatus;
  authCode: string | null;
  authCodeExpiresAt: string | null;
  authCodeExpiresAtMs: number | null;
  paymentToken: string | null;
  declines: number;
  readonly history: { status: LinkSessionStatus; at: string }[];
}

const AUTH_CODE_LENGTH = 32;

export class LinkSessions {
  readonly #ctx: SandboxContext;
  readonly #tasks: DueTasks;
  readonly #tokens: PaymentTokens;
  readonly #signingKey: () => string;
  readonly #sessions = new Map<string, SandboxLinkSession>();
  /** Every code ever issued (used and superseded ones too), so a reused code is "invalid", not "unknown". */
  readonly #byCode = new Map<string, SandboxLinkSession>();

  constructor(ctx: SandboxContext, tasks: DueTasks, tokens: PaymentTokens, signingKey: () => string) {
    this.#ctx = ctx;
    this.#tasks = tasks;
    this.#tokens = tokens;
    this.#signingKey = signingKey;
  }

  create(merchant: TokenizedMerchant, input: NewLinkSession): SandboxLinkSession {
    const linkToken = this.#newLinkToken();
    const wallNow = this.#ctx.clock.wallNow();
    const expiresAtWall = wallNow + LIMITS.linkSessionMs;
    const session: SandboxLinkSession = {
      ...input,
      linkToken,
      merchantId: merchant.merchantId,
      appToken: signJwt(
        {
          typ: 'app',
          linkToken,
          merchantId: merchant.merchantId,
          iat: Math.floor(wallNow / 1000),
          exp: Math.floor(expiresAtWall / 1000),
        },
        this.#signingKey(),
      ),
      createdAt: new Date(wallNow).toISOString(),
      expiresAt: new Date(expiresAtWall).toISOString(),
      expiresAtMs: this.#ctx.clock.now() + LIMITS.linkSessionMs,
      status: 'PENDING',
      authCode: null,
      authCodeExpiresAt: null,
      authCodeExpiresAtMs: null,
      paymentToken: null,
      declines: 0,
      history: [{ status: 'PENDING', at: new Date(wallNow).toISOString() }],
    };
    this.#sessions.set(linkToken, session);
    this.#tasks.schedule(`link:${linkToken}`, session.expiresAtMs, () => this.#expire(session));
    this.#ctx.log(`link session ${linkToken} PENDING for ${input.merchantUserId} (${merchant.merchantId})`);
    return session;
  }

  byLinkToken(linkToken: string): SandboxLinkSession | null {
    return this.#sessions.get(linkToken) ?? null;
  }

  /** 404 link-session.not-found when unknown or another merchant's. */
  require(merchant: TokenizedMerchant, linkToken: string): SandboxLinkSession {
    const session = this.#sessions.get(linkToken);
    if (!session || session.merchantId !== merchant.merchantId)
      throw new TokenizedError(404, 'link-session.not-found', MESSAGES.linkSessionNotFound);
    return session;
  }

  /** The consumer approved: a fresh single-use code. Null when the session can no longer be approved. */
  approve(session: SandboxLinkSession): string | null {
    if (session.status !== 'PENDING' && session.status !== 'CODE_ISSUED') return null;
    const code = this.#newCode();
    const wallNow = this.#ctx.clock.wallNow();
    session.authCode = code;
    session.authCodeExpiresAt = new Date(wallNow + LIMITS.authCodeMs).toISOString();
    session.authCodeExpiresAtMs = this.#ctx.clock.now() + LIMITS.authCodeMs;
    this.#byCode.set(code, session);
    this.#transition(session, 'CODE_ISSUED');
    return code;
  }

  /** The consumer declined: nothing changes at the provider (the session stays as it is until it expires). */
  decline(session: SandboxLinkSession): void {
    session.declines += 1;
    this.#ctx.log(`link session ${session.linkToken}: consumer declined (stays ${session.status})`);
  }

  /** `POST /link-sessions/token`: the code → the user's payment token; the session is COMPLETED. */
  exchange(merchant: TokenizedMerchant, code: string): SandboxPaymentToken {
    const session = this.#byCode.get(code);
    if (!session || session.merchantId !== merchant.merchantId || session.authCode !== code) {
      throw new TokenizedError(400, 'auth-code.invalid', MESSAGES.authCodeInvalid);
    }
    if (
      session.authCodeExpiresAtMs === null ||
      this.#ctx.clock.now() > session.authCodeExpiresAtMs ||
      session.status !== 'CODE_ISSUED'
    ) {
      throw new TokenizedError(400, 'auth-code.expired', MESSAGES.authCodeExpired);
    }
    const token = this.#tokens.link(merchant.merchantId, session.merchantUserId, session.userHint);
    session.authCode = null;
    session.authCodeExpiresAt = null;
    session.authCodeExpiresAtMs = null;
    session.paymentToken = token.paymentToken;
    this.#tasks.cancel(`link:${session.linkToken}`);
    this.#transition(session, 'COMPLETED');
    return token;
  }

  /** Control API: the 20 minutes are over now. */
  expireNow(session: SandboxLinkSession): void {
    this.#tasks.cancel(`link:${session.linkToken}`);
    this.#expire(session);
  }

  all(): readonly SandboxLinkSession[] {
    return [...this.#sessions.values()];
  }

  clear(): void {
    this.#sessions.clear();
    this.#byCode.clear();
  }

  #expire(session: SandboxLinkSession): void {
    if (session.status === 'COMPLETED' || session.status === 'EXPIRED') return;
    // The code stays on record (not shown) so exchanging it now says "expired" rather than "invalid".
    this.#transition(session, 'EXPIRED');
  }

  #transition(session: SandboxLinkSession, status: LinkSessionStatus): void {
    session.status = status;
    session.history.push({ status, at: this.#ctx.clock.iso() });
    this.#ctx.log(`link session ${session.linkToken} → ${status}`);
  }

  #newLinkToken(): string {
    const stream = this.#ctx.ids.stream('tk-link-token');
    let token: string;
    do token = stream.uuid();
    while (this.#sessions.has(token));
    return token;
  }

  #newCode(): string {
    const stream = this.#ctx.ids.stream('tk-auth-code');
    let code: string;
    do code = stream.text(UNAMBIGUOUS, AUTH_CODE_LENGTH);
    while (this.#byCode.has(code));
    return code;
  }
}

/** Poll body (wire-details §3.2): the code and its expiry only while CODE_ISSUED. */
export function linkStatusView(session: SandboxLinkSession): Record<string, unknown> {
  const issued = session.status === 'CODE_ISSUED';
  return {
    linkToken: session.linkToken,
    status: session.status,
    expiresAt: session.expiresAt,
    authCode: issued ? session.authCode : null,
    authCodeExpiresAt: issued ? session.authCodeExpiresAt : null,
  };
}
