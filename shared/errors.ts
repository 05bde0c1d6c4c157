import { ERRORS_EN } from './locales/en/errors.ts';
import { noticeInEnglish, type ErrorParam, type Notice } from './notices.ts';
import type { AppError } from './result.ts';

// Our own error codes. The provider's errors (HTTP status + message text, or a tokenized `error` code) are
// mapped onto these at the client's edge; screens only ever see these codes and their messages. Their texts
// live with every other word, in shared/locales/<lang>/errors.ts; the English is also what the core logs.

export type ErrorCode = keyof typeof ERRORS_EN;

export const ERROR_CODES = Object.keys(ERRORS_EN) as ErrorCode[];

/** The code's text in English, for the core's logs and an error's `message` (screens render their own). */
export function defaultMessage(code: ErrorCode): string {
  return ERRORS_EN[code];
}

/**
 * The one exception type the core throws. Handlers convert it to the Result envelope at the transport
 * boundary; anything else thrown becomes `internal`.
 */
export class PosError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details: AppError['details'];
  readonly notice: Notice | undefined;
  readonly fieldNotices: AppError['fieldNotices'];

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      notice?: Notice;
      retryable?: boolean;
      details?: AppError['details'];
      fieldNotices?: AppError['fieldNotices'];
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? (options.notice ? noticeInEnglish(options.notice) : defaultMessage(code)), {
      cause: options.cause,
    });
    this.name = 'PosError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = options.details;
    this.notice = options.notice;
    this.fieldNotices = options.fieldNotices;
  }

  /** This error inside a notice (a reason that says what went wrong): its notice, else its code. */
  toNoticeParam(): ErrorParam {
    return this.notice ? { code: this.code, notice: this.notice } : { code: this.code };
  }

  toAppError(): AppError {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.details ? { details: this.details } : {}),
      ...(this.notice ? { notice: this.notice } : {}),
      ...(this.fieldNotices ? { fieldNotices: this.fieldNotices } : {}),
    };
  }
}

export function toAppError(error: unknown): AppError {
  if (error instanceof PosError) return error.toAppError();
  return { code: 'internal', message: defaultMessage('internal'), retryable: false };
}
