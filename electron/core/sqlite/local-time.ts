import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// Calendar days and wall-clock times in the terminal's time zone. A shop's "today" is its own, not UTC's:
// a Singapore sale at 07:30 local is on the 21st even though UTC still says the 20th.

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The time zone this computer is set to (what the shop's clock shows). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Returns the canonical IANA name, or throws a PosError naming the bad value. */
export function checkTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new PosError('settings.invalid', { notice: notice('settings.time-zone-unknown', { timeZone }) });
  }
}

interface WallClock {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  return {
    year: parts['year'] ?? '',
    month: parts['month'] ?? '',
    day: parts['day'] ?? '',
    hour: parts['hour'] ?? '',
    minute: parts['minute'] ?? '',
    second: parts['second'] ?? '',
  };
}

/** "2026-11-21": the local calendar day of an instant. */
export function localDayOf(epochMs: number, timeZone: string): string {
  const clock = wallClock(epochMs, timeZone);
  return `${clock.year}-${clock.month}-${clock.day}`;
}

/** "2026-11-21 07:30:05": local wall-clock time, as a spreadsheet reads it. */
export function localDateTimeOf(epochMs: number, timeZone: string): string {
  const clock = wallClock(epochMs, timeZone);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}:${clock.second}`;
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date;
}

export function checkDay(day: string): string {
  if (!isCalendarDay(day)) throw new PosError('request.invalid', { notice: notice('summary.day-invalid', { day }) });
  return day;
}
