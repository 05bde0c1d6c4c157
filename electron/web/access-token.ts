import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The web host's per-launch secret: 32 random bytes, new on every start, known only to whoever started
// the preview (it is printed in the URL's #fragment, which browsers never send to servers or Referer).

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes both sides the same length whatever was sent. */
export function tokenMatches(expected: string, presented: string | null | undefined): boolean {
  if (typeof presented !== 'string' || presented === '') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}

/** `Authorization: Bearer <token>` → token, else null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header ?? '');
  return match ? match[1]! : null;
}
