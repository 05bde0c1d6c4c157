import { timingSafeEqual } from 'node:crypto';
import type { SandboxContext, SandboxMerchant } from '../context.ts';
import { ApiError, parseJsonObject, type Exchange } from '../http.ts';
import { PUBLISHED } from './messages.ts';
import { canonicalJson, readSb1Authorization, sb1Signature, SIGNED_CONTENT_TYPE } from './signature.ts';

// The provider's request authentication, step by step in the order it reports failures (wire-details §2.2,
// §2.5): Authorization present → scheme → Date is ISO 8601 → Date is UTC and within a minute → key known →
// signature matches → posId known → posId belongs to these credentials. The signature is checked over the
// PARSED body (parse → sort → stringify → hash), so key order on the wire does not matter, and over this
// server's public URL, so a client that signs another host fails as it would behind a misconfigured proxy.

export const MAX_CLOCK_SKEW_MS = 60_000;

export interface Authenticated {
  readonly merchant: SandboxMerchant;
  readonly body: Record<string, unknown>;
}

export function authenticate(ex: Exchange, ctx: SandboxContext): Authenticated {
  const header = ex.req.headers.authorization;
  if (!header) throw new ApiError(401, PUBLISHED.missingAuthorization);
  const credentials = readSb1Authorization(header);
  if (!credentials) throw new ApiError(401, PUBLISHED.invalidAuthHeader);

  const date = ex.req.headers.date ?? '';
  const sent = parseIsoDate(date);
  if (!sent) throw new ApiError(400, PUBLISHED.invalidDate);
  if (!sent.utc || Math.abs(sent.epochMs - ctx.clock.wallNow()) > MAX_CLOCK_SKEW_MS)
    throw new ApiError(401, PUBLISHED.expired);

  const merchant = ctx.merchants.find((m) => m.accessKeyId === credentials.accessKeyId);
  if (!merchant) throw new ApiError(401, PUBLISHED.invalidAccessKeyId);

  const body = parseJsonObject(ex.rawBody);
  // The Content-Type is part of the string to sign; a client that sends another one signed something else.
  const contentTypeMatches = ex.req.headers['content-type'] === SIGNED_CONTENT_TYPE;
  const expected = sb1Signature(
    { method: ex.method, url: ctx.publicOrigin() + ex.rawUrl, date, canonical: canonicalJson(body) },
    merchant.accessKeySecret,
  );
  if (!contentTypeMatches || !sameHex(expected, credentials.signature))
    throw new ApiError(401, PUBLISHED.invalidSignature);

  const posId = typeof body.posId === 'string' ? body.posId : ex.query.get('posId');
  if (posId !== null && posId !== undefined) checkTerminal(posId, merchant, ctx.merchants);
  return { merchant, body };
}

function checkTerminal(posId: string, merchant: SandboxMerchant, merchants: readonly SandboxMerchant[]): void {
  if (merchant.posIds.includes(posId)) return;
  if (merchants.some((m) => m.posIds.includes(posId))) throw new ApiError(401, PUBLISHED.terminalAccessDenied);
  throw new ApiError(404, PUBLISHED.unknownPosId);
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a zone; null when it is not one (or names an impossible date). */
export function parseIsoDate(text: string): { epochMs: number; utc: boolean } | null {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(local);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  if (zone === 'Z') return { epochMs: local, utc: true };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return { epochMs: local - sign * offsetMinutes * 60_000, utc: false };
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
