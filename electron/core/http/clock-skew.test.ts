import { describe, expect, it } from 'vitest';
import { measureClockSkew } from './clock-skew.ts';

describe('clock skew', () => {
  it('compares the Date header with the midpoint of send and receipt', () => {
    const sent = Date.parse('2025-01-01T00:00:10.000Z');
    // ISO with ms: exact.
    expect(measureClockSkew('2025-01-01T00:00:09.900Z', sent, sent + 200)).toBe(200);
    // HTTP-date: truncated to the second, so its expected true value is +500 ms.
    expect(measureClockSkew('Wed, 01 Jan 2025 00:00:10 GMT', sent, sent + 1000)).toBe(0);
    expect(measureClockSkew('Wed, 01 Jan 2025 00:01:10 GMT', sent, sent)).toBe(-60_500);
    expect(measureClockSkew(null, sent, sent)).toBeNull();
    expect(measureClockSkew('yesterday-ish', sent, sent)).toBeNull();
  });
});
