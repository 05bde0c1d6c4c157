import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('per-terminal rate limiter', () => {
  it('lets a burst through, then spaces requests at the configured rate', async () => {
    const limiter = createRateLimiter({ perSecond: 20, burst: 2 });
    const started = performance.now();
    const stamps: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, () => limiter.acquire().then(() => stamps.push(performance.now() - started))),
    );
    expect(stamps).toHaveLength(6);
    // 2 immediately, then 4 more at 20/s: at least ~200 ms in total, and in arrival order.
    expect(stamps[1]!).toBeLessThan(40);
    expect(stamps[5]!).toBeGreaterThanOrEqual(180);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
  });

  it('follows a rate that changes (a setting saved while it runs) from the next request on', async () => {
    let perSecond = 100;
    const limiter = createRateLimiter({ perSecond: () => perSecond, burst: 1 });
    await limiter.acquire();
    const fastStart = performance.now();
    for (let i = 0; i < 3; i += 1) await limiter.acquire();
    const fast = performance.now() - fastStart;
    perSecond = 4;
    const slowStart = performance.now();
    for (let i = 0; i < 3; i += 1) await limiter.acquire();
    const slow = performance.now() - slowStart;
    // 3 requests at 100/s take ~30 ms; at 4/s ~750 ms (wide apart, so a loaded machine cannot blur them).
    expect(fast).toBeLessThan(350);
    expect(slow).toBeGreaterThanOrEqual(700);
  });
});
