import { CHANNEL_NAME_LIST } from '../../../shared/channel-names.ts';
import type { ChannelName, Handlers } from '../../../shared/contract.ts';
import type { CsvExport, DaySummary } from '../../../shared/payment-history.ts';
import type { LearnedAmountLimits } from '../../../shared/payments.ts';
import type { CoreContext } from '../core-context.ts';
import { channelsFace, type ModuleFace } from '../module-face.ts';
import type { RegisterPayments } from './register-sales.ts';
import type { AuthorityRecord } from '../audit-chain/authority-records.ts';
import { SHIFT_CHANNELS, type ShiftHandlers, type ShiftModule } from '../shifts/shift-module.ts';

// The seam where the payment service plugs into the core. createCore builds everything the service
// depends on (core-context.ts) and hands it over; the service returns its channel handlers, the day's
// figures for the day report, and its live counts. createCore uses createPaymentModule() by
// default; tests pass the same factory with shortened timings. Its face is declared once, in
// PAYMENT_MODULE_FACE: the journal's stand-in and the core's forwarder are made from it (../module-face.ts).

/** The day's figures are the day report's channels (day-report.ts): it adds the linked-customer side. */
export type DayReportChannel = 'payments.summary' | 'payments.exportCsv';
export type PaymentChannel = Exclude<Extract<ChannelName, `payments.${string}`>, DayReportChannel>;
export type PaymentHandlers = Pick<Handlers, PaymentChannel>;

const DAY_REPORT_CHANNELS: readonly string[] = ['payments.summary', 'payments.exportCsv'] satisfies DayReportChannel[];
export const PAYMENT_CHANNELS = CHANNEL_NAME_LIST.filter(
  (name): name is PaymentChannel => name.startsWith('payments.') && !DAY_REPORT_CHANNELS.includes(name),
);

export interface PaymentCounts {
  /** Attempts the customer may still pay or that are being confirmed (shown in the status bar). */
  readonly pendingCount: number;
  /** Attempts whose outcome the service is still resolving with the provider ("Unresolved" badge). */
  readonly unresolvedCount: number;
}

export interface PaymentModule {
  readonly handlers: PaymentHandlers;
  /** The in-store figures of a local day, in the terminal's currency. */
  daySummary(day: string): Promise<DaySummary>;
  /** The in-store payments and refunds of a local day as the end-of-day CSV. */
  exportCsv(day: string): Promise<CsvExport>;
  counts(): PaymentCounts;
  /** What the provider's refusals taught about the merchant's amount limits (app.info, for the Sale screen). */
  learnedAmountLimits(): Promise<LearnedAmountLimits>;
  /** What the register connection (electron/core/ecr/) asks of the service: see payments/register-sales.ts. */
  readonly register: RegisterPayments;
  /** Shifts (../shifts/), kept in this service's journal. */
  readonly shifts: ShiftModule;
  /** A record of authority kept outside the journal (settings, staff, the drawer…), into its audit chain. */
  appendToChain(entry: AuthorityRecord): void;
  close(): Promise<void>;
}

export type PaymentModuleFactory = (context: CoreContext) => PaymentModule | Promise<PaymentModule>;

/**
 * The payment module's face, and what it answers while the payment journal is refused: every payments.* call
 * and the day report refused with journal.lost; nothing pending or unresolved to count; the register
 * connection refused too, with nothing open to show.
 */
export const PAYMENT_MODULE_FACE: ModuleFace<PaymentModule> = {
  handlers: channelsFace<PaymentHandlers>(PAYMENT_CHANNELS),
  daySummary: 'rejects',
  exportCsv: 'rejects',
  counts: () => ({ pendingCount: 0, unresolvedCount: 0 }),
  learnedAmountLimits: async () => ({ minMinor: null, maxMinor: null }),
  register: {
    requestOf: 'throws',
    startSale: 'rejects',
    sale: 'throws',
    cancel: 'rejects',
    refund: 'rejects',
    refundOf: 'throws',
    openSale: () => null,
  },
  // Shifts refused with the rest; no shift to show in the header.
  shifts: {
    handlers: channelsFace<ShiftHandlers>(SHIFT_CHANNELS),
    current: () => null,
    drawerOpened: 'throws',
  },
  appendToChain: 'throws',
  close: async () => {},
};
