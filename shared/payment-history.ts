import type { ChainMark } from './audit-chain.ts';
import { z } from 'zod';
import type { CurrencyCode, Money } from './money.ts';
import {
  DISPLAY_STATUSES,
  PAYMENT_ORIGINS,
  type DisplayStatus,
  type PaymentMethod,
  type PaymentView,
} from './payments.ts';
import { day } from './request-atoms.ts';

// The payments list (its filters and pages), a day's summary and its CSV export: what the Payments and End of
// day screens read from the payments journal.

/**
 * What the payment list filters by: a payment's origin, or from-register: one the shop's register program
 * started over the register connection (taken here too, its key's name in `fromRegister`).
 */
export const HISTORY_ORIGINS = [...PAYMENT_ORIGINS, 'from-register'] as const;
export type HistoryOrigin = (typeof HISTORY_ORIGINS)[number];

export interface CsvExport {
  readonly fileName: string;
  readonly csv: string;
}

export interface HistoryQuery {
  /** Local calendar day YYYY-MM-DD; absent = all days. */
  readonly day?: string | undefined;
  readonly status?: (typeof DISPLAY_STATUSES)[number] | undefined;
  readonly method?: 'merchant-qr' | 'customer-qr' | undefined;
  /**
   * taken-here: payments this till took; looked-up: payments of other terminals it looked up (and refunded);
   * from-register: payments the shop's register started over the register connection (a part of taken-here).
   */
  readonly origin?: HistoryOrigin | undefined;
  /** Our referenceId or the provider's order id, whole or a prefix. */
  readonly search?: string | undefined;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Opaque cursor for the next page, null at the end. */
  readonly nextCursor: string | null;
  readonly total: number;
}

export interface SummaryLine {
  readonly count: number;
  readonly total: Money;
}

export interface DaySummary {
  /** Local calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly currency: CurrencyCode;
  readonly byStatus: Readonly<Partial<Record<DisplayStatus, SummaryLine>>>;
  readonly byMethod: Readonly<Record<PaymentMethod, SummaryLine>>;
  readonly paid: SummaryLine;
  /** Refunds this till made that day (confirmed) of payments it took itself. */
  readonly refunds: SummaryLine;
  /**
   * Refunds this till made that day (confirmed) of payments taken at another terminal of the merchant (looked
   * up by their reference, e.g. at the refund counter). Money out of this till; never in `paid`. Always set by
   * the core; optional only so summaries built before it existed still type-check.
   */
  readonly refundsOfOtherTerminals?: SummaryLine;
  /**
   * For information, not in `net`: refunded outside this till (another terminal, the merchant portal) on that
   * day's payments, as far as the provider has reported it (count = payments, total = their amounts refunded
   * elsewhere). The terminal that made such a refund counts it in its own `refundsOfOtherTerminals`, so a shop
   * adding up its terminals' nets counts each refund once. Always set by the core; optional only so summaries
   * built before it existed still type-check.
   */
  readonly refundedElsewhere?: SummaryLine;
  /**
   * Linked-customer (tokenized) takings of that day, in the summary's currency: approved charges and captured
   * holds (a hold counts on the day it was placed: the journal keeps that day, not the capture's). Already in
   * `net`. Set by the core; optional so summaries built without the linked-customer module still type-check.
   */
  readonly linkedCustomers?: LinkedCustomerTakings;
  /** The payment journal's audit chain when the summary was made (the day report prints it). Set by the core. */
  readonly chain?: ChainMark;
  /**
   * For a manager comparing with each register's own report: the payments the shop's register programs started
   * over the register connection, by the name of the key each used, with the refunds this till made of them that
   * day. Parts of `paid` and `refunds`, never added again. Only registers with such a payment or refund; always
   * set by the core, optional so summaries built before it existed still type-check.
   */
  readonly byRegister?: readonly RegisterDayLine[];
  /**
   * On a day the till worked in shifts: what it took while no shift was open (count = paid payments, total = their
   * amount less the refunds made outside a shift), so that the in-store net is the shifts' nets plus this line.
   * Absent on a day without shifts.
   */
  readonly outsideShifts?: SummaryLine;
  /**
   * This terminal's takings minus the refunds it made: paid − refunds − refundsOfOtherTerminals, plus
   * linked-customer takings when present. Refunds made elsewhere are not subtracted here (see refundedElsewhere).
   */
  readonly net: Money;
}

export interface RegisterDayLine {
  /** The register key's name (Settings → Register connection). */
  readonly keyName: string;
  /** Its payments captured that day (also those refunded since), as in `paid`. */
  readonly paid: SummaryLine;
  /** Refunds this till made that day (confirmed) of its payments, over the connection or at the till. */
  readonly refunds: SummaryLine;
}

export interface LinkedCustomerTakings {
  readonly charges: SummaryLine;
  readonly captures: SummaryLine;
}

/** A closed year moved out of the live journal into its archive file, which the till still reads. */
export interface YearArchived {
  readonly year: number;
  /** The archive file, in the data folder's archive/ folder. */
  readonly file: string;
  /** Records moved, by kind. */
  readonly moved: {
    readonly payments: number;
    readonly refunds: number;
    readonly cancels: number;
    readonly events: number;
    readonly statusChanges: number;
    readonly saleLines: number;
  };
  /** Payments of that year left in the live journal: refunded after the year, or not settled. */
  readonly keptLive: number;
}

export interface PaymentHistoryChannels {
  'payments.history': { request: HistoryQuery; response: Page<PaymentView> };
  'payments.summary': { request: { day: string }; response: DaySummary };
  'payments.exportCsv': { request: { day: string }; response: CsvExport };
  /**
   * The admin's: a closed year (before the current one) archived. Its payments stay findable read-only by
   * reference and order id; the live journal keeps the audit chain whole. Run again, it moves what is left.
   */
  'payments.archiveYear': { request: { year: number }; response: YearArchived };
}

export const paymentHistoryRequestSchemas: {
  [K in keyof PaymentHistoryChannels]: z.ZodType<PaymentHistoryChannels[K]['request']>;
} = {
  'payments.history': z
    .object({
      day: day.optional(),
      status: z.enum(DISPLAY_STATUSES).optional(),
      method: z.enum(['merchant-qr', 'customer-qr']).optional(),
      origin: z.enum(HISTORY_ORIGINS).optional(),
      search: z.string().max(64).optional(),
      cursor: z.string().max(128).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    })
    .strict(),
  'payments.summary': z.object({ day }).strict(),
  'payments.exportCsv': z.object({ day }).strict(),
  'payments.archiveYear': z.object({ year: z.number().int().min(2000).max(9999) }).strict(),
};
