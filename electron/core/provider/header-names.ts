// How the provider spells its custom headers, for both of its APIs (wire-details §1, §2.1, §3): the one place
// the client knows the prefix. The embedded sandbox keeps its own copy, written from the documents;
// embedded-sandbox-wire.test.ts checks that the two agree.

/** The documents write `X-Service-`; the live service (its sandbox and production) spells it `X-ShopBack-`. */
export const HEADER_PREFIXES = {
  embedded: 'X-Service-',
  provider: 'X-ShopBack-',
} as const;

export function idempotencyHeaderName(prefix: string): string {
  return `${prefix}Idempotent-Id`;
}

export function appTokenHeaderName(prefix: string): string {
  return `${prefix}App-Token`;
}
