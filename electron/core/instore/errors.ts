import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { baseDetails, isRetryableCode, type FailureContext } from '../http/failures.ts';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import { providerErrorBodySchema } from './schemas.ts';

// Turns the in-store provider's refusals into our PosError codes (wire-details §2.5). The provider sends no
// machine code, only an HTTP status and a sentence, so we match the published sentences. Failures without a
// readable refusal (no response, timeouts, redirects) and the `details` convention are ../http/failures.ts's;
// this adds providerMessage and traceId, and skewMs on auth.clock-skew (our clock minus the provider's, when
// its Date header was present).

interface MessageRule {
  readonly status: number | null;
  /** Only for this client operation (the same sentence can mean different things per call). */
  readonly operation?: string;
  readonly match: RegExp;
  readonly code: ErrorCode;
  /** What the cashier is told when the code's general text would send them the wrong way. */
  readonly notice?: Notice;
}

/** The sentences the provider publishes (status + text → our code). */
export const PUBLISHED_MESSAGE_RULES: readonly MessageRule[] = [
  { status: 400, match: /^missing required parameters/i, code: 'request.invalid' },
  {
    status: 400,
    match: /^invalid date header/i,
    code: 'request.invalid',
    notice: notice('provider.date-unreadable'),
  },
  { status: 400, match: /invalid country to currency pair/i, code: 'currency.unsupported' },
  {
    status: 401,
    match: /^missing authorization header/i,
    code: 'auth.missing',
    notice: notice('provider.credentials-stripped'),
  },
  { status: 401, match: /^invalid auth header/i, code: 'auth.signature' },
  { status: 401, match: /signature has expired/i, code: 'auth.clock-skew' },
  { status: 401, match: /^invalid accesskeyid/i, code: 'auth.unknown-key' },
  { status: 401, match: /^invalid signature/i, code: 'auth.signature' },
  { status: 401, match: /^terminal access denied/i, code: 'terminal.denied' },
  { status: 404, match: /^invalid posid/i, code: 'pos.unknown' },
  { status: 404, match: /^invalid referenceid\. unable to find/i, code: 'order.not-found' },
  { status: 409, match: /already assigned to an existing resource/i, code: 'order.duplicate-reference' },
  { status: 400, match: /^amount is lower than minimum amount/i, code: 'amount.below-provider-minimum' },
  { status: 400, match: /^amount has exceeded maximum amount/i, code: 'amount.above-provider-maximum' },
  // The troubleshooting list gives this sentence as a cancel's refusal too: there it means "too late to cancel"
  // (the customer confirmed), and the caller then looks the order up. Listed first, so it wins on a cancel.
  { status: 409, operation: 'cancel', match: /not in captured state/i, code: 'order.not-cancellable' },
  { status: 409, match: /not in captured state/i, code: 'order.not-captured' },
];

/**
 * Situations whose text the provider does not publish (over-refund, cancel after confirmation; our sandbox
 * answers 409/400 with a clear sentence). Matched by meaning, whatever the status.
 */
export const UNPUBLISHED_MESSAGE_RULES: readonly MessageRule[] = [
  {
    status: null,
    match:
      /refund.*(exceed|more than|greater than|larger than|above)|(exceed|more than|greater than|larger than).*refund/i,
    code: 'refund.exceeds-refundable',
  },
  { status: null, match: /cancel/i, code: 'order.not-cancellable' },
  { status: null, match: /consumerQrPayload.*already (been )?used/i, code: 'consumer-code.already-used' },
  { status: null, match: /consumerQrPayload.*expired/i, code: 'consumer-code.expired' },
  { status: null, match: /consumerQrPayload/i, code: 'consumer-code.invalid' },
  { status: null, match: /^invalid amount\b/i, code: 'amount.invalid' },
  {
    status: null,
    match: /not onboarded/i,
    code: 'request.invalid',
    notice: notice('provider.not-onboarded'),
  },
];

export function providerErrorFromResponse(status: number, bodyText: string, context: FailureContext): PosError {
  const body = parseErrorBody(bodyText);
  const providerMessage = body?.message ?? null;
  const rule = providerMessage === null ? undefined : findRule(status, providerMessage, context.operation);
  const code = rule?.code ?? fallbackCode(status);
  const details: Record<string, string | number | boolean | null> = {
    ...baseDetails(context, status, providerMessage, body?.traceId ?? null),
    // A 4xx proves this attempt was not processed, but an earlier attempt that timed out may have been.
    outcomeUnknown: status >= 500 || context.earlierOutcomeUnknown,
  };
  let said = rule?.notice;
  if (code === 'auth.clock-skew') {
    details.skewMs = context.skewMs ?? null;
    said = clockSkewNotice(context.skewMs ?? null);
  } else if (code === 'provider.bad-response' && status === 404) {
    said = notice('provider.address-not-found');
  }
  return new PosError(code, { ...(said ? { notice: said } : {}), details, retryable: isRetryableCode(code) });
}

function findRule(status: number, message: string, operation: string): MessageRule | undefined {
  const text = message.trim();
  const applies = (rule: MessageRule) => rule.operation === undefined || rule.operation === operation;
  return (
    PUBLISHED_MESSAGE_RULES.find((rule) => rule.status === status && applies(rule) && rule.match.test(text)) ??
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

function parseErrorBody(text: string): { message: string; traceId: string | null } | null {
  const parsed = providerErrorBodySchema.safeParse(parseJsonOrUndefined(text));
  return parsed.success ? { message: parsed.data.message, traceId: parsed.data.traceId ?? null } : null;
}

// ---- clock skew ----

/** How far and which way the till's clock is off, when it was measured (else the code's own text says it). */
export function clockSkewNotice(skewMs: number | null): Notice | undefined {
  if (skewMs === null || Math.abs(skewMs) < 1000) return undefined;
  return notice(skewMs > 0 ? 'provider.clock-ahead' : 'provider.clock-behind', {
    duration: { durationMs: Math.abs(skewMs) },
  });
}
