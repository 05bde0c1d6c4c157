import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { PosError } from '../../../shared/errors.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { text, textOrNull } from '../sqlite/columns.ts';
import { redactedJson } from '../sqlite/redact.ts';
import type { DayTotal, NewCustomerEvent } from './journal.ts';
import { STOPPED_PREFIX, unresolvedColumns } from './unresolved-reason.ts';
import {
  readAttempt,
  readCustomer,
  readEvent,
  readSession,
  type AttemptKind,
  type CustomerAttemptPatch,
  type CustomerAttemptRow,
  type CustomerEventRow,
  type CustomerRow,
  type CustomerStatus,
  type LinkSessionRow,
  type LinkSessionStatus,
  type NewCustomerAttempt,
} from './rows.ts';

// The linked-customer journal's SQL: one prepared statement per query text, reused. Plain reads and writes;
// journal.ts wraps each in its guard (closed file, journal.unavailable) and its transaction.

const ATTEMPT_COLUMNS = `merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback, idempotency_key, state,
  provider_id, provider_status, failure_reason, order_uuid, order_outcome, op_key, void_reason, unresolved_reason, authorized_at,
  local_day, created_at, updated_at, version, capture_failure, unresolved_notice,
  taken_by_id, taken_by_name, approved_by_id, approved_by_name, finished_by_id, finished_by_name`;
const CUSTOMER_COLUMNS =
  'merchant_user_id, merchant_id, status, token_sealed, hint, linked_at, updated_at, linked_by_id, linked_by_name';
const SESSION_COLUMNS =
  'link_token, merchant_user_id, merchant_id, state_hash, callback_url, consent_url, hint, status, failure, expires_at, created_at, updated_at, started_by_id, started_by_name';

/** Rows whose outcome the till is still finding out by itself (not stopped: see unresolved-reason.ts). */
const STILL_RESOLVING_SQL = `(unresolved_reason IS NULL OR substr(unresolved_reason, 1, ${STOPPED_PREFIX.length}) <> '${STOPPED_PREFIX}')`;

/** The columns a patch writes as they are; the reason is written to two (unresolvedColumns). */
/** The patch's people, each written as its two columns (`<who>_id`, `<who>_name`). */
const PATCH_STAFF_COLUMNS = { approvedBy: 'approved_by', finishedBy: 'finished_by' } as const;

const PATCH_COLUMNS: Record<
  Exclude<keyof CustomerAttemptPatch, 'unresolvedReason' | keyof typeof PATCH_STAFF_COLUMNS>,
  string
> = {
  state: 'state',
  providerId: 'provider_id',
  providerStatus: 'provider_status',
  failureReason: 'failure_reason',
  orderUuid: 'order_uuid',
  orderOutcome: 'order_outcome',
  opKey: 'op_key',
  voidReason: 'void_reason',
  captureFailure: 'capture_failure',
  authorizedAt: 'authorized_at',
  useCashback: 'use_cashback',
};

export function customerQueries(db: DatabaseSync, now: () => number) {
  const statements = new Map<string, StatementSync>();
  const sql = (text: string): StatementSync => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const q: QueryContext = { sql, now };
  return {
    ...customerRowQueries(q),
    ...linkSessionQueries(q),
    ...attemptWrites(q),
    ...attemptReads(q),
    ...rejectedCaptureQueries(q),
    ...dayAndEventQueries(q),
  };
}

/** What each group of queries below needs: one prepared statement per query text, reused, and the clock. */
interface QueryContext {
  readonly sql: (text: string) => StatementSync;
  readonly now: () => number;
}

function attemptOf(sql: QueryContext['sql'], merchantRef: string): CustomerAttemptRow | null {
  const row = sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_ref = ?`).get(merchantRef);
  return row ? readAttempt(row) : null;
}

/** The linked customers: a sealed token while linked, dropped at unlink or when the provider refuses it. */
function customerRowQueries({ sql, now }: QueryContext) {
  const getCustomer = (merchantUserId: string): CustomerRow | null => {
    const row = sql(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE merchant_user_id = ?`).get(merchantUserId);
    return row ? readCustomer(row) : null;
  };
  return {
    getCustomer,
    saveLinked(input: {
      merchantUserId: string;
      merchantId: string;
      tokenSealed: string;
      hint: string | null;
      linkedBy?: StaffRef | null | undefined;
    }): CustomerRow {
      const at = now();
      sql(
        `INSERT INTO customers (merchant_user_id, merchant_id, status, token_sealed, hint, linked_at, updated_at,
           linked_by_id, linked_by_name)
         VALUES (?, ?, 'linked', ?, ?, ?, ?, ?, ?)
         ON CONFLICT (merchant_user_id) DO UPDATE SET merchant_id = excluded.merchant_id, status = 'linked',
           token_sealed = excluded.token_sealed, hint = COALESCE(excluded.hint, customers.hint), linked_at = excluded.linked_at,
           updated_at = excluded.updated_at, linked_by_id = excluded.linked_by_id, linked_by_name = excluded.linked_by_name`,
      ).run(
        input.merchantUserId,
        input.merchantId,
        input.tokenSealed,
        input.hint,
        at,
        at,
        input.linkedBy?.id ?? null,
        input.linkedBy?.name ?? null,
      );
      return getCustomer(input.merchantUserId)!;
    },
    dropToken(merchantUserId: string, status: Exclude<CustomerStatus, 'linked'>): CustomerRow {
      const result = sql(
        `UPDATE customers SET status = ?, token_sealed = NULL, updated_at = ? WHERE merchant_user_id = ?`,
      ).run(status, now(), merchantUserId);
      if (Number(result.changes) === 0) throw new PosError('customer.not-found');
      return getCustomer(merchantUserId)!;
    },
    listCustomers(query: { search?: string | undefined; limit?: number | undefined }): CustomerRow[] {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
      const search = query.search?.trim();
      const rows = search
        ? sql(
            `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE merchant_user_id LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ?`,
          ).all(`${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit)
        : sql(`SELECT ${CUSTOMER_COLUMNS} FROM customers ORDER BY updated_at DESC LIMIT ?`).all(limit);
      return rows.map(readCustomer);
    },
  };
}

/** Link sessions: the consent flow of one customer, from its link token to linked, failed or expired. */
function linkSessionQueries({ sql, now }: QueryContext) {
  const getLinkSession = (linkToken: string): LinkSessionRow | null => {
    const row = sql(`SELECT ${SESSION_COLUMNS} FROM link_sessions WHERE link_token = ?`).get(linkToken);
    return row ? readSession(row) : null;
  };
  return {
    recordLinkSession(row: Omit<LinkSessionRow, 'updatedAt' | 'failure' | 'status'>): LinkSessionRow {
      sql(
        `INSERT INTO link_sessions (link_token, merchant_user_id, merchant_id, state_hash, callback_url, consent_url, hint, status, failure, expires_at, created_at, updated_at,
           started_by_id, started_by_name)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'open', NULL, ?, ?, ?, ?, ?)`,
      ).run(
        row.linkToken,
        row.merchantUserId,
        row.merchantId,
        row.stateHash,
        row.callbackUrl,
        row.consentUrl,
        row.hint,
        row.expiresAt,
        row.createdAt,
        row.createdAt,
        row.startedBy?.id ?? null,
        row.startedBy?.name ?? null,
      );
      return getLinkSession(row.linkToken)!;
    },
    getLinkSession,
    updateLinkSession(linkToken: string, status: LinkSessionStatus, failure: string | null): LinkSessionRow {
      const result = sql(`UPDATE link_sessions SET status = ?, failure = ?, updated_at = ? WHERE link_token = ?`).run(
        status,
        failure,
        now(),
        linkToken,
      );
      if (Number(result.changes) === 0)
        throw new PosError('link.failed', { cause: new Error(`link session ${linkToken} is not known on this till`) });
      return getLinkSession(linkToken)!;
    },
    unfinishedLinkSessions(): LinkSessionRow[] {
      return sql(
        `SELECT ${SESSION_COLUMNS} FROM link_sessions WHERE status IN ('open', 'exchanging') ORDER BY created_at`,
      )
        .all()
        .map(readSession);
    },
  };
}

/** Charges and holds written ahead of their request, then updated from each answer. */
function attemptWrites({ sql, now }: QueryContext) {
  const getAttempt = (merchantRef: string): CustomerAttemptRow | null => attemptOf(sql, merchantRef);
  return {
    recordAttempt(input: NewCustomerAttempt): CustomerAttemptRow {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new PosError('amount.invalid');
      const at = now();
      try {
        sql(
          `INSERT INTO tokenized_attempts (merchant_ref, kind, merchant_user_id, merchant_id, amount_minor, currency, use_cashback, idempotency_key, state, local_day, created_at, updated_at,
             taken_by_id, taken_by_name, approved_by_id, approved_by_name)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          input.merchantRef,
          input.kind,
          input.merchantUserId,
          input.merchantId,
          input.amountMinor,
          input.currency,
          input.useCashback ? 1 : 0,
          input.idempotencyKey,
          input.localDay,
          at,
          at,
          input.takenBy?.id ?? null,
          input.takenBy?.name ?? null,
          input.approvedBy?.id ?? null,
          input.approvedBy?.name ?? null,
        );
      } catch (error) {
        if (String((error as Error).message).includes('UNIQUE'))
          throw new PosError('journal.conflict', { notice: notice('customers.reference-taken'), cause: error });
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
      for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof typeof PATCH_COLUMNS, string][]) {
        const value = patch[key];
        if (value === undefined) continue;
        sets.push(`${column} = ?`);
        values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
      }
      for (const [key, who] of Object.entries(PATCH_STAFF_COLUMNS) as [keyof typeof PATCH_STAFF_COLUMNS, string][]) {
        const person = patch[key];
        if (person === undefined) continue;
        sets.push(`${who}_id = ?`, `${who}_name = ?`);
        values.push(person?.id ?? null, person?.name ?? null);
      }
      if (patch.unresolvedReason !== undefined) {
        const { english, json } = unresolvedColumns(patch.unresolvedReason);
        sets.push('unresolved_reason = ?', 'unresolved_notice = ?');
        values.push(english, json);
      }
      if (sets.length === 0) return current;
      sql(
        `UPDATE tokenized_attempts SET ${sets.join(', ')}, updated_at = ?, version = version + 1 WHERE merchant_ref = ?`,
      ).run(...values, now(), merchantRef);
      return getAttempt(merchantRef)!;
    },
  };
}

/** Charges and holds read back: one, a customer's, the unsettled ones, a day's. */
function attemptReads({ sql }: QueryContext) {
  const getAttempt = (merchantRef: string): CustomerAttemptRow | null => attemptOf(sql, merchantRef);
  /** One customer's attempts matching `condition` that the till is still resolving (not stopped), oldest first. */
  const stillResolvingOf = (merchantUserId: string, condition: string): CustomerAttemptRow[] =>
    sql(
      `SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_user_id = ? AND ${condition} AND ${STILL_RESOLVING_SQL} ORDER BY created_at`,
    )
      .all(merchantUserId)
      .map(readAttempt);
  return {
    getAttempt,
    attemptByOrderUuid(orderUuid: string): CustomerAttemptRow | null {
      const row = sql(`SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE order_uuid = ?`).get(orderUuid);
      return row ? readAttempt(row) : null;
    },
    attemptsOf(merchantUserId: string, kind: AttemptKind, limit = 50): CustomerAttemptRow[] {
      return sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE merchant_user_id = ? AND kind = ? ORDER BY created_at DESC, merchant_ref DESC LIMIT ?`,
      )
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
      return stillResolvingOf(
        merchantUserId,
        `kind = 'hold' AND state IN ('sending', 'checking', 'open', 'capturing', 'voiding')`,
      );
    },
    unknownOutcomesOf(merchantUserId: string): CustomerAttemptRow[] {
      return stillResolvingOf(merchantUserId, `state IN ('sending', 'checking')`);
    },
    pendingHoldsOf(merchantUserId: string): CustomerAttemptRow[] {
      return stillResolvingOf(merchantUserId, `kind = 'hold' AND state = 'open' AND provider_status = 'PENDING'`);
    },
    attemptsOfDay(day: string): CustomerAttemptRow[] {
      return sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM tokenized_attempts WHERE local_day = ? ORDER BY created_at, merchant_ref`,
      )
        .all(day)
        .map(readAttempt);
    },
  };
}

/** Capture orders answered REJECTED, so their later FAILED webhook is known as that hold's. */
function rejectedCaptureQueries({ sql, now }: QueryContext) {
  const getAttempt = (merchantRef: string): CustomerAttemptRow | null => attemptOf(sql, merchantRef);
  return {
    recordRejectedCapture(input: { merchantRef: string; orderUuid: string; failureReason: string | null }): void {
      sql(
        `INSERT INTO tokenized_rejected_captures (order_uuid, merchant_ref, failure_reason, recorded_at) VALUES (?, ?, ?, ?) ON CONFLICT (order_uuid) DO NOTHING`,
      ).run(input.orderUuid, input.merchantRef, input.failureReason, now());
    },
    rejectedCaptureByOrderUuid(
      orderUuid: string,
    ): { attempt: CustomerAttemptRow; webhookStatus: string | null } | null {
      const found = sql(
        `SELECT merchant_ref, webhook_status FROM tokenized_rejected_captures WHERE order_uuid = ?`,
      ).get(orderUuid);
      const attempt = found ? getAttempt(text(found, 'merchant_ref')) : null;
      return found && attempt ? { attempt, webhookStatus: textOrNull(found, 'webhook_status') } : null;
    },
    noteRejectedCaptureWebhook(orderUuid: string, status: string): boolean {
      const result = sql(
        `UPDATE tokenized_rejected_captures SET webhook_status = ? WHERE order_uuid = ? AND webhook_status IS NULL`,
      ).run(status, orderUuid);
      return Number(result.changes) === 1;
    },
  };
}

/** The day summary's takings and the append-only events. */
function dayAndEventQueries({ sql, now }: QueryContext) {
  return {
    takingsOfDay(day: string, currency: CurrencyCode): { charges: DayTotal; captures: DayTotal } {
      // SQLite's SUM over INTEGER minor units is exact (it raises on overflow rather than rounding).
      // The same rules as views.ts: a final charge not REJECTED is approved; a final hold whose
      // pre-auth is CAPTURE_INITIATED / CAPTURED and whose capture was not answered REJECTED is captured.
      const total = (where: string): DayTotal => {
        const row = sql(
          `SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total FROM tokenized_attempts WHERE local_day = ? AND currency = ? AND ${where}`,
        ).get(day, currency);
        return { count: Number(row?.n ?? 0), totalMinor: Number(row?.total ?? 0) };
      };
      return {
        charges: total(
          `kind = 'charge' AND state = 'final' AND (provider_status IS NULL OR provider_status <> 'REJECTED')`,
        ),
        captures: total(
          `kind = 'hold' AND state = 'final' AND provider_status IN ('CAPTURE_INITIATED', 'CAPTURED') AND capture_failure IS NULL`,
        ),
      };
    },
    appendEvent(event: NewCustomerEvent): void {
      const summary = event.notice ? (event.summary ?? noticeInEnglish(event.notice)) : event.summary;
      sql(
        `INSERT INTO tokenized_events (merchant_user_id, merchant_ref, at, kind, summary, data) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        event.merchantUserId ?? null,
        event.merchantRef ?? null,
        now(),
        event.kind,
        summary.slice(0, 500),
        redactedJson(event.data),
      );
    },
    eventsOf(merchantRef: string): CustomerEventRow[] {
      return sql(
        `SELECT id, merchant_user_id, merchant_ref, at, kind, summary, data FROM tokenized_events WHERE merchant_ref = ? ORDER BY id`,
      )
        .all(merchantRef)
        .map(readEvent);
    },
  };
}
