import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { STOPPED_REASON_PREFIX } from '../../../shared/domain.ts';
import { PosError } from '../../../shared/errors.ts';
import { isCurrency, type CurrencyCode } from '../../../shared/money.ts';
import { integer, integerOrNull, text, textOrNull, type SqlRow } from '../journal/columns.ts';
import { createTransactions, journalUnavailable, openDatabase, type Atomically } from '../journal/database.ts';
import { redactedJson } from '../journal/redact.ts';
import { migrateCustomers } from './migrations.ts';

// The linked-customer journal: its own SQLite file next to the payment journal (WAL, synchronous=FULL,
// versioned migrations — the same open and transaction helpers). It holds the customers (with their payment
// token SEALED, see token-cipher.ts), link sessions, and every hold and charge as a write-ahead attempt:
// recorded with its merchantRef and idempotency key BEFORE the request leaves, updated from each answer.
// Synchronous like node:sqlite; any failure of the database surfaces as PosError('journal.unavailable').

export const CUSTOMER_JOURNAL_FILE_NAME = 'linked-customers.sqlite3';

export function customerJournalFileIn(dataFolder: string): string {
  return join(dataFolder, CUSTOMER_JOURNAL_FILE_NAME);
}

export type CustomerStatus = 'linked' | 'unlinked' | 'relink-needed';
export type LinkSessionStatus = 'open' | 'exchanging' | 'linked' | 'failed' | 'expired';
export type AttemptKind = 'hold' | 'charge';
/**
 * sending: recorded, request on its way · checking: the create/charge outcome is unknown and being found out ·
 * open: a hold the provider has (PENDING or AUTHORIZED) · capturing / voiding: that request is on its way or its
 * outcome is being found out · final: the provider's answer is known and nothing more will be sent ·
 * not-sent: proven never processed (the provider refused it).
 */
export type CustomerAttemptState = 'sending' | 'checking' | 'open' | 'capturing' | 'voiding' | 'final' | 'not-sent';
export type CustomerEventKind = 'request' | 'response' | 'error' | 'status' | 'note' | 'webhook';

export interface CustomerRow {
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly status: CustomerStatus;
  readonly tokenSealed: string | null;
  readonly hint: string | null;
  readonly linkedAt: number;
  readonly updatedAt: number;
}

export interface LinkSessionRow {
  readonly linkToken: string;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly stateHash: string;
  readonly callbackUrl: string;
  readonly consentUrl: string;
  readonly hint: string | null;
  readonly status: LinkSessionStatus;
  readonly failure: string | null;
  readonly expiresAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface CustomerAttemptRow {
  readonly merchantRef: string;
  readonly kind: AttemptKind;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly useCashback: boolean;
  readonly idempotencyKey: string;
  readonly state: CustomerAttemptState;
  readonly providerId: string | null;
  readonly providerStatus: string | null;
  readonly failureReason: string | null;
  readonly orderUuid: string | null;
  readonly orderOutcome: string | null;
  readonly opKey: string | null;
  readonly voidReason: string | null;
  /** Why the provider answered a capture REJECTED (its failureReason), until a later capture is approved. */
  readonly captureFailure: string | null;
  readonly unresolvedReason: string | null;
  readonly authorizedAt: number | null;
  readonly localDay: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly version: number;
}

export interface NewCustomerAttempt {
  readonly merchantRef: string;
  readonly kind: AttemptKind;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly useCashback: boolean;
  readonly idempotencyKey: string;
  readonly localDay: string;
}

/** Absent = unchanged; null = clear. */
export interface CustomerAttemptPatch {
  readonly state?: CustomerAttemptState | undefined;
  readonly providerId?: string | null | undefined;
  readonly providerStatus?: string | null | undefined;
  readonly failureReason?: string | null | undefined;
  readonly orderUuid?: string | null | undefined;
  readonly orderOutcome?: string | null | undefined;
  readonly opKey?: string | null | undefined;
  readonly voidReason?: string | null | undefined;
  readonly captureFailure?: string | null | undefined;
  readonly unresolvedReason?: string | null | undefined;
  readonly authorizedAt?: number | null | undefined;
  readonly useCashback?: boolean | undefined;
}

export interface CustomerEventRow {
  readonly id: number;
  readonly merchantUserId: string | null;
  readonly merchantRef: string | null;
  readonly at: number;
  readonly kind: CustomerEventKind;
  readonly summary: string;
  readonly data: unknown;
}

export interface CustomerJournal {
  readonly filePath: string;
  getCustomer(merchantUserId: string): CustomerRow | null;
  /** Linked with this sealed token (first link, or relink: the same row is updated). */
  saveLinked(input: { merchantUserId: string; merchantId: string; tokenSealed: string; hint: string | null }): CustomerRow;
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

  appendEvent(event: { merchantUserId?: string | null; merchantRef?: string | null; kind: CustomerEventKind; summary: string; data?: unknown }): void;
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
}

const ATTEMPT_COLUMNS = `merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback, idempotency_key, state,
  provider_id, provider_status, failure_reason, order_uuid, order_outcome, op_key, void_reason, unresolved_reason, authorized_at,
  local_day, created_at, updated_at, version, capture_failure`;
const CUSTOMER_COLUMNS = 'merchant_user_id, merchant_id, status, token_sealed, hint, linked_at, updated_at';
const SESSION_COLUMNS = 'link_token, merchant_user_id, merchant_id, state_hash, callback_url, consent_url, hint, status, failure, expires_at, created_at, updated_at';

/** Rows whose outcome the till is still finding out by itself (not stopped: see STOPPED_REASON_PREFIX). */
const STILL_RESOLVING_SQL = `(unresolved_reason IS NULL OR substr(unresolved_reason, 1, ${STOPPED_REASON_PREFIX.length}) <> '${STOPPED_REASON_PREFIX}')`;

const PATCH_COLUMNS: Record<keyof CustomerAttemptPatch, string> = {
  state: 'state',
  providerId: 'provider_id',
  providerStatus: 'provider_status',
  failureReason: 'failure_reason',
  orderUuid: 'order_uuid',
  orderOutcome: 'order_outcome',
  opKey: 'op_key',
  voidReason: 'void_reason',
  captureFailure: 'capture_failure',
  unresolvedReason: 'unresolved_reason',
  authorizedAt: 'authorized_at',
  useCashback: 'use_cashback',
};

export function openCustomerJournal(options: CustomerJournalOptions): CustomerJournal {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.filePath);
  let transactions;
  try {
    transactions = createTransactions(db);
    migrateCustomers(db, transactions.atomically);
  } catch (error) {
    db.close();
    throw journalUnavailable(error);
  }
  const atomically: Atomically = transactions.atomically;
  let open = true;
  const guard = <A extends unknown[], R>(operation: (...args: A) => R) => {
    return (...args: A): R => {
      if (!open) throw journalUnavailable(new Error('The linked-customer journal is closed'));
      try {
        return operation(...args);
      } catch (error) {
        throw journalUnavailable(error);
      }
    };
  };
  const q = queries(db, now);

  return {
    filePath: options.filePath,
    getCustomer: guard(q.getCustomer),
    saveLinked: guard((input: Parameters<CustomerJournal['saveLinked']>[0]) => atomically(() => q.saveLinked(input))),
    dropToken: guard((merchantUserId: string, status: Exclude<CustomerStatus, 'linked'>) => atomically(() => q.dropToken(merchantUserId, status))),
    listCustomers: guard(q.listCustomers),
    recordLinkSession: guard((row: Omit<LinkSessionRow, 'updatedAt' | 'failure' | 'status'>) => atomically(() => q.recordLinkSession(row))),
    getLinkSession: guard(q.getLinkSession),
    updateLinkSession: guard((linkToken: string, status: LinkSessionStatus, failure?: string | null) => atomically(() => q.updateLinkSession(linkToken, status, failure ?? null))),
    unfinishedLinkSessions: guard(q.unfinishedLinkSessions),
    recordAttempt: guard((input: NewCustomerAttempt) => atomically(() => q.recordAttempt(input))),
    updateAttempt: guard((merchantRef: string, patch: CustomerAttemptPatch, expectedVersion?: number) => atomically(() => q.updateAttempt(merchantRef, patch, expectedVersion))),
    getAttempt: guard(q.getAttempt),
    attemptByOrderUuid: guard(q.attemptByOrderUuid),
    recordRejectedCapture: guard((input: Parameters<CustomerJournal['recordRejectedCapture']>[0]) => atomically(() => q.recordRejectedCapture(input))),
    rejectedCaptureByOrderUuid: guard(q.rejectedCaptureByOrderUuid),
    noteRejectedCaptureWebhook: guard((orderUuid: string, status: string) => atomically(() => q.noteRejectedCaptureWebhook(orderUuid, status))),
    attemptsOf: guard(q.attemptsOf),
    unsettled: guard(q.unsettled),
    openHoldsOf: guard(q.openHoldsOf),
    unknownOutcomesOf: guard(q.unknownOutcomesOf),
    pendingHoldsOf: guard(q.pendingHoldsOf),
    takingsOfDay: guard(q.takingsOfDay),
    attemptsOfDay: guard(q.attemptsOfDay),
    appendEvent: guard((event: Parameters<CustomerJournal['appendEvent']>[0]) => atomically(() => q.appendEvent(event))),
    eventsOf: guard(q.eventsOf),
    atomically: <T>(work: () => T): T => guard(() => atomically(work))(),
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

function queries(db: DatabaseSync, now: () => number) {
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const sql = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };

  /** One customer's attempts matching `condition` that the till is still resolving (not stopped), oldest first. */
  const stillResolvingOf = (merchantUserId: string, condition: string): CustomerAttemptRow[] =>
    sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_user_id = ? AND ${condition} AND ${STILL_RESOLVING_SQL} ORDER BY created_at`)
      .all(merchantUserId)
      .map(readAttempt);

  const getCustomer = (merchantUserId: string): CustomerRow | null => {
    const row = sql(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE merchant_user_id = ?`).get(merchantUserId);
    return row ? readCustomer(row) : null;
  };
  const getLinkSession = (linkToken: string): LinkSessionRow | null => {
    const row = sql(`SELECT ${SESSION_COLUMNS} FROM link_sessions WHERE link_token = ?`).get(linkToken);
    return row ? readSession(row) : null;
  };
  const getAttempt = (merchantRef: string): CustomerAttemptRow | null => {
    const row = sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_ref = ?`).get(merchantRef);
    return row ? readAttempt(row) : null;
  };

  return {
    getCustomer,
    saveLinked(input: { merchantUserId: string; merchantId: string; tokenSealed: string; hint: string | null }): CustomerRow {
      const at = now();
      sql(
        `INSERT INTO customers (merchant_user_id, merchant_id, status, token_sealed, hint, linked_at, updated_at)
         VALUES (?, ?, 'linked', ?, ?, ?, ?)
         ON CONFLICT (merchant_user_id) DO UPDATE SET merchant_id = excluded.merchant_id, status = 'linked',
           token_sealed = excluded.token_sealed, hint = COALESCE(excluded.hint, customers.hint), linked_at = excluded.linked_at,
           updated_at = excluded.updated_at`,
      ).run(input.merchantUserId, input.merchantId, input.tokenSealed, input.hint, at, at);
      return getCustomer(input.merchantUserId)!;
    },
    dropToken(merchantUserId: string, status: Exclude<CustomerStatus, 'linked'>): CustomerRow {
      const result = sql(`UPDATE customers SET status = ?, token_sealed = NULL, updated_at = ? WHERE merchant_user_id = ?`).run(status, now(), merchantUserId);
      if (Number(result.changes) === 0) throw new PosError('customer.not-found');
      return getCustomer(merchantUserId)!;
    },
    listCustomers(query: { search?: string | undefined; limit?: number | undefined }): CustomerRow[] {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
      const search = query.search?.trim();
      const rows = search
        ? sql(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE merchant_user_id LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ?`).all(
            `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
            limit,
          )
        : sql(`SELECT ${CUSTOMER_COLUMNS} FROM customers ORDER BY updated_at DESC LIMIT ?`).all(limit);
      return rows.map(readCustomer);
    },

    recordLinkSession(row: Omit<LinkSessionRow, 'updatedAt' | 'failure' | 'status'>): LinkSessionRow {
      sql(
        `INSERT INTO link_sessions (link_token, merchant_user_id, merchant_id, state_hash, callback_url, consent_url, hint, status, failure, expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'open', NULL, ?, ?, ?)`,
      ).run(row.linkToken, row.merchantUserId, row.merchantId, row.stateHash, row.callbackUrl, row.consentUrl, row.hint, row.expiresAt, row.createdAt, row.createdAt);
      return getLinkSession(row.linkToken)!;
    },
    getLinkSession,
    updateLinkSession(linkToken: string, status: LinkSessionStatus, failure: string | null): LinkSessionRow {
      const result = sql(`UPDATE link_sessions SET status = ?, failure = ?, updated_at = ? WHERE link_token = ?`).run(status, failure, now(), linkToken);
      if (Number(result.changes) === 0) throw new PosError('link.failed', { message: 'This linking session is not known on this till. Start linking again.' });
      return getLinkSession(linkToken)!;
    },
    unfinishedLinkSessions(): LinkSessionRow[] {
      return sql(`SELECT ${SESSION_COLUMNS} FROM link_sessions WHERE status IN ('open', 'exchanging') ORDER BY created_at`).all().map(readSession);
    },

    recordAttempt(input: NewCustomerAttempt): CustomerAttemptRow {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new PosError('amount.invalid');
      const at = now();
      try {
        sql(
          `INSERT INTO tokenized_attempts (merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback, idempotency_key, state, local_day, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?, ?)`,
        ).run(input.merchantRef, input.kind, input.merchantUserId, input.merchantId, input.amountMinor, input.currency, input.useCashback ? 1 : 0, input.idempotencyKey, input.localDay, at, at);
      } catch (error) {
        if (String((error as Error).message).includes('UNIQUE')) throw new PosError('journal.conflict', { message: 'This reference was already used. Try again.', cause: error });
        throw error;
      }
      return getAttempt(input.merchantRef)!;
    },
    updateAttempt(merchantRef: string, patch: CustomerAttemptPatch, expectedVersion?: number): CustomerAttemptRow {
      const current = getAttempt(merchantRef);
      if (!current) throw new PosError('payment.not-found');
      if (expectedVersion !== undefined && current.version !== expectedVersion) throw new PosError('journal.conflict');
      const sets: string[] = [];
      const values: (string | number | null)[] = [];
      for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof CustomerAttemptPatch, string][]) {
        const value = patch[key];
        if (value === undefined) continue;
        sets.push(`${column} = ?`);
        values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
      }
      if (sets.length === 0) return current;
      sql(`UPDATE tokenized_attempts SET ${sets.join(', ')}, updated_at = ?, version = version + 1 WHERE merchant_ref = ?`).run(...values, now(), merchantRef);
      return getAttempt(merchantRef)!;
    },
    getAttempt,
    attemptByOrderUuid(orderUuid: string): CustomerAttemptRow | null {
      const row = sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE order_uuid = ?`).get(orderUuid);
      return row ? readAttempt(row) : null;
    },
    recordRejectedCapture(input: { merchantRef: string; orderUuid: string; failureReason: string | null }): void {
      sql(`INSERT INTO tokenized_rejected_captures (order_uuid, merchant_ref, failure_reason, recorded_at) VALUES (?, ?, ?, ?) ON CONFLICT (order_uuid) DO NOTHING`).run(
        input.orderUuid,
        input.merchantRef,
        input.failureReason,
        now(),
      );
    },
    rejectedCaptureByOrderUuid(orderUuid: string): { attempt: CustomerAttemptRow; webhookStatus: string | null } | null {
      const found = sql(`SELECT merchant_ref, webhook_status FROM tokenized_rejected_captures WHERE order_uuid = ?`).get(orderUuid);
      const attempt = found ? getAttempt(text(found, 'merchant_ref')) : null;
      return found && attempt ? { attempt, webhookStatus: textOrNull(found, 'webhook_status') } : null;
    },
    noteRejectedCaptureWebhook(orderUuid: string, status: string): boolean {
      const result = sql(`UPDATE tokenized_rejected_captures SET webhook_status = ? WHERE order_uuid = ? AND webhook_status IS NULL`).run(status, orderUuid);
      return Number(result.changes) === 1;
    },
    attemptsOf(merchantUserId: string, kind: AttemptKind, limit = 50): CustomerAttemptRow[] {
      return sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_user_id = ? AND kind = ? ORDER BY created_at DESC, merchant_ref DESC LIMIT ?`)
        .all(merchantUserId, kind, limit)
        .map(readAttempt);
    },
    unsettled(): CustomerAttemptRow[] {
      return sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts
         WHERE state IN ('sending', 'checking', 'capturing', 'voiding') OR (state = 'open' AND provider_status = 'PENDING')
         ORDER BY created_at`,
      )
        .all()
        .map(readAttempt);
    },
    openHoldsOf(merchantUserId: string): CustomerAttemptRow[] {
      return stillResolvingOf(merchantUserId, `kind = 'hold' AND state IN ('sending', 'checking', 'open', 'capturing', 'voiding')`);
    },
    unknownOutcomesOf(merchantUserId: string): CustomerAttemptRow[] {
      return stillResolvingOf(merchantUserId, `state IN ('sending', 'checking')`);
    },
    pendingHoldsOf(merchantUserId: string): CustomerAttemptRow[] {
      return stillResolvingOf(merchantUserId, `kind = 'hold' AND state = 'open' AND provider_status = 'PENDING'`);
    },
    takingsOfDay(day: string, currency: CurrencyCode): { charges: DayTotal; captures: DayTotal } {
      // SQLite's SUM over INTEGER minor units is exact (it raises on overflow rather than rounding).
      // The same rules as views.ts: a final charge not REJECTED is approved; a final hold whose
      // pre-auth is CAPTURE_INITIATED / CAPTURED and whose capture was not answered REJECTED is captured.
      const total = (where: string): DayTotal => {
        const row = sql(`SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total FROM tokenized_attempts WHERE local_day = ? AND currency = ? AND ${where}`).get(day, currency);
        return { count: Number(row?.n ?? 0), totalMinor: Number(row?.total ?? 0) };
      };
      return {
        charges: total(`kind = 'charge' AND state = 'final' AND (provider_status IS NULL OR provider_status <> 'REJECTED')`),
        captures: total(`kind = 'hold' AND state = 'final' AND provider_status IN ('CAPTURE_INITIATED', 'CAPTURED') AND capture_failure IS NULL`),
      };
    },

    attemptsOfDay(day: string): CustomerAttemptRow[] {
      return sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE local_day = ? ORDER BY created_at, merchant_ref`).all(day).map(readAttempt);
    },

    appendEvent(event: { merchantUserId?: string | null; merchantRef?: string | null; kind: CustomerEventKind; summary: string; data?: unknown }): void {
      sql(`INSERT INTO tokenized_events (merchant_user_id, merchant_ref, at, kind, summary, data) VALUES (?, ?, ?, ?, ?, ?)`).run(
        event.merchantUserId ?? null,
        event.merchantRef ?? null,
        now(),
        event.kind,
        event.summary.slice(0, 500),
        redactedJson(event.data),
      );
    },
    eventsOf(merchantRef: string): CustomerEventRow[] {
      return sql(`SELECT id, merchant_user_id, merchant_ref, at, kind, summary, data FROM tokenized_events WHERE merchant_ref = ? ORDER BY id`)
        .all(merchantRef)
        .map(readEvent);
    },
  };
}

function readCustomer(row: SqlRow): CustomerRow {
  return {
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    status: text(row, 'status') as CustomerStatus,
    tokenSealed: textOrNull(row, 'token_sealed'),
    hint: textOrNull(row, 'hint'),
    linkedAt: integer(row, 'linked_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}

function readSession(row: SqlRow): LinkSessionRow {
  return {
    linkToken: text(row, 'link_token'),
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    stateHash: text(row, 'state_hash'),
    callbackUrl: text(row, 'callback_url'),
    consentUrl: text(row, 'consent_url'),
    hint: textOrNull(row, 'hint'),
    status: text(row, 'status') as LinkSessionStatus,
    failure: textOrNull(row, 'failure'),
    expiresAt: integer(row, 'expires_at'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}

function readAttempt(row: SqlRow): CustomerAttemptRow {
  const currency = text(row, 'currency');
  if (!isCurrency(currency)) throw new Error(`journal row ${String(row.merchant_ref)} has unknown currency ${currency}`);
  return {
    merchantRef: text(row, 'merchant_ref'),
    kind: text(row, 'kind') as AttemptKind,
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    amountMinor: integer(row, 'amount_minor'),
    currency,
    useCashback: integer(row, 'use_cashback') === 1,
    idempotencyKey: text(row, 'idempotency_key'),
    state: text(row, 'state') as CustomerAttemptState,
    providerId: textOrNull(row, 'provider_id'),
    providerStatus: textOrNull(row, 'provider_status'),
    failureReason: textOrNull(row, 'failure_reason'),
    orderUuid: textOrNull(row, 'order_uuid'),
    orderOutcome: textOrNull(row, 'order_outcome'),
    opKey: textOrNull(row, 'op_key'),
    voidReason: textOrNull(row, 'void_reason'),
    captureFailure: textOrNull(row, 'capture_failure'),
    unresolvedReason: textOrNull(row, 'unresolved_reason'),
    authorizedAt: integerOrNull(row, 'authorized_at'),
    localDay: text(row, 'local_day'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
    version: integer(row, 'version'),
  };
}

function readEvent(row: SqlRow): CustomerEventRow {
  const data = textOrNull(row, 'data');
  return {
    id: integer(row, 'id'),
    merchantUserId: textOrNull(row, 'merchant_user_id'),
    merchantRef: textOrNull(row, 'merchant_ref'),
    at: integer(row, 'at'),
    kind: text(row, 'kind') as CustomerEventKind,
    summary: text(row, 'summary'),
    data: data === null ? null : (JSON.parse(data) as unknown),
  };
}
