import { describe, expect, it } from 'vitest';
import { isUuidV4, newIdempotencyKey } from './idempotency-key.ts';

describe('idempotency keys', () => {
  it('are fresh UUID v4s', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isUuidV4(key)).toBe(true);
  });

  it('accept only a UUID v4, in either case', () => {
    expect(isUuidV4('3B241101-E2BB-4255-8CAF-4136C566A962')).toBe(true);
    expect(isUuidV4('3b241101-e2bb-1255-8caf-4136c566a962')).toBe(false); // v1
    expect(isUuidV4('3b241101-e2bb-4255-7caf-4136c566a962')).toBe(false); // wrong variant
    expect(isUuidV4(' 3b241101-e2bb-4255-8caf-4136c566a962')).toBe(false);
  });
});
