import { dirname, join } from 'node:path';
import type { ChainMark } from '../../../../shared/audit-chain.ts';
import type { CanonicalValue } from '../../audit-chain/canonical-json.ts';
import { createChainWriter, type ChainWriter } from '../../audit-chain/chain-writer.ts';
import type { CsvExport, HistoryQuery, DaySummary, Page } from '../../../../shared/payment-history.ts';
import type {
  JournalEvent,
  PaymentDetail,
  PaymentFindQuery,
  PaymentView,
  StatusChange,
} from '../../../../shared/payments.ts';
import type { CurrencyCode } from '../../../../shared/money.ts';
import type { ShiftReport, StaffRef } from '../../../../shared/staff.ts';
import * as attempts from './attempts.ts';
import * as cancels from './cancels.ts';
import { createContext, type JournalContext } from './context.ts';
import { journalUnavailable } from '../../sqlite/database.ts';
import { journalFacade, type JournalFacade } from '../../sqlite/journal-facade.ts';
import { openJournalFile } from '../../sqlite/journal-file.ts';
import type { JournalRecords } from '../../sqlite/journal-record.ts';
import type { JournalOutbox } from '../../head-office/outbox/till-outbox.ts';
import { daySummary } from './day-summary.ts';
import * as events from './events.ts';
import { exportCsv } from './csv-export.ts';
import { findPayments } from './find.ts';
import { history } from './history.ts';
import { detailOf, viewOf } from './detail.ts';
import { archiveYear, ARCHIVE_FOLDER, type YearArchiveOutcome } from './year-archive.ts';
import { yearArchiveReader, type YearArchiveReader } from './year-archive-reader.ts';
import { lookedUpDetail, recordLookedUpPayment, type LookedUpPayment } from './looked-up.ts';
import { checkTimeZone, systemTimeZone } from '../../sqlite/local-time.ts';
import { migrate } from './migrations/index.ts';
import { recordProviderRefundTotal, type ProviderRefundTotalOutcome } from './provider-refund-total.ts';
import * as refunds from './refunds.ts';
import * as register from './register.ts';
import { recordSaleLines } from './sale-lines.ts';
import type { SaleLine } from '../../../../shared/sale-lines.ts';
import * as shifts from './shifts.ts';
import type { AttemptRow, CancelRow, EventRow, RefundRow } from './rows.ts';
import { toJournalEvent, toStatusChange } from './views.ts';

// The payment journal: the durable, write-ahead record of every payment attempt, refund and cancel on this
// till. Synchronous (node:sqlite is), and every write has been committed and fsynced when its call returns.
// Any failure of the database itself surfaces as PosError('journal.unavailable'): the service must then stop
// taking payments rather than send a request it could not record.

export const JOURNAL_FILE_NAME = 'payments.sqlite3';

/** Where the journal lives inside the app's data folder. */
export function journalFileIn(dataFolder: string): string {
  return join(dataFolder, JOURNAL_FILE_NAME);
}

export interface JournalOptions {
  /** The SQLite file; its folder is created if missing. See `journalFileIn`. */
  readonly filePath: string;
  /** IANA time zone of the shop (local days, references, CSV times). Default: this computer's. */
  readonly timeZone?: string | undefined;
  /** Clock in epoch ms; injectable for tests and the benchmark. */
  readonly now?: (() => number) | undefined;
  /** The till's record of the journal beside it (../../sqlite/journal-record.ts); absent outside a till. */
  readonly records?: JournalRecords | undefined;
  /** The head office's outbox (../../head-office/outbox/till-outbox.ts); absent outside a till. */
  readonly outbox?: JournalOutbox | undefined;
}

export interface Journal {
  readonly filePath: string;
  readonly timeZone: string;
  /** Today's local day (YYYY-MM-DD) by the journal's clock and time zone. */
  today(): string;

  /** A fresh provider-safe referenceId for a new attempt, e.g. TILL01-20261121-K3F9Q2ZP. */
  /** `training`: a training sale's reference, numbered apart (TRN-…). */
  newReferenceId(terminalReference: string, training?: boolean): string;
  /** Write-ahead insert (state `sending`). Call BEFORE the request leaves. Throws consumer-code.already-used, order.duplicate-reference. */
  recordAttempt(input: attempts.NewAttempt): AttemptRow;
  /** Throws journal.conflict when `expectedVersion` is stale or the change would undo a final status; payment.not-found. */
  updateAttempt(referenceId: string, patch: attempts.AttemptPatch, expectedVersion?: number): AttemptRow;
  getAttempt(referenceId: string): AttemptRow | null;
  /** The payment recorded with this charge id (chosen by a screen), if any. */
  attemptByChargeId(chargeId: string): AttemptRow | null;
  /** Attempts in sending / checking / active, oldest first: what recovery resumes on start. */
  listNonFinal(): AttemptRow[];
  unsettledCounts(): { pending: number; unresolved: number };
  /**
   * The provider's refund total (`refundAmount`) a lookup reported: kept when larger than the one stored
   * (capped at the amount), never while one of our refunds on the payment is in flight.
   */
  recordProviderRefundTotal(referenceId: string, reportedMinor: number): ProviderRefundTotalOutcome;

  /**
   * Records a payment of the merchant taken at another terminal (origin looked-up), before refunding it here.
   * Only a paid one (CAPTURED or REFUNDED): else order.not-captured. A reference already recorded is kept.
   */
  recordLookedUpPayment(payment: LookedUpPayment): AttemptRow;
  /** The detail a looked-up payment shows before anything of it is recorded. */
  lookedUpDetail(payment: LookedUpPayment): PaymentDetail;

  /** Write-ahead insert of a refund. Throws order.not-captured, refund.exceeds-refundable (details.refundableMinor). */
  recordRefund(referenceId: string, input: refunds.NewRefund): RefundRow;
  /** Moving to `succeeded` adds the amount to the payment's refunded total in the same commit. */
  updateRefund(refundId: string, patch: refunds.RefundPatch): RefundRow;
  getRefund(refundId: string): RefundRow | null;
  refundsOf(referenceId: string): RefundRow[];
  unsettledRefunds(): RefundRow[];
  /** What this person refunded without an approver in the open shift (refunds.ts), in minor units of `currency`. */
  unapprovedRefundsInShiftMinor(staffId: string, currency: string, training: boolean): number;

  recordCancel(referenceId: string, input?: cancels.NewCancel): CancelRow;
  updateCancel(cancelId: string, patch: cancels.CancelPatch): CancelRow;
  getCancel(cancelId: string): CancelRow | null;
  cancelsOf(referenceId: string): CancelRow[];
  unsettledCancels(): CancelRow[];

  /** Append-only. `data` is redacted (secrets, tokens, customer codes) and long strings are cut before storing. */
  appendEvent(referenceId: string, event: events.NewEvent): EventRow;
  eventsOf(referenceId: string): JournalEvent[];
  /** Written by the journal on every change of display or provider status. */
  statusHistoryOf(referenceId: string): StatusChange[];

  /** The PaymentView of one attempt (display status, refundable, canCancel… derived). */
  viewOf(referenceId: string): PaymentView | null;
  /** Everything the detail screen shows, from one snapshot. */
  /**
   * Moves a closed year's settled payments into archive/payments-<year>.sqlite3 beside the journal (year-archive.ts);
   * history search, the detail and the lookup by order id still find them there. Throws request.invalid for a
   * year not closed.
   */
  archiveYear(year: number): YearArchiveOutcome;
  detailOf(referenceId: string): PaymentDetail | null;
  /** Newest first, keyset-paginated; `search` is a prefix of our reference or the provider's order id. */
  history(query: HistoryQuery): Page<PaymentView>;
  /** A payment without its receipt: by the provider's order id, amount and time window, or who took it on a day. */
  find(query: PaymentFindQuery): PaymentView[];
  /** Totals of one local day. Pass the till's currency (default: the currency most used that day). */
  daySummary(day: string, currency?: CurrencyCode): DaySummary;
  exportCsv(day: string): CsvExport;

  /** The register connection's records (schema 9): see register.ts. */
  readonly register: {
    /** In the caller's transaction, with what it recorded; throws ecr.idempotency-conflict for a key already used. */
    recordRequest(
      request: register.NewRegisterRequest,
      recorded: { referenceId: string; refundId?: string | null },
    ): register.RegisterRequestRow;
    /** The request this key (its id) made with this Idempotency-Key, kept for register.REQUEST_RETENTION_MS. */
    requestOf(keyId: string, idempotencyKey: string): register.RegisterRequestRow | null;
    /** A customer-QR sale waiting for its scan; throws ecr.busy while another one waits. */
    recordSale(sale: register.NewRegisterSale): register.RegisterSaleRow;
    saleOf(referenceId: string): register.RegisterSaleRow | null;
    waitingSale(): register.RegisterSaleRow | null;
    closeSale(referenceId: string, state: Exclude<register.RegisterSaleRowState, 'waiting'>): register.RegisterSaleRow;
    openAttempts(): AttemptRow[];
    /** In the caller's transaction: the lines the register sent with its sale (schema 16, sale-lines.ts). */
    recordLines(referenceId: string, lines: readonly SaleLine[]): void;
  };

  /** Shifts (schema 14): see shifts.ts. */
  readonly shifts: {
    /** Refused shift.already-open while one is open. */
    open(input: { openedBy: StaffRef | null; note: string | null }): shifts.ShiftRow;
    current(): shifts.ShiftRow | null;
    get(shiftId: string): shifts.ShiftRow | null;
    ofDay(day: string): shifts.ShiftRow[];
    /** The X report of an open shift (now), or the Z report as kept. */
    reportOf(shift: shifts.ShiftRow, currency: CurrencyCode): ShiftReport;
    /** Refused shift.none-open, or shift.payments-open unless force. */
    close(input: { closedBy: StaffRef | null; force: boolean; currency: CurrencyCode }): shifts.ShiftRow;
    stillOpen(): string[];
    /** The cash drawer opened without a sale, with the shift open now. */
    drawerOpened(input: { by: StaffRef | null; reason: string }): void;
  };

  /**
   * The audit chain (../../audit-chain/): every row of payments, refunds, cancels and shifts is appended to it in
   * the commit that writes it, by the commit helper. `append` records what is kept outside the journal (a
   * settings change, a lockout) in a commit of its own.
   */
  readonly chain: {
    head(): ChainMark;
    append(kind: string, subject: string, record: CanonicalValue): ChainMark;
  };

  /** Groups several calls into one commit (e.g. an update and the event that explains it). `work` must be synchronous. */
  atomically<T>(work: () => T): T;
  close(): void;
}

/**
 * Throws JournalLostError (../../sqlite/journal-file.ts) when the file is not the journal this till wrote: missing, empty,
 * another journal, older than the till's mark, or failing SQLite's quick_check.
 */
export function openJournal(options: JournalOptions): Journal {
  const timeZone = checkTimeZone(options.timeZone ?? systemTimeZone());
  const now = options.now ?? Date.now;
  const file = openJournalFile({
    filePath: options.filePath,
    journal: 'payments',
    now,
    records: options.records,
  });
  const { db, transactions } = file;
  const archiveFolder = join(dirname(options.filePath), ARCHIVE_FOLDER);
  const archives = yearArchiveReader(archiveFolder, timeZone, now);
  let ctx: JournalContext;
  let chain: ChainWriter;
  try {
    migrate(db, transactions.atomically);
    ctx = createContext(db, transactions, now, timeZone);
    chain = createChainWriter(db, now);
    // The audit chain's turn in every commit, once the schema that holds it is there (the migrations are not chained).
    file.onBeforeCommit(chain.chainWrittenRows);
  } catch (error) {
    file.close();
    throw journalUnavailable(error);
  }
  const detachOutbox = options.outbox?.attach('payments', { ...file, atomically: transactions.atomically });
  const closeFile = (): void => {
    detachOutbox?.();
    file.close();
  };
  // Every call: a database failure becomes journal.unavailable; the caller's own error passes (../../sqlite/journal-facade.ts).
  const { guard, atomically, close } = journalFacade({ name: 'payment journal', transactions, closeFile });
  return {
    filePath: options.filePath,
    timeZone,
    today: guard(() => ctx.localDay(now())),
    ...attemptCalls(ctx, guard),
    ...refundAndCancelCalls(ctx, guard),
    ...readCalls(ctx, guard, archives),
    archiveYear: guard((year: number) => archiveYear(ctx, archiveFolder, year)),
    register: registerCalls(ctx, guard),
    shifts: shiftCalls(ctx, guard, options.records),
    chain: {
      head: guard(() => ctx.snapshot(() => chain.head())),
      append: guard((kind: string, subject: string, record: CanonicalValue) =>
        ctx.atomically(() => chain.append(kind, subject, record)),
      ),
    },
    atomically,
    close,
  };
}

// The journal's calls by what they touch, each wrapped in the facade's guard.
type Guard = JournalFacade['guard'];

function attemptCalls(ctx: JournalContext, guard: Guard) {
  return {
    newReferenceId: guard((terminalReference: string, training?: boolean) =>
      attempts.newReferenceId(ctx, terminalReference, training),
    ),
    recordAttempt: guard((input: attempts.NewAttempt) => attempts.recordAttempt(ctx, input)),
    updateAttempt: guard((referenceId: string, patch: attempts.AttemptPatch, expectedVersion?: number) =>
      attempts.updateAttempt(ctx, referenceId, patch, expectedVersion),
    ),
    getAttempt: guard((referenceId: string) => attempts.getAttempt(ctx, referenceId)),
    attemptByChargeId: guard((chargeId: string) => attempts.attemptByChargeId(ctx, chargeId)),
    listNonFinal: guard(() => attempts.listNonFinal(ctx)),
    unsettledCounts: guard(() => attempts.unsettledCounts(ctx)),
    recordProviderRefundTotal: guard((referenceId: string, reportedMinor: number) =>
      recordProviderRefundTotal(ctx, referenceId, reportedMinor),
    ),

    recordLookedUpPayment: guard((payment: LookedUpPayment) => recordLookedUpPayment(ctx, payment)),
    lookedUpDetail: guard((payment: LookedUpPayment) => lookedUpDetail(ctx, payment)),
  };
}

function refundAndCancelCalls(ctx: JournalContext, guard: Guard) {
  return {
    recordRefund: guard((referenceId: string, input: refunds.NewRefund) =>
      refunds.recordRefund(ctx, referenceId, input),
    ),
    updateRefund: guard((refundId: string, patch: refunds.RefundPatch) => refunds.updateRefund(ctx, refundId, patch)),
    getRefund: guard((refundId: string) => refunds.getRefund(ctx, refundId)),
    refundsOf: guard((referenceId: string) => refunds.refundsOf(ctx, referenceId)),
    unsettledRefunds: guard(() => refunds.unsettledRefunds(ctx)),
    unapprovedRefundsInShiftMinor: guard((staffId: string, currency: string, training: boolean) =>
      refunds.unapprovedRefundsInShiftMinor(ctx, staffId, currency, training),
    ),

    recordCancel: guard((referenceId: string, input?: cancels.NewCancel) =>
      cancels.recordCancel(ctx, referenceId, input),
    ),
    updateCancel: guard((cancelId: string, patch: cancels.CancelPatch) => cancels.updateCancel(ctx, cancelId, patch)),
    getCancel: guard((cancelId: string) => cancels.getCancel(ctx, cancelId)),
    cancelsOf: guard((referenceId: string) => cancels.cancelsOf(ctx, referenceId)),
    unsettledCancels: guard(() => cancels.unsettledCancels(ctx)),
  };
}

/** Events, status history, the screens' views and the day's totals and file. */
function readCalls(ctx: JournalContext, guard: Guard, archives: YearArchiveReader) {
  return {
    // In a transaction of its own (or the caller's): an event is a write the journal counts like any other.
    appendEvent: guard((referenceId: string, event: events.NewEvent) =>
      ctx.atomically(() => events.appendEvent(ctx, referenceId, event)),
    ),
    eventsOf: guard((referenceId: string) => events.eventsOf(ctx, referenceId).map(toJournalEvent)),
    statusHistoryOf: guard((referenceId: string) => events.statusHistoryOf(ctx, referenceId).map(toStatusChange)),

    viewOf: guard((referenceId: string) => ctx.snapshot(() => viewOf(ctx, referenceId))),
    // A closed year's payment, once archived, is still found by what a person holds (year-archive-reader.ts).
    detailOf: guard((referenceId: string) => detailOf(ctx, referenceId) ?? archives.detailOf(referenceId)),
    history: guard((query: HistoryQuery) => {
      const page = history(ctx, query);
      return page.total === 0 && (query.search ?? '').trim() !== '' ? archives.history(query) : page;
    }),
    find: guard((query: PaymentFindQuery) => {
      const found = findPayments(ctx, query);
      return found.length === 0 ? archives.find(query) : found;
    }),
    daySummary: guard((day: string, currency?: CurrencyCode) => daySummary(ctx, day, currency)),
    exportCsv: guard((day: string) => exportCsv(ctx, day)),
  };
}

function registerCalls(ctx: JournalContext, guard: Guard): Journal['register'] {
  return {
    recordRequest: guard(
      (request: register.NewRegisterRequest, recorded: { referenceId: string; refundId?: string | null }) =>
        register.recordRegisterRequest(ctx, request, recorded),
    ),
    requestOf: guard((keyId: string, idempotencyKey: string) => register.registerRequestOf(ctx, keyId, idempotencyKey)),
    recordSale: guard((sale: register.NewRegisterSale) => register.recordRegisterSale(ctx, sale)),
    saleOf: guard((referenceId: string) => register.registerSaleOf(ctx, referenceId)),
    waitingSale: guard(() => register.waitingRegisterSale(ctx)),
    closeSale: guard((referenceId: string, state: Exclude<register.RegisterSaleRowState, 'waiting'>) =>
      register.closeRegisterSale(ctx, referenceId, state),
    ),
    openAttempts: guard(() => register.openRegisterAttempts(ctx)),
    recordLines: guard((referenceId: string, lines: readonly SaleLine[]) => recordSaleLines(ctx, referenceId, lines)),
  };
}

function shiftCalls(ctx: JournalContext, guard: Guard, records: JournalRecords | undefined): Journal['shifts'] {
  return {
    open: guard((input: { openedBy: StaffRef | null; note: string | null }) => {
      const opened = shifts.openShift(ctx, {
        ...input,
        lastNumberElsewhere: records?.lastShiftNumber() ?? 0,
      });
      records?.shiftOpened(opened.number);
      return opened;
    }),
    current: guard(() => shifts.currentShift(ctx)),
    get: guard((shiftId: string) => shifts.getShift(ctx, shiftId)),
    ofDay: guard((day: string) => shifts.shiftsOfDay(ctx, day)),
    reportOf: guard((shift: shifts.ShiftRow, currency: CurrencyCode) => shifts.reportOf(ctx, shift, currency)),
    close: guard((input: { closedBy: StaffRef | null; force: boolean; currency: CurrencyCode }) =>
      shifts.closeShift(ctx, input),
    ),
    stillOpen: guard(() => ctx.snapshot(() => shifts.paymentsStillOpen(ctx))),
    drawerOpened: guard((input: { by: StaffRef | null; reason: string }) => shifts.recordDrawerOpening(ctx, input)),
  };
}
