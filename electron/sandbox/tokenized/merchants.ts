import type { CurrencyCode } from '../../../shared/money.ts';
import { isLoopbackAddress } from '../http.ts';

// The merchant channels the tokenized sandbox knows (wire-details §3.1): a merchant id and its `TK_` secret
// for `POST /auth/login`, the channel's one currency, and the allowlist its link `callbackUrl`s must be on.
// Two channels ship so "another merchant's session / token / pre-auth" can be tested; the first is the
// demo merchant the app and `npm run sandbox` use by default.

export interface TokenizedMerchant {
  readonly merchantId: string;
  /** Sandbox secrets start `TK_` (production ones `PK_`). */
  readonly secret: string;
  /** Shown on the consent page. */
  readonly name: string;
  /** Every pre-auth and charge must be in this currency. */
  readonly currency: CurrencyCode;
  /**
   * https URL prefixes (origin + path prefix) a link `callbackUrl` may start with. Plain http on this
   * computer is accepted too (ours: the till's own listener and the web preview host are on loopback).
   */
  readonly callbackAllowlist: readonly string[];
}

/** Where the app's consent window is sent after approval; `.invalid` never resolves, the window intercepts it. */
export const DEMO_LINK_CALLBACK_URL = 'https://till.wallet-pos.invalid/link/callback';

export const DEMO_TOKENIZED_CREDENTIALS = { merchantId: 'MERCHANT_DEMO', secret: 'TK_DEMO_SANDBOX_SECRET' } as const;

export const DEMO_TOKENIZED_MERCHANT: TokenizedMerchant = {
  merchantId: DEMO_TOKENIZED_CREDENTIALS.merchantId,
  secret: DEMO_TOKENIZED_CREDENTIALS.secret,
  name: 'Demo Coffee Bar',
  currency: 'SGD',
  callbackAllowlist: ['https://till.wallet-pos.invalid/'],
};

/** A second channel (HKD), for cross-merchant and currency tests. */
export const SECOND_TOKENIZED_MERCHANT: TokenizedMerchant = {
  merchantId: 'MERCHANT_DEMO_HK',
  secret: 'TK_DEMO_HK_SANDBOX_SECRET',
  name: 'Demo Tea House',
  currency: 'HKD',
  callbackAllowlist: ['https://till.wallet-pos.invalid/'],
};

export const DEFAULT_TOKENIZED_MERCHANTS: readonly TokenizedMerchant[] = [
  DEMO_TOKENIZED_MERCHANT,
  SECOND_TOKENIZED_MERCHANT,
];

/** Whether `raw` may receive this channel's link redirect. */
export function isAllowedCallback(merchant: TokenizedMerchant, raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (isThisComputer(url.hostname)) return true;
  }
  if (url.protocol !== 'https:') return false;
  return merchant.callbackAllowlist.some((entry) => {
    const allowed = new URL(entry);
    return url.origin === allowed.origin && url.pathname.startsWith(allowed.pathname);
  });
}

/** An order-outcome webhook target: https anywhere, or http on this computer (ours, for tests and the till). */
export function isWebhookTarget(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isThisComputer(url.hostname));
}

/** localhost, 127.0.0.0/8 or ::1 (a URL's hostname writes IPv6 in brackets). */
function isThisComputer(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || isLoopbackAddress(host);
}
