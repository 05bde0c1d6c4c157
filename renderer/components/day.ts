import { DATE_LOCALE } from '../../shared/receipt.ts';
import type { Locale } from '../../shared/settings.ts';

// Calendar days as the contract carries them (ISO YYYY-MM-DD, the till's local day) and as a cashier reads
// and types them: day first, like every date the till shows (25/11/2026 in both languages, shared/receipt.ts).

/** The day `count` days after `day` (before it when negative). Counted in UTC, so no DST hour gets in the way. */
export function addDays(day: string, count: number): string {
  const date = utcDate(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** "Wednesday" / "星期三". */
export function weekday(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' }).format(utcDate(day));
}

export type TypedDay =
  | { readonly ok: true; readonly day: string }
  /** Not read as day, month, year at all (letters, a lone number, month first with a year in front…). */
  | { readonly ok: false; readonly problem: 'unreadable' }
  /** Read, but no such day in the calendar (31/02, month 13); `typed` is it written DD/MM/YYYY. */
  | { readonly ok: false; readonly problem: 'no-such-day'; readonly typed: string }
  /** A real day after today: nothing has been taken on it yet. */
  | { readonly ok: false; readonly problem: 'future'; readonly day: string };

// Day, month and an optional year (2 or 4 digits) with any of / . - or spaces between; or DDMMYYYY run
// together, as a numeric keypad types it.
const SEPARATED = /^(\d{1,2})[\s/.-]+(\d{1,2})(?:[\s/.-]+(\d{4}|\d{2}))?$/;
const RUN_TOGETHER = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * What a cashier typed into a day field, read day first. A missing year is this year's, a two-digit one this
 * century's. Full-width digits and slashes (a Chinese input method's) read as their ASCII selves.
 */
export function parseTypedDay(text: string, today: string): TypedDay {
  const cleaned = text.normalize('NFKC').trim();
  const match = SEPARATED.exec(cleaned) ?? RUN_TOGETHER.exec(cleaned);
  if (!match) return { ok: false, problem: 'unreadable' };
  const dayOfMonth = Number(match[1]);
  const month = Number(match[2]);
  const yearText = match[3];
  const year =
    yearText === undefined
      ? Number(today.slice(0, 4))
      : yearText.length === 2
        ? 2000 + Number(yearText)
        : Number(yearText);
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > daysInMonth(year, month))
    return { ok: false, problem: 'no-such-day', typed: `${pad(dayOfMonth, 2)}/${pad(month, 2)}/${pad(year, 4)}` };
  const day = `${pad(year, 4)}-${pad(month, 2)}-${pad(dayOfMonth, 2)}`;
  // ISO days compare as strings.
  if (day > today) return { ok: false, problem: 'future', day };
  return { ok: true, day };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function utcDate(day: string): Date {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  // Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(year);
  return date;
}
