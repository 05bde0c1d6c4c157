import type { ErrorCode } from '../../../shared/errors.ts';

// One HTTP attempt to a provider as the audit log keeps it, reported by the attempt loop (attempt-loop.ts)
// for every attempt, retries included. Never holds a secret or a signature.

export interface HttpExchange<Operation extends string = string> {
  readonly operation: Operation;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The Date header sent (and, in-store, signed); null when the request carried none. */
  readonly date: string | null;
  readonly idempotencyKey: string | null;
  /** The body as sent ("" for none), after the transport's audit redaction if it has one. */
  readonly requestBody: string;
  readonly status: number | null;
  readonly responseBody: string | null;
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly networkCode: string | null } | null;
  readonly startedAt: string;
  readonly durationMs: number;
  /** 1-based. */
  readonly attempt: number;
}
