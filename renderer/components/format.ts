import type { DisplayStatus } from '../../shared/payments.ts';
import { formatMoney, type Money } from '../../shared/money.ts';
import { DATE_LOCALE, formatDateTime } from '../../shared/receipt.ts';
import type { Locale } from '../../shared/settings.ts';

// Small formatting helpers shared by the screens.

export function money(value: Money, locale: Locale): string {
  return formatMoney(value, locale);
}

// Dates and times as the tills' markets write them, the same as receipts (shared/receipt.ts): day-first and a
// 24-hour clock in every language (plain 'en' is US order in Intl; zh-HK's default is a 12-hour 下午1:05).

export function time(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleTimeString(DATE_LOCALE[locale], {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
}

export function dateTime(iso: string, locale: Locale): string {
  return formatDateTime(iso, locale, undefined);
}

/** Local calendar day, YYYY-MM-DD (the contract's `day`). */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "4:05" for 245 seconds. */
export function minutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "+1.2 s" / "−0.3 s" for a clock difference in milliseconds. */
export function skew(ms: number): string {
  const sign = ms > 0 ? '+' : ms < 0 ? '−' : '±';
  return `${sign}${(Math.abs(ms) / 1000).toFixed(1)} s`;
}

export const FINAL_DISPLAY: ReadonlySet<DisplayStatus> = new Set([
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'not-sent',
]);

export type Outcome = 'success' | 'failure' | 'neutral' | 'pending';

/** How a status looks and sounds: success (green, chime), failure (red, buzz), neutral (cancelled by us). */
export function outcomeOf(status: DisplayStatus): Outcome {
  switch (status) {
    case 'paid':
      return 'success';
    case 'failed':
    case 'expired':
    case 'not-sent':
      return 'failure';
    case 'cancelled':
    case 'refunded':
      return 'neutral';
    default:
      return 'pending';
  }
}
