import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHintThrottle, type HintThrottle } from './hint-throttle.ts';

// The per-order hint throttle: a flood costs one lookup per interval, the last hint of a flood is never lost,
// and a quiet order is forgotten.

let throttle: HintThrottle;

beforeEach(() => {
  vi.useFakeTimers();
  throttle = createHintThrottle({ intervalMs: 1000 });
});

afterEach(() => {
  throttle.close();
  vi.useRealTimers();
});

describe('hint throttle', () => {
  it('a flood of 500 hints for one order within an interval costs one lookup now and one at its end', () => {
    const looks: number[] = [];
    for (let i = 0; i < 500; i++) throttle.hint('order-1', () => looks.push(i));
    expect(looks).toEqual([0]);
    vi.advanceTimersByTime(1000);
    // The trailing lookup runs with the latest hint.
    expect(looks).toEqual([0, 499]);
    vi.advanceTimersByTime(5000);
    expect(looks).toEqual([0, 499]);
  });

  it('a flood that lasts 10 intervals costs at most one lookup per interval', () => {
    let looks = 0;
    for (let ms = 0; ms < 10_000; ms += 10) {
      throttle.hint('order-1', () => (looks += 1));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(1000);
    expect(looks).toBeLessThanOrEqual(11);
    expect(looks).toBeGreaterThanOrEqual(10);
  });

  it('orders are throttled apart: a flood for one does not delay another', () => {
    const looks: string[] = [];
    for (let i = 0; i < 50; i++) throttle.hint('order-1', () => looks.push('1'));
    throttle.hint('order-2', () => looks.push('2'));
    expect(looks).toEqual(['1', '2']);
  });

  it('after a quiet interval an order looks at once again', () => {
    const looks: number[] = [];
    throttle.hint('order-1', () => looks.push(1));
    vi.advanceTimersByTime(1000);
    throttle.hint('order-1', () => looks.push(2));
    expect(looks).toEqual([1, 2]);
  });

  it('without trailing lookups, the hints within the interval are dropped', () => {
    const leading = createHintThrottle({ intervalMs: 1000, trailing: false });
    const looks: number[] = [];
    for (let i = 0; i < 50; i++) expect(leading.hint('order-1', () => looks.push(i))).toBe(i === 0 ? 'now' : 'dropped');
    vi.advanceTimersByTime(5000);
    expect(looks).toEqual([0]);
    expect(leading.hint('order-1', () => looks.push(99))).toBe('now');
    leading.close();
  });

  it('close cancels the pending lookups', () => {
    const looks: number[] = [];
    throttle.hint('order-1', () => looks.push(1));
    throttle.hint('order-1', () => looks.push(2));
    throttle.close();
    vi.advanceTimersByTime(5000);
    expect(looks).toEqual([1]);
  });
});
