import type { z } from 'zod';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { isCurrency, type Money } from '../../../shared/money.ts';
import type { HttpReply } from '../http/attempt-loop.ts';
import { badResponseError, type FailureContext } from '../http/failures.ts';
import { stripUndefined } from '../http/json-body.ts';
import { fromWireAmount } from './amounts.ts';
import type { TokenizedOperation } from './errors.ts';

// Every call's edges: a request is checked before it leaves (request.invalid names the field), a reply is
// validated as it arrives (a reply that does not fit is a bad response, never trusted).

export function checkBody<S extends z.ZodType>(
  operation: TokenizedOperation,
  schema: S,
  body: z.input<S>,
): z.output<S> {
  const parsed = schema.safeParse(stripUndefined(body));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue ? issue.path.join('.') : '';
  throw new PosError('request.invalid', {
    ...(field ? { notice: notice('provider.field-invalid', { field }) } : {}),
    details: { operation, attempts: 0, outcomeUnknown: false, field, problem: issue?.message ?? null },
  });
}

export function checkId(operation: TokenizedOperation, value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 512 || /[/?#\s]/.test(value)) {
    throw new PosError('request.invalid', {
      notice: notice('provider.field-invalid', { field }),
      details: { operation, attempts: 0, outcomeUnknown: false, field },
    });
  }
  return value;
}

export function parse<S extends z.ZodType>(reply: HttpReply, schema: S): z.output<S> {
  const parsed = schema.safeParse(reply.json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const problem =
    reply.json === undefined
      ? 'reply is not JSON'
      : `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
  throw badResponseError(reply.context, reply.status, problem);
}

export function wireMoney(reply: { context: FailureContext; status: number }, amount: number, currency: string): Money {
  if (!isCurrency(currency))
    throw badResponseError(reply.context, reply.status, `unknown currency ${currency.slice(0, 8)}`);
  try {
    return fromWireAmount(amount, currency);
  } catch {
    throw badResponseError(reply.context, reply.status, `amount ${amount} is not a ${currency} amount`);
  }
}
