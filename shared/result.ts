import type { ErrorCode } from './errors.ts';
import type { Notice } from './notices.ts';

// The envelope every handler returns across a transport. Plain data only, so it survives structured
// cloning (Electron IPC) and JSON (web host) alike; handlers never throw across the boundary.

export interface AppError {
  readonly code: ErrorCode;
  /** English, for logs and for a person reading a raw reply; screens render `notice` or the code instead. */
  readonly message: string;
  /** True when the same request may succeed if sent again unchanged. */
  readonly retryable: boolean;
  /**
   * Optional structured facts (measured clock skew, refundable rest, …) for the screen to show: plain values, or a
   * list of strings (the payments a refused shift close names).
   */
  readonly details?: Readonly<Record<string, string | number | boolean | null | readonly string[]>>;
  /** What exactly went wrong, when the code's own text is not specific enough (see shared/notices.ts). */
  readonly notice?: Notice;
  /**
   * Every field a refused save named, each with what is wrong with it (`settings.invalid`): the screen shows
   * them all at once, next to their fields. Keys are dotted paths (`scanner.maxInterKeyMs`) or secret names.
   */
  readonly fieldNotices?: Readonly<Record<string, Notice>>;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}
