import { createHmac, timingSafeEqual } from 'node:crypto';

// Minimal HS256 JWTs (RFC 7519) for the sandbox's merchant tokens and consent app tokens (wire-details §3.2:
// "appToken is a JWT (HS256) whose payload carries the linkToken"). Only what the sandbox issues itself is
// ever verified here, so the header is fixed and anything else is refused.

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(payload: Record<string, unknown>, key: string): string {
  const body = base64url(JSON.stringify(payload));
  return `${HEADER}.${body}.${mac(`${HEADER}.${body}`, key)}`;
}

/** The payload when the token is one of ours with a valid signature; null otherwise. Expiry is the caller's check. */
export function verifyJwt(token: string, key: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`, key));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function mac(text: string, key: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
