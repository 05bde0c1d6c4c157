import { randomUUID } from 'node:crypto';

// Idempotency keys for writes to either provider: a UUID v4, chosen (and journalled) before the request
// leaves and sent again unchanged on every retry, so the provider acts at most once.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuidV4(value: string): boolean {
  return UUID_V4.test(value);
}

export function newIdempotencyKey(): string {
  return randomUUID();
}
