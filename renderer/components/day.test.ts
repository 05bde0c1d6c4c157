import { describe, expect, it } from 'vitest';
import { formatDay } from '../../shared/receipt.ts';
import { addDays, parseTypedDay, weekday } from './day.ts';

const TODAY = '2026-11-25';

describe('parseTypedDay: a day as the cashier types it, day first', () => {
  it('reads day/month/year with the separators people use, and DDMMYYYY run together', () => {
    for (const text of ['24/11/2026', '24.11.2026', '24-11-2026', '24 11 2026', ' 24/11/2026 ', '24112026'])
      expect(parseTypedDay(text, TODAY), text).toEqual({ ok: true, day: '2026-11-24' });
    expect(parseTypedDay('3/1/2026', TODAY)).toEqual({ ok: true, day: '2026-01-03' });
  });

  it('takes a missing year as this year and a two-digit year as this century', () => {
    expect(parseTypedDay('1/11', TODAY)).toEqual({ ok: true, day: '2026-11-01' });
    expect(parseTypedDay('31/12/25', TODAY)).toEqual({ ok: true, day: '2025-12-31' });
  });

  it('reads full-width digits and slashes, as a Chinese input method types them', () => {
    expect(parseTypedDay('２４／１１／２０２６', TODAY)).toEqual({ ok: true, day: '2026-11-24' });
  });

  it('refuses what is not day, month, year', () => {
    for (const text of ['', 'yesterday', '24', '2026-11-24', '24/11/202', '1/2/3/4', '241126'])
      expect(parseTypedDay(text, TODAY), text).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('refuses a day the calendar does not have, written back as DD/MM/YYYY', () => {
    expect(parseTypedDay('31/2/2026', TODAY)).toEqual({ ok: false, problem: 'no-such-day', typed: '31/02/2026' });
    expect(parseTypedDay('29/02/2025', TODAY)).toEqual({ ok: false, problem: 'no-such-day', typed: '29/02/2025' });
    expect(parseTypedDay('31/04/2026', TODAY)).toEqual({ ok: false, problem: 'no-such-day', typed: '31/04/2026' });
    // Month first (US order) gives a 13th month or more: refused, never read the other way round.
    expect(parseTypedDay('11/25/2026', TODAY)).toEqual({ ok: false, problem: 'no-such-day', typed: '11/25/2026' });
    expect(parseTypedDay('0/11/2026', TODAY)).toEqual({ ok: false, problem: 'no-such-day', typed: '00/11/2026' });
    // Leap days that exist.
    expect(parseTypedDay('29/02/2024', TODAY)).toEqual({ ok: true, day: '2024-02-29' });
    expect(parseTypedDay('29/02/2000', TODAY)).toEqual({ ok: true, day: '2000-02-29' });
  });

  it('refuses a day after today; today itself is fine', () => {
    expect(parseTypedDay('26/11/2026', TODAY)).toEqual({ ok: false, problem: 'future', day: '2026-11-26' });
    expect(parseTypedDay('25/11/2026', TODAY)).toEqual({ ok: true, day: TODAY });
  });

  it('reads back every day the till writes, in both languages', () => {
    for (const day of ['2026-01-01', '2026-11-25', '2024-02-29', '2025-12-31'])
      for (const locale of ['en', 'zh-HK'] as const)
        expect(parseTypedDay(formatDay(day, locale), TODAY), `${day} ${locale}`).toEqual({ ok: true, day });
  });
});

describe('addDays and weekday', () => {
  it('steps over month ends, year ends, leap days and DST changes', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    // European and US DST changes (a local-time step of 24 h would land on the same day or skip one).
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
  });

  it('names the day of the week in the till’s language', () => {
    expect(weekday('2026-11-25', 'en')).toBe('Wednesday');
    expect(weekday('2026-11-25', 'zh-HK')).toBe('星期三');
    expect(weekday('2026-11-29', 'en')).toBe('Sunday');
  });
});
