import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { isRetryableCode, type FailureContext } from '../http/failures.ts';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import type { TokenizedErrorCode } from './wire.ts';

// Turns a tokenized API refusal into our PosError (document "Errors", wire-details §3.2). The provider sends
// a machine code (`error` in the document's shape, `code` in the other published shape) and a sentence
// (`message`, or `errorMessages[0]`); we map the code, fall back on the HTTP status, and keep both in
// `details` for the audit log. Details follow the convention of ../http/failures.ts:
// operation, attempts, httpStatus, providerCode, providerMessage, outcomeUnknown.

export type TokenizedOperation =
  | 'login'
  | 'link'
  | 'link-status'
  | 'exchange'
  | 'unlink'
  | 'cashback'
  | 'pre-auth'
  | 'pre-auth-status'
  | 'capture'
  | 'void'
  | 'charge';

interface Mapping {
  readonly code: ErrorCode;
  /** What the cashier is told when the code's general text does not fit. */
  readonly notice?: Notice;
}

/**
 * Every code of the document's table. The codes' own texts say what to do (start linking again…); which of
 * the provider's codes it was stays in `details.providerCode` for the log.
 */
export const DOCUMENTED_CODE_MAP: Record<TokenizedErrorCode, Mapping> = {
  'bad-request': { code: 'request.invalid' },
  'link-session.not-found': { code: 'link.failed' },
  'auth-code.expired': { code: 'link.expired' },
  'auth-code.invalid': { code: 'link.failed' },
  'payment-token.invalid': { code: 'payment-token.invalid' },
  'pre-auth.not-found': { code: 'preauth.not-found' },
  'pre-auth.already-captured': { code: 'preauth.already-captured' },
  'pre-auth.already-voided': { code: 'preauth.already-voided' },
  'pre-auth.declined': { code: 'preauth.declined' },
  'pre-auth.expired': { code: 'preauth.expired' },
  unauthorized: { code: 'auth.unauthorized' },
};

/** Codes our sandbox adds where the provider publishes none (see electron/sandbox/tokenized/README-section.md). */
const EXTRA_CODE_MAP: Record<string, Mapping> = {
  'pre-auth.pending': { code: 'preauth.pending' },
};

export interface ProviderErrorBody {
  readonly code: string | null;
  readonly message: string | null;
}

/**
 * Reads either published shape; null when the body is not a JSON object. Each field is read on its own:
 * a provider that sends `message: null` or a numeric `errorId` must not cost us the code (a 401
 * `payment-token.invalid` would otherwise read as a merchant login failure), so a field of an unexpected
 * type is skipped, and the next published place for the same thing is tried.
 */
export function readErrorBody(text: string): ProviderErrorBody | null {
  const json = parseJsonOrUndefined(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const body = json as Record<string, unknown>;
  const numericCode =
    typeof body.errorCode === 'number' && Number.isFinite(body.errorCode) ? String(body.errorCode) : body.errorCode;
  const messages = Array.isArray(body.errorMessages) ? (body.errorMessages as unknown[]) : [];
  return {
    code: firstText([body.code, body.error, numericCode], 128),
    message: firstText([...messages, body.message], 2000),
  };
}

/** The first value that is non-empty text (cut to `max` characters), or null. */
function firstText(values: readonly unknown[], max: number): string | null {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.slice(0, max);
  return null;
}

export function tokenizedErrorFromResponse(
  status: number,
  text: string,
  operation: TokenizedOperation,
  context: FailureContext,
): PosError {
  const body = readErrorBody(text);
  const mapping = mapError(status, body?.code ?? null, body?.message ?? null, operation);
  return new PosError(mapping.code, {
    ...(mapping.notice ? { notice: mapping.notice } : {}),
    retryable: isRetryableCode(mapping.code),
    details: {
      operation: context.operation,
      attempts: context.attempts,
      httpStatus: status,
      providerCode: body?.code ?? null,
      providerMessage: body?.message?.slice(0, 500) ?? null,
      // A 4xx proves this attempt was not processed, but an earlier attempt that timed out may have been.
      outcomeUnknown: status >= 500 || context.earlierOutcomeUnknown,
    },
  });
}

function mapError(status: number, code: string | null, message: string | null, operation: TokenizedOperation): Mapping {
  // Unlink's refusals carry no published code: the request was checked before sending, so a 400 means an
  // open hold (document), and a 404 means the token is unknown or already unlinked (wire-details §3.2).
  if (operation === 'unlink' && status === 400) return { code: 'unlink.blocked' };
  if (operation === 'unlink' && status === 404) return { code: 'payment-token.invalid' };
  if (operation === 'login' && (status === 401 || status === 403)) return DOCUMENTED_CODE_MAP.unauthorized;
  if (code !== null && Object.hasOwn(DOCUMENTED_CODE_MAP, code)) {
    const mapping = DOCUMENTED_CODE_MAP[code as TokenizedErrorCode];
    if (code === 'bad-request' && message && /currenc/i.test(message)) {
      return { code: 'currency.unsupported', notice: notice('customers.currency-other') };
    }
    return mapping;
  }
  if (code !== null && Object.hasOwn(EXTRA_CODE_MAP, code)) return EXTRA_CODE_MAP[code]!;
  if (status >= 500 || status === 429) return { code: 'provider.unavailable' };
  if (status === 401 || status === 403) return DOCUMENTED_CODE_MAP.unauthorized;
  if (status === 409) return { code: 'request.invalid', notice: notice('provider.action-conflict') };
  // An unknown 404 is most likely a wrong base URL, never "no such hold": reading it as not-found could make
  // the service conclude a hold was never placed.
  if (status === 404) return { code: 'provider.bad-response', notice: notice('provider.address-not-found') };
  return { code: 'request.invalid' };
}

/** The provider's code on a PosError from this client, or null. */
export function providerCodeOf(error: unknown): string | null {
  if (!(error instanceof PosError)) return null;
  const code = error.details?.providerCode;
  return typeof code === 'string' ? code : null;
}
