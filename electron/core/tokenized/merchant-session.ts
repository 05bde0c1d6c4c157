import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// The merchant JWT (wire-details §3.1): obtained from `POST /auth/login`, valid 8 hours, sent as
// `Authorization: Bearer` on every call. Cached until shortly before its `expiresAt` (so a call never leaves
// with a token that dies in flight); concurrent callers share one login; a token the provider refused is
// dropped so the next call logs in again. The "once on a 401" rule lives in the client.

export interface MerchantLogin {
  readonly token: string;
  /** Epoch ms, from the login reply's expiresAt. */
  readonly expiresAtMs: number;
}

/** Log in again this long before expiresAt; for a short-lived token, at the latest halfway through its life. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export class MerchantSession {
  readonly #login: () => Promise<MerchantLogin>;
  readonly #now: () => number;
  #current: { login: MerchantLogin; refreshAtMs: number } | null = null;
  #pending: Promise<MerchantLogin> | null = null;

  constructor(login: () => Promise<MerchantLogin>, now: () => number = Date.now) {
    this.#login = login;
    this.#now = now;
  }

  /** A token that is valid for a while yet: the cached one, or a fresh login. */
  async token(): Promise<string> {
    const current = this.#current;
    if (current && this.#now() < current.refreshAtMs) return current.login.token;
    this.#pending ??= this.#loginOnce();
    return (await this.#pending).token;
  }

  /** Forget `token` if it is still the cached one (the provider answered 401 unauthorized to it). */
  invalidate(token: string): void {
    if (this.#current?.login.token === token) this.#current = null;
  }

  /** Forces the next call to log in (credentials changed, or a connection test). */
  clear(): void {
    this.#current = null;
  }

  async #loginOnce(): Promise<MerchantLogin> {
    try {
      const login = await this.#login();
      const now = this.#now();
      if (!(login.expiresAtMs > now)) {
        throw new PosError('provider.bad-response', { notice: notice('provider.login-expired') });
      }
      const life = login.expiresAtMs - now;
      this.#current = { login, refreshAtMs: login.expiresAtMs - Math.min(REFRESH_MARGIN_MS, life / 2) };
      return login;
    } finally {
      this.#pending = null;
    }
  }
}
