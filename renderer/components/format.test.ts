import { describe, expect, it } from 'vitest';
import { dateTime, time } from './format.ts';

describe('dates and times on screen', () => {
  // A fixed local time, whatever the machine's zone: built from local parts.
  const iso = new Date(2026, 10, 22, 13, 5, 9).toISOString();

  it('English: day first, 24-hour clock (no US month-first order)', () => {
    expect(dateTime(iso, 'en')).toBe('22/11/2026, 13:05:09');
    expect(time(iso, 'en')).toBe('13:05:09');
  });

  it('Traditional Chinese (Hong Kong): day first and the same 24-hour clock (no 上午/下午)', () => {
    expect(dateTime(iso, 'zh-HK')).toMatch(/^22\/11\/2026,?\s*13:05:09$/);
    expect(time(iso, 'zh-HK')).toBe('13:05:09');
  });

  it('shows an unreadable timestamp as it came rather than "Invalid Date"', () => {
    expect(dateTime('not-a-date', 'en')).toBe('not-a-date');
  });
});
