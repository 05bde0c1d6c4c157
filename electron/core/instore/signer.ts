import { createHash, createHmac } from 'node:crypto';

// The provider's SB1-HMAC-SHA256 request signing (wire-details §2.2), used by our client to sign requests
// and to verify webhooks. The embedded sandbox verifies with its own implementation of the recipe, so a
// mistake here is refused there; the test suite checks both against the published vectors.

export const AUTH_SCHEME = 'SB1-HMAC-SHA256';
export const CONTENT_TYPE = 'application/json';

/** Keys sorted alphabetically at every depth; arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort()) sorted[key] = sortKeysDeep(source[key]);
    return sorted;
  }
  return value;
}

/** The exact bytes we send and hash: recursively sorted, compact JSON.stringify. Empty body → "". */
export function canonicalBody(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return '';
  return JSON.stringify(sortKeysDeep(body));
}

export function bodyDigest(canonical: string): string {
  return canonical === '' ? '' : createHash('sha256').update(canonical, 'utf8').digest('hex');
}

export interface SignInput {
  readonly method: string;
  /** Full URL as called: scheme + host + base path + path + query. */
  readonly url: string;
  /** ISO 8601 UTC with milliseconds and Z. */
  readonly date: string;
  /** Canonical body ("" for none). */
  readonly canonical: string;
  readonly secret: string;
}

export function stringToSign(input: Omit<SignInput, 'secret'>): string {
  return [input.method.toUpperCase(), CONTENT_TYPE, input.date, input.url, bodyDigest(input.canonical)].join('\n');
}

export function signature(input: SignInput): string {
  return createHmac('sha256', Buffer.from(input.secret, 'utf8')).update(stringToSign(input), 'utf8').digest('hex');
}

export function authorizationHeader(accessKeyId: string, sig: string): string {
  return `${AUTH_SCHEME} ${accessKeyId}:${sig}`;
}

/** Parses `SB1-HMAC-SHA256 <keyId>:<sig>`; null when the scheme or shape is wrong. */
export function parseAuthorization(header: string): { accessKeyId: string; signature: string } | null {
  const match = /^SB1-HMAC-SHA256 ([^:\s]+):([0-9a-f]{64})$/.exec(header);
  return match ? { accessKeyId: match[1]!, signature: match[2]! } : null;
}

/** Date header value: ISO 8601 UTC with milliseconds, e.g. 2022-08-22T02:29:33.123Z. */
export function requestDate(now: Date): string {
  return now.toISOString();
}
