import { describe, expect, it } from 'vitest';
import { measureScan, wouldRecognise } from './scan-timing.ts';

function timed(text: string, gaps: number, terminator?: string) {
  let time = 100;
  const keys = [...text].map((key) => ({ key, time: (time += gaps) }));
  if (terminator) keys.push({ key: terminator, time: time + gaps });
  return keys;
}

describe('scanner speed measurement', () => {
  it('measures a scan and suggests a threshold with headroom that recognises it', () => {
    const measurement = measureScan(timed('0123456789AB', 12, 'Enter'));
    expect(measurement).toEqual({
      length: 12,
      maxGapMs: 12,
      averageGapMs: 12,
      terminator: 'Enter',
      suggestedMaxInterKeyMs: 23,
    });
    expect(wouldRecognise(measurement!, { maxInterKeyMs: 35, minLength: 8, terminator: 'Enter' })).toBe(true);
    expect(wouldRecognise(measurement!, { maxInterKeyMs: 10, minLength: 8, terminator: 'Enter' })).toBe(false);
    expect(wouldRecognise(measurement!, { maxInterKeyMs: 35, minLength: 8, terminator: 'Tab' })).toBe(false);
  });

  it('refuses to suggest a threshold from typing by hand', () => {
    expect(measureScan(timed('hello world', 150, 'Enter'))?.suggestedMaxInterKeyMs).toBeNull();
  });

  it('reports a scanner that sends no terminator', () => {
    expect(measureScan(timed('ABCDEFGH', 8))?.terminator).toBeNull();
  });

  it('needs at least two characters', () => {
    expect(measureScan(timed('A', 8, 'Enter'))).toBeNull();
  });
});
