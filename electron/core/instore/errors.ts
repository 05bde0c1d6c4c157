import type { AppError } from '../../../shared/result.ts';
import { defaultMessage, PosError, type ErrorCode } from '../../../shared/errors.ts';
import { providerErrorBodySchema } from './schemas.ts';

// Turns whatever went wrong on the wire into our PosError codes (wire-details §2.5). The provider sends no
// machine code, only an HTTP status and a sentence, so we match the published sentences.
//
// Every error from the client carries these `details` (the payment service decides "checking" vs "failed"
// from outcomeUnknown):
//   outcomeUnknown  true  = the provider may have acted (timeout after sending, connection dropped, 5xx after
//                           retries, unreadable success reply, or any failure after an attempt like those);
//                   false = proven not processed (refused before sending, a 4xx, checked before sending)
//   attempts        how many times the request was sent (0 = refused before sending)
//   httpStatus      last HTTP status, or null when none arrived
//   providerMessage the provider's sentence, or null
//   traceId         the provider's traceId, or null
//   operation       create | scan | status | refund | cancel | probe
//   skewMs          only on auth.clock-skew: our clock minus the provider's, when its Date header was present
//   networkCode     only on network errors: ECONNREFUSED, UND_ERR_SOCKET, net::ERR_… (for the audit log)

export type Details = NonNullable<AppError['details']>;

export interface FailureContext {
  readonly operation: string;
  readonly attempts: number;
  /** True when an earlier attempt may have reached the provider and acted. */
  readonly earlierOutcomeUnknown: boolean;
  /** Our clock minus the provider's, measured from this response's Date header. */
  readonly skewMs?: number | null;
}

interface MessageRule {
  readonly status: number | null;
  readonly match: RegExp;
  readonly code: ErrorCode;
  readonly message?: string;
}

/** The sentences the provider publishes (status + text → our code). */
export const PUBLISHED_MESSAGE_RULES: readonly MessageRule[] = [
  { status: 400, match: /^missing required parameters/i, code: 'request.invalid' },
  {
    status: 400,
    match: /^invalid date header/i,
    code: 'request.invalid',
    message: 'The provider could not read the time sent with the request. A proxy or firewall may be changing it.',
  },
  { status: 400, match: /invalid country to currency pair/i, code: 'currency.unsupported' },
  {
    status: 401,
    match: /^missing authorization header/i,
    code: 'auth.missing',
    message: 'The provider did not receive our credentials. A proxy or firewall may be removing them.',
  },
  { status: 401, match: /^invalid auth header/i, code: 'auth.signature' },
  { status: 401, match: /signature has expired/i, code: 'auth.clock-skew' },
  { status: 401, match: /^invalid accesskeyid/i, code: 'auth.unknown-key' },
  { status: 401, match: /^invalid signature/i, code: 'auth.signature' },
  { status: 401, match: /^terminal access denied/i, code: 'terminal.denied' },
  { status: 404, match: /^invalid posid/i, code: 'pos.unknown' },
  { status: 404, match: /^invalid referenceid\. unable to find/i, code: 'order.not-found' },
  { status: 409, match: /already assigned to an existing resource/i, code: 'order.duplicate-reference' },
  { status: 409, match: /not in captured state/i, code: 'order.not-captured' },
];

/**
 * Situations whose text the provider does not publish (over-refund, cancel after confirmation; our sandbox
 * answers 409/400 with a clear sentence). Matched by meaning, whatever the status.
 */
export const UNPUBLISHED_MESSAGE_RULES: readonly MessageRule[] = [
  { status: null, match: /refund.*(exceed|more than|greater than|larger than|above)|(exceed|more than|greater than|larger than).*refund/i, code: 'refund.exceeds-refundable' },
  { status: null, match: /cancel/i, code: 'order.not-cancellable' },
  { status: null, match: /consumerQrPayload.*already (been )?used/i, code: 'consumer-code.already-used' },
  { status: null, match: /consumerQrPayload.*expired/i, code: 'consumer-code.expired' },
  { status: null, match: /consumerQrPayload/i, code: 'consumer-code.invalid' },
  { status: null, match: /^invalid amount\b/i, code: 'amount.invalid' },
  {
    status: null,
    match: /not onboarded/i,
    code: 'request.invalid',
    message: 'These credentials cannot take payments in the selected country. Check the country in Settings.',
  },
];

export function providerErrorFromResponse(status: number, bodyText: string, context: FailureContext): PosError {
  const body = parseErrorBody(bodyText);
  const providerMessage = body?.message ?? null;
  const rule = providerMessage === null ? undefined : findRule(status, providerMessage);
  const code = rule?.code ?? fallbackCode(status);
  const details: Record<string, string | number | boolean | null> = {
    ...baseDetails(context, status, providerMessage, body?.traceId ?? null),
    // A 4xx proves this attempt was not processed, but an earlier attempt that timed out may have been.
    outcomeUnknown: status >= 500 || context.earlierOutcomeUnknown,
  };
  let message = rule?.message ?? defaultMessage(code);
  if (code === 'auth.clock-skew') {
    details.skewMs = context.skewMs ?? null;
    message = clockSkewMessage(context.skewMs ?? null);
  } else if (code === 'provider.bad-response' && status === 404) {
    message = 'The provider address answered "not found". Check the environment and address in Settings.';
  }
  return new PosError(code, { message, details, retryable: isRetryableCode(code) });
}

function findRule(status: number, message: string): MessageRule | undefined {
  const text = message.trim();
  return (
    PUBLISHED_MESSAGE_RULES.find((rule) => rule.status === status && rule.match.test(text)) ??
    UNPUBLISHED_MESSAGE_RULES.find((rule) => status >= 400 && status < 500 && rule.match.test(text))
  );
}

function fallbackCode(status: number): ErrorCode {
  if (status >= 500) return 'provider.unavailable';
  if (status === 429) return 'provider.unavailable';
  if (status === 401 || status === 403) return 'auth.signature';
  // An unknown 404 is most likely a wrong base URL, never "no such order": reading it as not-found could make
  // the payment service conclude a payment was never sent.
  if (status === 404) return 'provider.bad-response';
  return 'request.invalid';
}

function isRetryableCode(code: ErrorCode): boolean {
  return code === 'provider.unavailable' || code === 'network.timeout' || code === 'network.unreachable';
}

function parseErrorBody(text: string): { message: string; traceId: string | null } | null {
  if (!text) return null;
  try {
    const parsed = providerErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? { message: parsed.data.message, traceId: parsed.data.traceId ?? null } : null;
  } catch {
    return null;
  }
}

function baseDetails(context: FailureContext, httpStatus: number | null, providerMessage: string | null, traceId: string | null): Details {
  return {
    operation: context.operation,
    attempts: context.attempts,
    httpStatus,
    providerMessage,
    traceId,
    outcomeUnknown: context.earlierOutcomeUnknown,
  };
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
const NEVER_SENT_CHROMIUM = /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|ADDRESS_INVALID|CONNECTION_TIMED_OUT|PROXY_CONNECTION_FAILED|CERT_[A-Z_]+|SSL_[A-Z_]+|BAD_SSL_CLIENT_AUTH_CERT)\b/;

export interface FetchFailure {
  readonly neverSent: boolean;
  /** The most specific code found (ECONNREFUSED, net::ERR_CONNECTION_RESET…), or null. */
  readonly code: string | null;
  readonly description: string;
}

export function classifyFetchFailure(error: unknown): FetchFailure {
  const chain: unknown[] = [];
  for (let current: unknown = error; current != null && chain.length < 6; current = (current as { cause?: unknown }).cause) {
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
  const neverSent = (code !== null && NEVER_SENT_CODES.has(code)) || (chromium !== null && NEVER_SENT_CHROMIUM.test(chromium));
  return { neverSent, code: code ?? chromium, description: text };
}

export function networkError(failure: FetchFailure, context: FailureContext): PosError {
  const outcomeUnknown = context.earlierOutcomeUnknown || !failure.neverSent;
  const message = failure.neverSent
    ? defaultMessage('network.unreachable')
    : 'The connection to the provider dropped before it answered. The result is being checked.';
  return new PosError('network.unreachable', {
    message,
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

/** A 2xx whose body does not match the documented shape: the provider probably acted, we cannot read how. */
export function badResponseError(context: FailureContext, httpStatus: number, problem: string, traceId: string | null = null): PosError {
  return new PosError('provider.bad-response', {
    details: { ...baseDetails(context, httpStatus, null, traceId), outcomeUnknown: true, problem: problem.slice(0, 300) },
  });
}

// ---- clock skew ----

/** "45 s", "2 min 5 s", "1 h 3 min". */
export function describeDuration(ms: number): string {
  const totalSeconds = Math.round(Math.abs(ms) / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes < 60) return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes ? `${hours} h ${restMinutes} min` : `${hours} h`;
}

export function clockSkewMessage(skewMs: number | null): string {
  if (skewMs === null || Math.abs(skewMs) < 1000) return defaultMessage('auth.clock-skew');
  const direction = skewMs > 0 ? 'ahead of' : 'behind';
  return `This till's clock is ${describeDuration(skewMs)} ${direction} the provider's. Fix the system time, then try again.`;
}

// ---- for callers ----

/** True when the provider may have acted on the request that failed (see the details convention above). */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof PosError && error.details?.outcomeUnknown === true;
}
