import type { ErrorCode } from '../errors.ts';
import type { NoticeKey } from '../notices.ts';
import type { DayReportLabel, ReceiptLabel } from './en/paper.ts';
import type { MessageKey } from './en/screens.ts';

// Everything a language says, in one record per language (./<lang>/index.ts). English (./en/) defines the
// keys; every other language is a full record of the same keys, so a missing text does not compile, and
// locales.test.ts checks that each template names the same {params} as the English one.

export interface Language {
  /** The language's own name, as the Settings screen offers it: a cashier who cannot read the current one still finds theirs. */
  readonly name: string;
  /** The Intl locale of dates and times: day-first with a 24-hour clock, as the tills' markets write them. */
  readonly dateLocale: string;
  /** The screens' strings, by t() key. */
  readonly screens: Readonly<Record<MessageKey, string>>;
  /** What the core tells a person (shared/notices.ts), journal events included. */
  readonly notices: Readonly<Record<NoticeKey, string>>;
  /** Each error code's text, shown when the error has no notice. */
  readonly errors: Readonly<Record<ErrorCode, string>>;
  /** Receipts and refund slips. */
  readonly receipt: Readonly<Record<ReceiptLabel, string>>;
  /** The end-of-day report. */
  readonly dayReport: Readonly<Record<DayReportLabel, string>>;
}
