import { describe, expect, it } from 'vitest';
import { createWedgeDetector, type WedgeOptions, type WedgeVerdict } from './wedge-detector.ts';

const OPTIONS: WedgeOptions = { maxInterKeyMs: 35, minLength: 8, terminator: 'Enter' };

function feedAll(
  keys: readonly string[],
  gapMs: number | readonly number[],
  options: WedgeOptions = OPTIONS,
  startAt = 1000,
): WedgeVerdict[] {
  const detector = createWedgeDetector(() => options);
  let time = startAt;
  return keys.map((key, index) => {
    time += typeof gapMs === 'number' ? gapMs : (gapMs[index] ?? 0);
    return detector.feed({ key, time });
  });
}

const chars = (text: string): string[] => [...text];

describe('keyboard-wedge detector', () => {
  it('takes fast keys closed by Enter as one scan, with the code and when it started', () => {
    const verdicts = feedAll([...chars('2811990012345678'), 'Enter'], 5);
    expect(verdicts.slice(0, -1).every((v) => v.kind === 'none')).toBe(true);
    expect(verdicts.at(-1)).toEqual({ kind: 'scan', code: '2811990012345678', startedAt: 1005, durationMs: 80 });
  });

  it('never takes human-speed typing as a scan, however it ends', () => {
    // 120 ms between keys: a fast typist. Same text, same Enter.
    const verdicts = feedAll([...chars('2811990012345678'), 'Enter'], 120);
    expect(verdicts.every((v) => v.kind === 'none')).toBe(true);
  });

  it('does not let one slow key in the middle turn typing into a scan', () => {
    // Fast first half, a pause, fast second half: neither run alone is long enough.
    const gaps = [5, 5, 5, 5, 5, 300, 5, 5, 5, 5, 5];
    const verdicts = feedAll([...chars('ABCDEFGHIJ'), 'Enter'], gaps);
    expect(verdicts.at(-1)).toEqual({ kind: 'none' });
  });

  it('ignores codes shorter than the minimum length', () => {
    const verdicts = feedAll([...chars('1234567'), 'Enter'], 5);
    expect(verdicts.at(-1)).toEqual({ kind: 'none' });
    const exactly = feedAll([...chars('12345678'), 'Enter'], 5);
    expect(exactly.at(-1)).toMatchObject({ kind: 'scan', code: '12345678' });
  });

  it('honours a Tab terminator, and then Enter no longer ends a scan', () => {
    const tab: WedgeOptions = { ...OPTIONS, terminator: 'Tab' };
    expect(feedAll([...chars('ABCD1234EFGH'), 'Tab'], 6, tab).at(-1)).toMatchObject({
      kind: 'scan',
      code: 'ABCD1234EFGH',
    });
    expect(feedAll([...chars('ABCD1234EFGH'), 'Enter'], 6, tab).at(-1)).toEqual({ kind: 'none' });
  });

  it('does not take a terminator pressed long after a fast burst (autocomplete, then a person pressing Enter)', () => {
    const gaps = [...Array(12).fill(5), 400];
    expect(feedAll([...chars('ABCD1234EFGH'), 'Enter'], gaps).at(-1)).toEqual({ kind: 'none' });
  });

  it('keeps Shift inside a scan (scanners press it for capitals) but breaks on shortcuts and held keys', () => {
    const detector = createWedgeDetector(() => OPTIONS);
    let time = 0;
    const feed = (key: string, extra: { withCommandModifier?: boolean; repeat?: boolean } = {}) =>
      detector.feed({ key, time: (time += 4), ...extra });
    for (const key of ['Shift', 'A', 'B', 'Shift', 'C', 'D', 'E', 'F', 'G', 'H']) feed(key);
    expect(feed('Enter')).toMatchObject({ kind: 'scan', code: 'ABCDEFGH' });

    for (const key of chars('ABCDEFGH')) feed(key);
    feed('v', { withCommandModifier: true });
    expect(feed('Enter')).toEqual({ kind: 'none' });

    for (const key of chars('AAAAAAAA')) feed(key, { repeat: true });
    expect(feed('Enter')).toEqual({ kind: 'none' });
  });

  it('starts afresh after each scan, and reads new thresholds on every key', () => {
    let options = OPTIONS;
    const detector = createWedgeDetector(() => options);
    let time = 0;
    const type = (text: string, gap: number) => {
      for (const key of chars(text)) detector.feed({ key, time: (time += gap) });
      return detector.feed({ key: 'Enter', time: (time += gap) });
    };
    expect(type('FIRSTCODE1', 5)).toMatchObject({ code: 'FIRSTCODE1' });
    expect(type('SECONDCODE', 5)).toMatchObject({ code: 'SECONDCODE' });
    // A slow scanner (50 ms) is missed at 35 ms and recognised once the threshold is raised.
    expect(type('SLOWSCAN99', 50)).toEqual({ kind: 'none' });
    options = { ...OPTIONS, maxInterKeyMs: 80 };
    expect(type('SLOWSCAN99', 50)).toMatchObject({ kind: 'scan', code: 'SLOWSCAN99' });
  });
});
