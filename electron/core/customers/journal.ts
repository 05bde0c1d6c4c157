import { join } from 'node:path';
import { PosError } from '../../../shared/errors.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { Atomically } from '../sqlite/database.ts';
import { journalFacade } from '../sqlite/journal-facade.ts';
import { JournalLostError, openJournalFile } from '../sqlite/journal-file.ts';
import type { JournalRecords } from '../sqlite/journal-record.ts';
import type { JournalOutbox } from '../head-office/outbox/till-outbox.ts';
import { customerQueries } from './journal-queries.ts';
import type {
  AttemptKind,
  CustomerAttemptPatch,
  CustomerAttemptRow,
  CustomerEventKind,
  CustomerEventRow,
  CustomerRow,
  CustomerStatus,
  LinkSessionRow,
  LinkSessionStatus,
  NewCustomerAttempt,
} from './rows.ts';
import { migrateCustomers } from './migrations/index.ts';

/**
 * An event of the customer journal: what happened as a notice (shared/locales/<lang>/notices.customer-events.ts),
 * journalled as its English (no screen lists these events yet, so the journal keeps no notice column), or as
 * English alone.
 */
export type NewCustomerEvent = {
  merchantUserId?: string | null;
  merchantRef?: string | null;
  kind: CustomerEventKind;
  data?: unknown;
} & ({ notice: Notice; summary?: string } | { summary: string; notice?: undefined });

// The linked-customer journal: its own SQLite file next to the payment journal (WAL, synchronous=FULL,
// versioned migrations — the same open and transaction helpers). It holds the customers (with their payment
// token SEALED, see token-cipher.ts), link sessions, and every hold and charge as a write-ahead attempt:
// recorded with its merchantRef and idempotency key BEFORE the request leaves, updated from each answer.
// Synchronous like node:sqlite; any failure of the database surfaces as PosError('journal.unavailable').

export const CUSTOMER_JOURNAL_FILE_NAME = 'linked-customers.sqlite3';

export function customerJournalFileIn(dataFolder: string): string {
  return join(dataFolder, CUSTOMER_JOURNAL_FILE_NAME);
}

export interface CustomerJournal {
  readonly filePath: string;
  getCustomer(merchantUserId: string): CustomerRow | null;
  /** Linked with this sealed token (first link, or relink: the same row is updated). */
  saveLinked(input: {
    merchantUserId: string;
    merchantId: string;
    tokenSealed: string;
    hint: string | null;
  }): CustomerRow;
  /** unlinked / relink-needed: the sealed token is dropped in the same write. */
  dropToken(merchantUserId: string, status: Exclude<CustomerStatus, 'linked'>): CustomerRow;
  listCustomers(query: { search?: string | undefined; limit?: number | undefined }): CustomerRow[];

  recordLinkSession(row: Omit<LinkSessionRow, 'updatedAt' | 'failure' | 'status'>): LinkSessionRow;
  getLinkSession(linkToken: string): LinkSessionRow | null;
  updateLinkSession(linkToken: string, status: LinkSessionStatus, failure?: string | null): LinkSessionRow;
  /** Sessions left open or mid-exchange (recovery at start). */
  unfinishedLinkSessions(): LinkSessionRow[];

  /** Write-ahead insert (state `sending`), committed before this returns. */
  recordAttempt(input: NewCustomerAttempt): CustomerAttemptRow;
  /** Throws journal.conflict when `expectedVersion` is stale. */
  updateAttempt(merchantRef: string, patch: CustomerAttemptPatch, expectedVersion?: number): CustomerAttemptRow;
  getAttempt(merchantRef: string): CustomerAttemptRow | null;
  attemptByOrderUuid(orderUuid: string): CustomerAttemptRow | null;
  /**
   * Remembers the order a capture answered REJECTED created (a hold may have several: each capture tried
   * again is a new order), so that order's webhook is recognised as this hold's and not an unknown order.
   */
  recordRejectedCapture(input: { merchantRef: string; orderUuid: string; failureReason: string | null }): void;
  /** The hold whose REJECTED capture created this order, and the first webhook status seen for it. */
  rejectedCaptureByOrderUuid(orderUuid: string): { attempt: CustomerAttemptRow; webhookStatus: string | null } | null;
  /** Keeps the first webhook status of a rejected capture's order; false when one was already kept. */
  noteRejectedCaptureWebhook(orderUuid: string, status: string): boolean;
  attemptsOf(merchantUserId: string, kind: AttemptKind, limit?: number): CustomerAttemptRow[];
  /** Requests whose outcome is not known yet, and holds still PENDING at the provider: what recovery resumes. */
  unsettled(): CustomerAttemptRow[];
  /**
   * Holds that block an unlink: anything not final, not-sent, declined or expired — except one the till
   * stopped checking (the provider itself refuses the unlink if that hold is real and authorised).
   */
  openHoldsOf(merchantUserId: string): CustomerAttemptRow[];
  /**
   * Charges and holds of this customer whose create may or may not have reached the provider and that the
   * till is still finding out. One whose checking STOPPED is not among them: nothing will settle it by
   * itself, so it is left to the cashier (shown "Stopped checking: …") instead of blocking the customer forever.
   */
  unknownOutcomesOf(merchantUserId: string): CustomerAttemptRow[];
  /**
   * Linked-customer takings of a local day in one currency, integer sums: charges the provider approved, and
   * holds captured (not a capture answered REJECTED), both counted on the day the charge or hold was made.
   */
  takingsOfDay(day: string, currency: CurrencyCode): { charges: DayTotal; captures: DayTotal };
  /** Every charge and hold recorded on a local day, oldest first (the end-of-day CSV). */
  attemptsOfDay(day: string): CustomerAttemptRow[];
  /** This customer's holds the provider answered PENDING (still being approved), that the till is still following. */
  pendingHoldsOf(merchantUserId: string): CustomerAttemptRow[];

  appendEvent(event: NewCustomerEvent): void;
  eventsOf(merchantRef: string): CustomerEventRow[];
  atomically<T>(work: () => T): T;
  close(): void;
}

export interface DayTotal {
  readonly count: number;
  readonly totalMinor: number;
}

export interface CustomerJournalOptions {
  readonly filePath: string;
  readonly now?: (() => number) | undefined;
  /** The till's record of the journal beside it (../sqlite/journal-record.ts); absent outside a till. */
  readonly records?: JournalRecords | undefined;
  /** The head office's outbox (../head-office/outbox/till-outbox.ts); absent outside a till. */
  readonly outbox?: JournalOutbox | undefined;
}

export function openCustomerJournal(options: CustomerJournalOptions): CustomerJournal {
  const now = options.now ?? Date.now;
  // Refused with JournalLostError, like the payment journal, when the file is not the one this till wrote
  // (missing, emptied, replaced, rolled back, or damaged: quick_check). Any other failure names this journal.
  let file;
  try {
    file = openJournalFile({ filePath: options.filePath, journal: 'customers', now, records: options.records });
  } catch (error) {
    if (error instanceof JournalLostError) throw error;
    throw openingFailed(options.filePath, error);
  }
  const { db, transactions } = file;
  try {
    migrateCustomers(db, transactions.atomically);
  } catch (error) {
    file.close();
    throw openingFailed(options.filePath, error);
  }
  // Each call's own writes in one transaction (nested in the caller's atomically, if any).
  const atomically: Atomically = transactions.atomically;
  const detachOutbox = options.outbox?.attach('customers', { ...file, atomically: transactions.atomically });
  const closeFile = (): void => {
    detachOutbox?.();
    file.close();
  };
  // The same failure rule as the payment journal's (journal-facade.ts).
  const facade = journalFacade({ name: 'linked-customer journal', transactions, closeFile });
  const guard = facade.guard;
  const q = customerQueries(db, now);

  return {
    filePath: options.filePath,
    getCustomer: guard(q.getCustomer),
    saveLinked: guard((input: Parameters<CustomerJournal['saveLinked']>[0]) => atomically(() => q.saveLinked(input))),
    dropToken: guard((merchantUserId: string, status: Exclude<CustomerStatus, 'linked'>) =>
      atomically(() => q.dropToken(merchantUserId, status)),
    ),
    listCustomers: guard(q.listCustomers),
    recordLinkSession: guard((row: Omit<LinkSessionRow, 'updatedAt' | 'failure' | 'status'>) =>
      atomically(() => q.recordLinkSession(row)),
    ),
    getLinkSession: guard(q.getLinkSession),
    updateLinkSession: guard((linkToken: string, status: LinkSessionStatus, failure?: string | null) =>
      atomically(() => q.updateLinkSession(linkToken, status, failure ?? null)),
    ),
    unfinishedLinkSessions: guard(q.unfinishedLinkSessions),
    recordAttempt: guard((input: NewCustomerAttempt) => atomically(() => q.recordAttempt(input))),
    updateAttempt: guard((merchantRef: string, patch: CustomerAttemptPatch, expectedVersion?: number) =>
      atomically(() => q.updateAttempt(merchantRef, patch, expectedVersion)),
    ),
    getAttempt: guard(q.getAttempt),
    attemptByOrderUuid: guard(q.attemptByOrderUuid),
    recordRejectedCapture: guard((input: Parameters<CustomerJournal['recordRejectedCapture']>[0]) =>
      atomically(() => q.recordRejectedCapture(input)),
    ),
    rejectedCaptureByOrderUuid: guard(q.rejectedCaptureByOrderUuid),
    noteRejectedCaptureWebhook: guard((orderUuid: string, status: string) =>
      atomically(() => q.noteRejectedCaptureWebhook(orderUuid, status)),
    ),
    attemptsOf: guard(q.attemptsOf),
    unsettled: guard(q.unsettled),
    openHoldsOf: guard(q.openHoldsOf),
    unknownOutcomesOf: guard(q.unknownOutcomesOf),
    pendingHoldsOf: guard(q.pendingHoldsOf),
    takingsOfDay: guard(q.takingsOfDay),
    attemptsOfDay: guard(q.attemptsOfDay),
    appendEvent: guard((event: Parameters<CustomerJournal['appendEvent']>[0]) =>
      atomically(() => q.appendEvent(event)),
    ),
    eventsOf: guard(q.eventsOf),
    atomically: facade.atomically,
    close: facade.close,
  };
}

/** SQLite's "file is not a database" (26) and "database disk image is malformed" (11). */
const DAMAGED_ERRCODES = new Set([11, 26]);

/**
 * Why this journal could not be opened, saying it is THIS one (the shared opener speaks of the payment
 * journal), which file, and what to do: a damaged file is not a passing failure (retrying cannot help).
 */
function openingFailed(filePath: string, error: unknown): PosError {
  // A file from a newer version of the app says so itself: updating the app is the way out, not the file.
  if (error instanceof PosError && error.notice?.key === 'journal.customers-newer') return error;
  let cause: unknown = error;
  while (cause instanceof PosError && cause.cause !== undefined) cause = cause.cause;
  const errcode = (cause as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode === 'number' && DAMAGED_ERRCODES.has(errcode)) {
    return new PosError('journal.unavailable', {
      notice: notice('journal.customers-damaged', { file: filePath }),
      retryable: false,
      cause: error,
    });
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PosError('journal.unavailable', {
    notice: notice('journal.customers-unopenable', { file: filePath, reason }),
    retryable: true,
    cause: error,
  });
}
