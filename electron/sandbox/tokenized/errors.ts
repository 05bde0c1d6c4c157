import type { SandboxContext } from '../context.ts';
import type { Reply } from '../http.ts';

// Refusals in the document's body shape, `{statusCode, error, message}` (tokenized-payment-api.md "Errors"),
// or, with the `tokenizedErrorShape: 'live'` setting, in the live service's other published shape
// `{statusCode, errorMessages[], errorId, name, errorCode, code, helpUrl}` (wire-details §3.2).
// `error` is one of the document's codes; a few situations the provider does not publish get a code of ours
// (listed in OUR_ERROR_CODES and in the README section), always with the documented HTTP status.

/** The document's error table ("Errors"). */
type DocumentedErrorCode =
  | 'bad-request'
  | 'link-session.not-found'
  | 'auth-code.expired'
  | 'auth-code.invalid'
  | 'payment-token.invalid'
  | 'pre-auth.not-found'
  | 'pre-auth.already-captured'
  | 'pre-auth.already-voided'
  | 'pre-auth.declined'
  | 'pre-auth.expired'
  | 'unauthorized';

/** Codes the sandbox uses beyond the document's table (ours). */
export const OUR_ERROR_CODES = [
  'not-found',
  'method-not-allowed',
  'pre-auth.pending',
  'payment-token.not-found',
] as const;
export type SandboxTokenizedCode = DocumentedErrorCode | (typeof OUR_ERROR_CODES)[number];

export class TokenizedError extends Error {
  readonly status: number;
  readonly code: SandboxTokenizedCode;

  constructor(status: number, code: SandboxTokenizedCode, message: string) {
    super(message);
    this.name = 'TokenizedError';
    this.status = status;
    this.code = code;
  }
}

export function tokenizedErrorReply(
  ctx: SandboxContext,
  status: number,
  code: SandboxTokenizedCode,
  message: string,
): Reply {
  if (ctx.settings.tokenizedErrorShape !== 'live')
    return { status, body: { statusCode: status, error: code, message } };
  return {
    status,
    body: {
      statusCode: status,
      errorMessages: [message],
      errorId: ctx.ids.traceId(),
      name: LIVE_ERROR_NAMES[status] ?? 'Error',
      errorCode: code,
      code,
      // A help address in the published form; `.invalid` (RFC 2606) so that nothing can come to rely on it.
      helpUrl: `https://help.sandbox.invalid/errors/${code}`,
    },
  };
}

/** The live shape names the error's class; these are ours (the provider publishes no list). */
const LIVE_ERROR_NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  409: 'ConflictError',
};

export function badRequest(message: string): TokenizedError {
  return new TokenizedError(400, 'bad-request', message);
}

/** Texts of the sandbox (the provider publishes codes, not sentences). */
export const MESSAGES = {
  unauthorized: 'Missing or invalid merchant token.',
  badCredentials: 'Invalid merchant credentials.',
  paymentTokenInvalid: 'The payment token was not found, is unlinked, or belongs to another merchant.',
  paymentTokenNotFound: 'The payment token was not found or is already unlinked.',
  linkSessionNotFound: 'Link session not found.',
  authCodeExpired: 'The auth code has expired (valid for 60 seconds). Start a new link session.',
  authCodeInvalid: 'The auth code is not valid or was already used. Start a new link session.',
  preAuthNotFound: 'Pre-auth not found.',
  alreadyCaptured: 'The capture of this pre-auth was already initiated.',
  alreadyVoided: 'This pre-auth was voided.',
  declined: 'This pre-auth was declined by the payment processor.',
  expired: 'This pre-auth expired without capture or void.',
  pending: 'This pre-auth is still being authorised. Poll GET /pre-auths/{id} until it is AUTHORIZED.',
  unlinkBlocked: 'The user has an AUTHORIZED pre-auth. Capture or void it before unlinking.',
  idempotencyKeyMissing: (header: string) => `Header ${header} is required (a UUID, one per logical attempt).`,
  idempotencyKeyInvalid: (header: string) => `Header ${header} must be a UUID.`,
  routeNotFound: 'Route not found.',
  methodNotAllowed: 'Method not allowed.',
} as const;
