import { defaultMessage, PosError, type ErrorCode } from '../../../shared/errors.ts';
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
  /** A cashier-facing sentence when the code's default does not fit. */
  readonly message?: string;
}

/** Every code of the document's table. */
export const DOCUMENTED_CODE_MAP: Record<TokenizedErrorCode, Mapping> = {
  'bad-request': {
    code: 'request.invalid',
    message: 'The provider did not accept the request. Check the amount and the customer, then try again.',
  },
  'link-session.not-found': {
    code: 'link.failed',
    message: 'The provider no longer knows this linking session. Start linking again.',
  },
  'auth-code.expired': {
    code: 'link.expired',
    message: 'The approval was not completed in time. Start linking again.',
  },
  'auth-code.invalid': {
    code: 'link.failed',
    message: 'The approval could not be used (already used or not valid). Start linking again.',
  },
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
    message: mapping.message ?? defaultMessage(mapping.code),
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
  if (operation === 'unlink' && status === 404) {
    return {
      code: 'payment-token.invalid',
      message: 'This customer is not linked at the provider (already unlinked).',
    };
  }
  if (operation === 'login' && (status === 401 || status === 403)) return DOCUMENTED_CODE_MAP.unauthorized;
  if (code !== null && Object.hasOwn(DOCUMENTED_CODE_MAP, code)) {
    const mapping = DOCUMENTED_CODE_MAP[code as TokenizedErrorCode];
    if (code === 'bad-request' && message && /currenc/i.test(message)) {
      return {
        code: 'currency.unsupported',
        message: 'This currency is not the one set up for linked-customer payments.',
      };
    }
    return mapping;
  }
  if (code !== null && Object.hasOwn(EXTRA_CODE_MAP, code)) return EXTRA_CODE_MAP[code]!;
  if (status >= 500 || status === 429) return { code: 'provider.unavailable' };
  if (status === 401 || status === 403) return DOCUMENTED_CODE_MAP.unauthorized;
  if (status === 409)
    return {
      code: 'request.invalid',
      message: 'The provider says this action no longer fits the hold or payment. Check its status.',
    };
  // An unknown 404 is most likely a wrong base URL, never "no such hold": reading it as not-found could make
  // the service conclude a hold was never placed.
  if (status === 404)
    return {
      code: 'provider.bad-response',
      message: 'The provider address answered "not found". Check the environment in Settings.',
    };
  return { code: 'request.invalid' };
}

/** The provider's code on a PosError from this client, or null. */
export function providerCodeOf(error: unknown): string | null {
  if (!(error instanceof PosError)) return null;
  const code = error.details?.providerCode;
  return typeof code === 'string' ? code : null;
}
