import { createHash, createHmac } from 'node:crypto';

// The SB1-HMAC-SHA256 recipe as the provider publishes it (wire-details §2.2), implemented here on its own
// rather than borrowed from the client's signer: the sandbox stands in for the provider, so a client that
// strays from the recipe must be refused by it, not agreed with. Checked against the published vectors.

/** Signed on every request, GET included, whatever the request actually sent. */
export const SIGNED_CONTENT_TYPE = 'application/json';

export interface SignedRequest {
  readonly method: string;
  /** The full URL: scheme + host + base path + path + query. */
  readonly url: string;
  /** The Date header, exactly as sent. */
  readonly date: string;
  /** The canonical body (see canonicalJson); "" for none. */
  readonly canonical: string;
}

/**
 * The body as the provider hashes it: object keys sorted at every depth (arrays keep their order), compact
 * JSON.stringify. No body, or an empty object, is "" (its digest is then "" too, not the hash of "").
 */
export function canonicalJson(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (isPlainObject(body) && Object.keys(body).length === 0) return '';
  return JSON.stringify(body, (_key, value: unknown) => (isPlainObject(value) ? withSortedKeys(value) : value));
}

/** Lower-case hex HMAC-SHA256, keyed with the secret's UTF-8 bytes, over the five lines of §2.2 step 2. */
export function sb1Signature(request: SignedRequest, secret: string): string {
  const digest = request.canonical === '' ? '' : createHash('sha256').update(request.canonical, 'utf8').digest('hex');
  const lines = [request.method.toUpperCase(), SIGNED_CONTENT_TYPE, request.date, request.url, digest];
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(lines.join('\n'), 'utf8').digest('hex');
}

/** `SB1-HMAC-SHA256 <accessKeyId>:<signature>`: one space after the scheme, a colon between. */
export function sb1Authorization(accessKeyId: string, signature: string): string {
  return `SB1-HMAC-SHA256 ${accessKeyId}:${signature}`;
}

/** The key id and signature of an SB1 Authorization header; null when the scheme or its shape is wrong. */
export function readSb1Authorization(header: string): { accessKeyId: string; signature: string } | null {
  // The signature is read as any token and compared afterwards: a digest sent base64 instead of hex is a
  // signature mismatch at the provider (wire-details §2.5), not an unrecognised header.
  const parts = /^SB1-HMAC-SHA256 ([^:\s]+):(\S+)$/.exec(header);
  return parts ? { accessKeyId: parts[1]!, signature: parts[2]! } : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withSortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  );
}
