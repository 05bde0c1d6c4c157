import type { SandboxContext } from '../context.ts';
import { UNAMBIGUOUS } from '../random.ts';
import { MESSAGES, TokenizedError } from './errors.ts';
import type { TokenizedMerchant } from './merchants.ts';

// Payment tokens (document "States and transitions → Payment token"): LINKED on a successful code exchange,
// UNLINKED by unlink or by the service's revocation. One token per (merchant channel, merchantUserId): linking
// again returns the same token, LINKED again. A token is only ever usable by the merchant it was issued to.

export type TokenStatus = 'LINKED' | 'UNLINKED';

export interface UserHint {
  readonly phone: string | null;
  readonly email: string | null;
}

export interface SandboxPaymentToken {
  readonly paymentToken: string;
  readonly merchantId: string;
  readonly merchantUserId: string;
  status: TokenStatus;
  userHint: UserHint;
  readonly firstLinkedAt: string;
  updatedAt: string;
  readonly history: { status: TokenStatus; at: string; by: 'link' | 'unlink' | 'revoke' }[];
}

const TOKEN_PREFIX = 'ptk_';
const TOKEN_LENGTH = 40;

export class PaymentTokens {
  readonly #ctx: SandboxContext;
  readonly #byToken = new Map<string, SandboxPaymentToken>();
  readonly #byUser = new Map<string, SandboxPaymentToken>();

  constructor(ctx: SandboxContext) {
    this.#ctx = ctx;
  }

  /** LINKED token for this user: the existing one (relinked if it was unlinked) or a new one. */
  link(merchantId: string, merchantUserId: string, userHint: UserHint): SandboxPaymentToken {
    const now = this.#ctx.clock.iso();
    const existing = this.#byUser.get(userKey(merchantId, merchantUserId));
    if (existing) {
      existing.status = 'LINKED';
      existing.userHint = userHint;
      existing.updatedAt = now;
      existing.history.push({ status: 'LINKED', at: now, by: 'link' });
      this.#ctx.log(`payment token of ${merchantUserId} (${merchantId}) linked again`);
      return existing;
    }
    const token: SandboxPaymentToken = {
      paymentToken: this.#newToken(),
      merchantId,
      merchantUserId,
      status: 'LINKED',
      userHint,
      firstLinkedAt: now,
      updatedAt: now,
      history: [{ status: 'LINKED', at: now, by: 'link' }],
    };
    this.#byToken.set(token.paymentToken, token);
    this.#byUser.set(userKey(merchantId, merchantUserId), token);
    this.#ctx.log(`payment token issued to ${merchantUserId} (${merchantId})`);
    return token;
  }

  find(paymentToken: string): SandboxPaymentToken | null {
    return this.#byToken.get(paymentToken) ?? null;
  }

  /** A LINKED token of this merchant, else 401 payment-token.invalid (not found, unlinked, another merchant's). */
  requireLinked(merchant: TokenizedMerchant, paymentToken: string): SandboxPaymentToken {
    const token = this.#byToken.get(paymentToken);
    if (!token || token.merchantId !== merchant.merchantId || token.status !== 'LINKED') {
      throw new TokenizedError(401, 'payment-token.invalid', MESSAGES.paymentTokenInvalid);
    }
    return token;
  }

  /** wire-details §3.2: unknown or already unlinked → 404; an AUTHORIZED pre-auth of the user → 400. */
  unlink(
    merchant: TokenizedMerchant,
    paymentToken: string,
    hasOpenHold: (token: SandboxPaymentToken) => boolean,
  ): SandboxPaymentToken {
    const token = this.#byToken.get(paymentToken);
    if (!token || token.merchantId !== merchant.merchantId || token.status !== 'LINKED') {
      throw new TokenizedError(404, 'payment-token.not-found', MESSAGES.paymentTokenNotFound);
    }
    if (hasOpenHold(token)) throw new TokenizedError(400, 'bad-request', MESSAGES.unlinkBlocked);
    this.#setUnlinked(token, 'unlink');
    return token;
  }

  /** "Revocation by the service" (control API): the token stops working without the merchant asking. */
  revoke(token: SandboxPaymentToken): void {
    if (token.status === 'LINKED') this.#setUnlinked(token, 'revoke');
  }

  all(): readonly SandboxPaymentToken[] {
    return [...this.#byToken.values()];
  }

  clear(): void {
    this.#byToken.clear();
    this.#byUser.clear();
  }

  #setUnlinked(token: SandboxPaymentToken, by: 'unlink' | 'revoke'): void {
    const now = this.#ctx.clock.iso();
    token.status = 'UNLINKED';
    token.updatedAt = now;
    token.history.push({ status: 'UNLINKED', at: now, by });
    this.#ctx.log(`payment token of ${token.merchantUserId} (${token.merchantId}) unlinked (${by})`);
  }

  #newToken(): string {
    const stream = this.#ctx.ids.stream('tk-payment-token');
    let token: string;
    do token = TOKEN_PREFIX + stream.text(UNAMBIGUOUS, TOKEN_LENGTH).toLowerCase();
    while (this.#byToken.has(token));
    return token;
  }
}

function userKey(merchantId: string, merchantUserId: string): string {
  return `${merchantId}\u0000${merchantUserId}`;
}
