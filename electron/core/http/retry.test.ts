import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableOutcome,
  normaliseRetryPolicy,
  shouldRetry,
} from './retry.ts';

const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };

describe('retry policy', () => {
  it('never retries a 4xx, whatever the attempt count', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(isRetryableOutcome({ kind: 'response', status })).toBe(false);
      expect(shouldRetry({ kind: 'response', status }, 1, policy)).toBe(false);
    }
  });

  it('retries 5xx, network errors and timeouts, but only up to maxAttempts', () => {
    const retryable = [
      { kind: 'response', status: 500 },
      { kind: 'response', status: 503 },
      { kind: 'network', neverSent: true },
      { kind: 'network', neverSent: false },
      { kind: 'timeout' },
    ] as const;
    for (const outcome of retryable) {
      expect(shouldRetry(outcome, 1, policy)).toBe(true);
      expect(shouldRetry(outcome, 3, policy)).toBe(true);
      expect(shouldRetry(outcome, 4, policy)).toBe(false);
    }
    expect(shouldRetry({ kind: 'response', status: 200 }, 1, policy)).toBe(false);
    expect(shouldRetry({ kind: 'timeout' }, 1, { ...policy, maxAttempts: 1 })).toBe(false);
  });

  it('backs off exponentially within [cap/2, cap], capped at maxDelayMs', () => {
    expect(backoffDelayMs(1, policy, () => 0)).toBe(50);
    expect(backoffDelayMs(1, policy, () => 0.999999)).toBe(100);
    expect(backoffDelayMs(2, policy, () => 0)).toBe(100);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(300);
    expect(backoffDelayMs(4, policy, () => 1)).toBe(800);
    expect(backoffDelayMs(9, policy, () => 1)).toBe(1_000);
    expect(backoffDelayMs(9, policy, () => 0)).toBe(500);
  });

  it('jitters: different random draws give different waits', () => {
    const waits = new Set([0.1, 0.4, 0.7, 0.9].map((r) => backoffDelayMs(3, policy, () => r)));
    expect(waits.size).toBe(4);
  });

  it("honours a server's Retry-After, still bounded by maxDelayMs", () => {
    expect(backoffDelayMs(1, policy, () => 0, 0.5)).toBe(500);
    expect(backoffDelayMs(1, policy, () => 0, 30)).toBe(1_000);
    expect(backoffDelayMs(1, policy, () => 0, null)).toBe(50);
  });

  it('validates configuration', () => {
    expect(normaliseRetryPolicy(undefined)).toEqual(DEFAULT_RETRY_POLICY);
    expect(normaliseRetryPolicy({ maxAttempts: 1 }).maxAttempts).toBe(1);
    expect(() => normaliseRetryPolicy({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => normaliseRetryPolicy({ maxAttempts: 2.5 })).toThrow(RangeError);
    expect(() => normaliseRetryPolicy({ baseDelayMs: 5_000, maxDelayMs: 1_000 })).toThrow(RangeError);
  });
});
