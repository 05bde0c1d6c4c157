import { defaultMessage, PosError, type ErrorCode } from '../../../shared/errors.ts';
import type { Problem } from './api-schemas.ts';

// Errors on the register connection as RFC 9457 problem details: `code` is the till's own error code (the same
// the screens get), `title` its meaning and `detail` what happened this time, both in English: a register is a
// program, and its developer reads English logs. `type` names the code as a URN (README: the problem types).

export const PROBLEM_TYPE_PREFIX = 'urn:wallet-pos:problem:';

/** The HTTP status of each code a register can meet; anything else is 422 (or 503 when it is worth retrying). */
const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  'ecr.invalid-request': 400,
  'ecr.idempotency-key-missing': 400,
  'request.invalid': 400,
  'ecr.unauthorized': 401,
  'ecr.forbidden': 403,
  'ecr.refunds-disabled': 403,
  'ecr.not-found': 404,
  'payment.not-found': 404,
  'ecr.method-not-allowed': 405,
  'ecr.busy': 409,
  'ecr.idempotency-conflict': 409,
  'ecr.sale-cancelled': 409,
  'ecr.sale-expired': 409,
  // Nobody is signed in at a till that asks who is there: the register tries again once someone is.
  'auth.sign-in-required': 409,
  'auth.not-allowed': 403,
  // The till sells only in a shift and none is open: the register tries again once the cashier opened one.
  'shift.not-open': 409,
  'ecr.idempotency-key-expired': 422,
  'order.not-cancellable': 409,
  'order.not-captured': 409,
  'order.not-refundable': 409,
  'order.duplicate-reference': 409,
  'refund.exceeds-refundable': 409,
  'ecr.request-timeout': 408,
  'ecr.request-too-large': 413,
  'ecr.too-many-connections': 429,
  'ecr.unsupported-media-type': 415,
  'amount.invalid': 422,
  'amount.over-limit': 422,
  'amount.below-provider-minimum': 422,
  'amount.above-provider-maximum': 422,
  'currency.unsupported': 422,
  internal: 500,
  'ecr.keys-unreadable': 503,
  'journal.lost': 503,
  'journal.unavailable': 503,
  'auth.missing': 503,
  'provider.unavailable': 503,
  'network.unreachable': 503,
  'network.timeout': 503,
};

export function problemStatus(error: PosError): number {
  return STATUS_OF[error.code] ?? (error.retryable ? 503 : 422);
}

export function problemOf(error: unknown): Problem {
  const posError = error instanceof PosError ? error : new PosError('internal', { cause: error });
  // An extension member (RFC 9457 §3.2): the payment the problem is about. For ecr.busy that is the sale
  // holding the till when it is the caller's own (routes.ts leaves out anyone else's).
  const referenceId = posError.details?.['referenceId'];
  // Another: the request field it is about (a register's lines that do not add up).
  const field = posError.details?.['field'];
  return {
    type: `${PROBLEM_TYPE_PREFIX}${posError.code}`,
    title: defaultMessage(posError.code),
    status: problemStatus(posError),
    detail: posError.message,
    code: posError.code,
    ...(typeof field === 'string' ? { field } : {}),
    ...(typeof referenceId === 'string' ? { referenceId } : {}),
  };
}
