import type { AppError } from '../../../shared/result.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// What went wrong on the wire, before any provider's wording is read: no response at all (refused, dropped,
// our own timeout), a redirect, a 2xx we cannot read. Shared by both provider clients; the mapping of each
// provider's error bodies to our codes stays with that client (instore/errors.ts, tokenized/errors.ts).
//
// Every error from a provider client carries these `details` (the services decide "checking" vs "failed"
// from outcomeUnknown):
//   outcomeUnknown  true  = the provider may have acted (timeout after sending, connection dropped, 5xx after
//                           retries, unreadable success reply, or any failure after an attempt like those);
//                   false = proven not processed (refused before sending, a 4xx, checked before sending)
//   attempts        how many times the request was sent (0 = refused before sending)
//   httpStatus      last HTTP status, or null when none arrived
//   operation       the client's name for the call (create, scan, pre-auth, …)
//   networkCode     only on network errors: ECONNREFUSED, UND_ERR_SOCKET, net::ERR_… (for the audit log)
// plus each provider's own fields (providerMessage, traceId or providerCode).

export type Details = NonNullable<AppError['details']>;

export interface FailureContext {
  readonly operation: string;
  readonly attempts: number;
  /** True when an earlier attempt may have reached the provider and acted. */
  readonly earlierOutcomeUnknown: boolean;
  /** Our clock minus the provider's, measured from this response's Date header. */
  readonly skewMs?: number | null;
}

/** The details every failure starts from; the provider's fields are null until its body is read. */
export function baseDetails(
  context: FailureContext,
  httpStatus: number | null,
  providerMessage: string | null,
  traceId: string | null,
): Details {
  return {
    operation: context.operation,
    attempts: context.attempts,
    httpStatus,
    providerMessage,
    traceId,
    outcomeUnknown: context.earlierOutcomeUnknown,
  };
}

/** Worth trying again later: the provider was not reachable or not well, it did not refuse. */
export function isRetryableCode(code: ErrorCode): boolean {
  return code === 'provider.unavailable' || code === 'network.timeout' || code === 'network.unreachable';
}

// ---- no response at all ----

/**
 * Failures that prove nothing left this computer: no route, no name, refused, TLS handshake refused. Node's
 * fetch (undici) puts a `code` on the error's cause; Electron's net.fetch puts `net::ERR_…` in the message.
 * undici's own connect timeout (10 s by default) is one of them.
 */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);
const NEVER_SENT_CHROMIUM =
  /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|ADDRESS_INVALID|CONNECTION_TIMED_OUT|PROXY_CONNECTION_FAILED|CERT_[A-Z_]+|SSL_[A-Z_]+|BAD_SSL_CLIENT_AUTH_CERT)\b/;

export interface FetchFailure {
  readonly neverSent: boolean;
  /** The most specific code found (ECONNREFUSED, net::ERR_CONNECTION_RESET…), or null. */
  readonly code: string | null;
  readonly description: string;
}

export function classifyFetchFailure(error: unknown): FetchFailure {
  const chain: unknown[] = [];
  for (
    let current: unknown = error;
    current != null && chain.length < 6;
    current = (current as { cause?: unknown }).cause
  ) {
    chain.push(current);
    if (typeof current !== 'object') break;
  }
  let code: string | null = null;
  for (const link of chain) {
    const candidate = (link as { code?: unknown }).code;
    if (typeof candidate === 'string') code = candidate;
    // AggregateError (happy-eyeballs: every address refused) carries the codes on its members.
    const members = (link as { errors?: unknown }).errors;
    if (Array.isArray(members) && members.every((m) => NEVER_SENT_CODES.has(String((m as { code?: unknown }).code)))) {
      code = String((members[0] as { code?: unknown }).code ?? code);
    }
  }
  const text = chain.map((link) => (link instanceof Error ? link.message : String(link))).join(' / ');
  const chromium = /net::ERR_[A-Z_]+/.exec(text)?.[0] ?? null;
  const neverSent =
    (code !== null && NEVER_SENT_CODES.has(code)) || (chromium !== null && NEVER_SENT_CHROMIUM.test(chromium));
  return { neverSent, code: code ?? chromium, description: text };
}

export function networkError(failure: FetchFailure, context: FailureContext): PosError {
  const outcomeUnknown = context.earlierOutcomeUnknown || !failure.neverSent;
  return new PosError('network.unreachable', {
    ...(failure.neverSent ? {} : { notice: notice('provider.connection-dropped') }),
    retryable: true,
    details: { ...baseDetails(context, null, null, null), outcomeUnknown, networkCode: failure.code },
  });
}

/** Our own deadline fired; fetch cannot tell whether the request had left, so the outcome is unknown. */
export function timeoutError(context: FailureContext, phase: 'headers' | 'body', timeoutMs: number): PosError {
  return new PosError('network.timeout', {
    retryable: true,
    details: { ...baseDetails(context, null, null, null), outcomeUnknown: true, timeoutPhase: phase, timeoutMs },
  });
}

// ---- a response we cannot use ----

/** Electron's net.fetch reports a manual redirect as an opaque response with status 0. */
export function isRedirectStatus(status: number): boolean {
  return status < 200 || (status >= 300 && status < 400);
}

/** A redirect: a signed or bearer request is never followed elsewhere, whichever provider sent it. */
export function redirectError(httpStatus: number, context: FailureContext): PosError {
  return new PosError('provider.bad-response', {
    notice: notice('provider.redirected'),
    details: { ...baseDetails(context, httpStatus, null, null), providerCode: null },
  });
}

/** A 2xx whose body does not match the documented shape: the provider probably acted, we cannot read how. */
export function badResponseError(
  context: FailureContext,
  httpStatus: number,
  problem: string,
  traceId: string | null = null,
): PosError {
  return new PosError('provider.bad-response', {
    details: {
      ...baseDetails(context, httpStatus, null, traceId),
      outcomeUnknown: true,
      problem: problem.slice(0, 300),
    },
  });
}

// ---- for callers ----

/** True when the provider may have acted on the request that failed (see the details convention above). */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof PosError && error.details?.outcomeUnknown === true;
}
