import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PosError } from '../../../shared/errors.ts';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from './api-schemas.ts';

// Every POST of a register carries an Idempotency-Key. The till keeps each request by (register key's id, its
// Idempotency-Key) in the payment journal, written in the same commit as what the request recorded
// (payments/journal/register.ts); these are the pieces around it: reading the header, the request's fingerprint, how
// long a key is answered, and one request per key at a time within this process.
//
// A key is answered for IDEMPOTENCY_LIFETIME_MS after its request: long enough for any retry, short enough that
// a register whose order counter starts again each day ("sale-0001") is never answered yesterday's sale,
// paid, as if it were today's (the cashier would hand over goods nobody paid for). From then until the journal
// forgets the request (journal REQUEST_RETENTION_MS) the key is refused, ecr.idempotency-key-expired: the
// register's developer hears that keys must not be re-used, instead of a sale that is new one day and an old
// one the next.

const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** How long a recorded request answers its Idempotency-Key (README, OpenAPI document). */
export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Refuses a key whose request is older than its lifetime. */
export function refuseExpired(recordedAt: number, now: number, idempotencyKey: string): void {
  if (now - recordedAt < IDEMPOTENCY_LIFETIME_MS) return;
  throw new PosError('ecr.idempotency-key-expired', {
    message: `Idempotency-Key "${idempotencyKey}" was used at ${new Date(recordedAt).toISOString()}, more than 24 hours ago: send a new key.`,
  });
}

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

  async exclusive<T>(keyId: string, idempotencyKey: string, work: () => Promise<T>): Promise<T> {
    const id = `${keyId}\u0000${idempotencyKey}`;
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
