import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/settings.ts';
import { dateTime, money, time } from './format.ts';

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

  it('Simplified Chinese (Singapore) and Malay: day first too (zh-Hans-SG alone writes 2026年11月22日)', () => {
    expect(dateTime(iso, 'zh-Hans')).toBe('22/11/2026 13:05:09');
    expect(time(iso, 'zh-Hans')).toBe('13:05:09');
    expect(dateTime(iso, 'ms')).toMatch(/^22\/11\/2026,?\s*13:05:09$/);
    expect(time(iso, 'ms')).toBe('13:05:09');
  });

  it('amounts keep the counter symbol and the same digits in every language', () => {
    for (const locale of LOCALES) {
      expect(money({ amountMinor: 123456, currency: 'SGD' }, locale)).toBe('S$1,234.56');
      expect(money({ amountMinor: 123456, currency: 'MYR' }, locale)).toBe('RM1,234.56');
      expect(money({ amountMinor: -1234, currency: 'SGD' }, locale)).toBe('-S$12.34');
    }
    expect(money({ amountMinor: 5000, currency: 'HKD' }, 'zh-HK')).toBe('HK$50.00');
  });

  it('shows an unreadable timestamp as it came rather than "Invalid Date"', () => {
    expect(dateTime('not-a-date', 'en')).toBe('not-a-date');
  });
});
