import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PosError } from '../../../shared/errors.ts';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from './api-schemas.ts';

// Every POST of a register carries an Idempotency-Key. The till keeps each request by (register key, its
// Idempotency-Key) in the payment journal, written in the same commit as what the request recorded
// (journal/register.ts); these are the pieces around it: reading the header, the request's fingerprint, and
// one request per key at a time within this process.

const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export function idempotencyKeyOf(headers: IncomingHttpHeaders): string {
  const value = headers['idempotency-key'];
  if (typeof value !== 'string' || value === '') {
    throw new PosError('ecr.idempotency-key-missing', { message: 'The request has no Idempotency-Key header.' });
  }
  if (!KEY_PATTERN.test(value)) {
    throw new PosError('ecr.idempotency-key-missing', {
      message: `The Idempotency-Key must be 1–${IDEMPOTENCY_KEY_MAX} printable ASCII characters.`,
    });
  }
  return value;
}

/** SHA-256 of method, path and the validated body with its keys in order: the same request, whatever its spacing. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`, 'utf8')
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A register that retries before its first request was answered waits for that one, then reads what it
 * recorded: the same key never runs twice at once. (Across a crash the journal's primary key does the same.)
 */
export class InFlightRequests {
  readonly #running = new Map<string, Promise<unknown>>();

  async exclusive<T>(registerKey: string, idempotencyKey: string, work: () => Promise<T>): Promise<T> {
    const id = `${registerKey}\u0000${idempotencyKey}`;
    for (let earlier = this.#running.get(id); earlier; earlier = this.#running.get(id)) {
      await earlier.catch(() => {});
    }
    const running = work();
    this.#running.set(id, running);
    try {
      return await running;
    } finally {
      if (this.#running.get(id) === running) this.#running.delete(id);
    }
  }
}
