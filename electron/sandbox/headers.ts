// The provider's custom headers. The two API documents write them with the prefix `X-Service-`; the live
// service spells the same headers `X-ShopBack-` (wire-details §1). The embedded sandbox answers to the
// documents' names by default; started with `headerPrefix: 'X-ShopBack-'` (`--header-prefix`) it expects
// exactly the live names and ignores the others, so the code path a real till takes is exercised end to end.
// Node lower-cases incoming header names: read them with `headerNames(prefix).…Lower`.

export const DOCUMENT_HEADER_PREFIX = 'X-Service-';
export const LIVE_HEADER_PREFIX = 'X-ShopBack-';
export const HEADER_PREFIXES = [DOCUMENT_HEADER_PREFIX, LIVE_HEADER_PREFIX] as const;
export type HeaderPrefix = (typeof HEADER_PREFIXES)[number];

export interface ProviderHeaderNames {
  /** A write's idempotency key (wire-details §2.2, §2.7; tokenized document "Endpoints"). */
  readonly idempotency: string;
  /** The link session's app token, sent with the consent page request (wire-details §3.3). */
  readonly appToken: string;
}

export function headerNames(prefix: HeaderPrefix): ProviderHeaderNames {
  return { idempotency: `${prefix}Idempotent-Id`, appToken: `${prefix}App-Token` };
}

/** The names under the documents' prefix, for helpers and tests of a sandbox started with the default. */
export const IDEMPOTENCY_HEADER = headerNames(DOCUMENT_HEADER_PREFIX).idempotency;
export const APP_TOKEN_HEADER = headerNames(DOCUMENT_HEADER_PREFIX).appToken;
