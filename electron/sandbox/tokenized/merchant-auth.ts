import { timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../context.ts';
import { MESSAGES, TokenizedError } from './errors.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import type { TokenizedMerchant } from './merchants.ts';
import type { LoginRequest } from './validate.ts';
import { LIMITS } from './wire.ts';

// Merchant authentication (wire-details §3.1): `POST /auth/login` with the merchant id and its secret gives
// an HS256 JWT valid 8 hours; every API call carries it as `Authorization: Bearer`. A missing, forged,
// expired or revoked token is 401 `unauthorized`. `revokeAll` (control API, and reset) invalidates every token
// issued so far, so a client's "log in again once on 401" can be tested.

export class MerchantAuth {
  readonly #ctx: SandboxContext;
  readonly #merchants: readonly TokenizedMerchant[];
  readonly #signingKey: () => string;
  /** Tokens carry the generation they were issued in; only the current one is accepted. Never goes back. */
  #generation = 1;
  #issued = 0;

  constructor(ctx: SandboxContext, merchants: readonly TokenizedMerchant[], signingKey: () => string) {
    this.#ctx = ctx;
    this.#merchants = merchants;
    this.#signingKey = signingKey;
  }

  login(request: LoginRequest): { token: string; expiresAt: string } {
    const merchant = this.#merchants.find((m) => m.merchantId === request.username);
    if (!merchant || !sameText(merchant.secret, request.password))
      throw new TokenizedError(401, 'unauthorized', MESSAGES.badCredentials);
    const wallNow = this.#ctx.clock.wallNow();
    const expiresAtMs = wallNow + LIMITS.merchantTokenMs;
    this.#issued += 1;
    const token = signJwt(
      {
        typ: 'merchant',
        sub: merchant.merchantId,
        gen: this.#generation,
        n: this.#issued,
        iat: Math.floor(wallNow / 1000),
        exp: Math.floor(expiresAtMs / 1000),
      },
      this.#signingKey(),
    );
    this.#ctx.log(`merchant ${merchant.merchantId} logged in (token ${this.#issued})`);
    return { token, expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /** The merchant of a valid `Authorization: Bearer` header, else 401 unauthorized. */
  authenticate(authorization: string | undefined): TokenizedMerchant {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const payload = match ? verifyJwt(match[1]!, this.#signingKey()) : null;
    const merchant =
      payload && payload.typ === 'merchant' ? this.#merchants.find((m) => m.merchantId === payload.sub) : undefined;
    const fresh =
      payload &&
      typeof payload.exp === 'number' &&
      payload.exp * 1000 > this.#ctx.clock.wallNow() &&
      payload.gen === this.#generation;
    if (!merchant || !fresh) throw new TokenizedError(401, 'unauthorized', MESSAGES.unauthorized);
    return merchant;
  }

  revokeAll(): void {
    this.#generation += 1;
    this.#ctx.log('every merchant token issued so far is revoked');
  }

  get issuedCount(): number {
    return this.#issued;
  }
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
