import type { RegisterOrigin } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import type { CurrencyCode, Money } from '../../../../shared/money.ts';
import { getAttempt } from './attempts.ts';
import { integer, text, textOrNull, type SqlRow } from '../../sqlite/columns.ts';
import type { JournalContext } from './context.ts';
import { SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE, sqliteErrorCode } from '../../sqlite/database.ts';
import { isReferenceId } from './reference-id.ts';
import { ATTEMPT_COLUMNS, readAttempt, type AttemptRow } from './rows.ts';

// What the register connection (electron/core/ecr/) keeps in the payment journal (schema 9): the customer-QR
// sales a register asked for that wait for the customer's code, and every request a register made by its
// Idempotency-Key. Both are written in the same commit as what they record, so nothing a register was told
// (or might have been told, had the answer not been lost) is missing after a crash.
//
// Whose they are is the register key's id (schema 12), never its name: a key revoked and made again under the
// same name is another key, and sees nothing of the old one's. A request is kept for REQUEST_RETENTION_MS, then
// pruned by the next request recorded (the register connection answers it only for its first 24 h:
// ecr/idempotency.ts).

/**
 * The id of a key made before keys had ids (schema 12): its name under this prefix, in the journal's old rows
 * and in the keys file alike, so such a key keeps its payments; a key made since has a random id.
 */
export const LEGACY_KEY_ID_PREFIX = 'legacy:';

/** How long a register's request is kept: long enough to refuse a re-used Idempotency-Key for weeks. */
export const REQUEST_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type RegisterOperation = 'create' | 'cancel' | 'refund';

/** A register's request, found again by its Idempotency-Key. */
export interface RegisterRequestRow {
  /** The register key's id (not its name). */
  readonly keyId: string;
  readonly idempotencyKey: string;
  /** SHA-256 (hex) of method, path and body: the same key with another request is refused. */
  readonly requestHash: string;
  readonly operation: RegisterOperation;
  readonly referenceId: string;
  /** The refund it recorded (operation refund). */
  readonly refundId: string | null;
  readonly createdAt: number;
}

export type NewRegisterRequest = Omit<RegisterRequestRow, 'createdAt' | 'referenceId' | 'refundId'>;

export type RegisterSaleRowState = 'waiting' | 'scanned' | 'cancelled' | 'expired';

/**
 * A register's customer-QR sale, waiting for the customer's code to be scanned at the till until it expires (schema
 * 11), like a card terminal's "present card" prompt: then it ends 'expired' and the till is free again.
 */
export interface RegisterSaleRow extends RegisterOrigin {
  readonly referenceId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly note: string | null;
  readonly state: RegisterSaleRowState;
  /** Epoch ms after which a sale still waiting for its scan is expired. */
  readonly expiresAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface NewRegisterSale extends RegisterOrigin {
  readonly referenceId: string;
  readonly amount: Money;
  readonly note: string | null;
  /** How long it waits for its scan from now (expiresAt = its creation + this). */
  readonly lifetimeMs: number;
}

const REQUEST_COLUMNS = 'key_id, idempotency_key, request_hash, operation, reference_id, refund_id, created_at';
const SALE_COLUMNS =
  'reference_id, register_key, register_key_id, amount_minor, currency, order_reference, note, state, expires_at, created_at, updated_at';

/** In the caller's transaction: the request and what it recorded (its payment, and its refund for a refund). */
export function recordRegisterRequest(
  ctx: JournalContext,
  request: NewRegisterRequest,
  recorded: { readonly referenceId: string; readonly refundId?: string | null | undefined },
): RegisterRequestRow {
  const row: RegisterRequestRow = {
    ...request,
    referenceId: recorded.referenceId,
    refundId: recorded.refundId ?? null,
    createdAt: ctx.now(),
  };
  return ctx.atomically(() => {
    // Requests past their retention go as new ones come: the table stays as small as a month of sales.
    ctx.sql('DELETE FROM register_requests WHERE created_at < ?').run(row.createdAt - REQUEST_RETENTION_MS);
    try {
      ctx
        .sql(`INSERT INTO register_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(
          row.keyId,
          row.idempotencyKey,
          row.requestHash,
          row.operation,
          row.referenceId,
          row.refundId,
          row.createdAt,
        );
    } catch (error) {
      // Two requests with one key at once: the second must not record a second payment. Its whole commit
      // (the payment included) rolls back, and the register's retry finds the first.
      if (sqliteErrorCode(error) === SQLITE_CONSTRAINT_PRIMARYKEY)
        throw new PosError('ecr.idempotency-conflict', { cause: error, retryable: true });
      throw error;
    }
    return row;
  });
}

export function registerRequestOf(
  ctx: JournalContext,
  keyId: string,
  idempotencyKey: string,
): RegisterRequestRow | null {
  const row = ctx
    .sql(`SELECT ${REQUEST_COLUMNS} FROM register_requests WHERE key_id = ? AND idempotency_key = ?`)
    .get(keyId, idempotencyKey);
  return row ? readRequest(row) : null;
}

/** In the caller's transaction. Throws ecr.busy when another sale already waits for its scan. */
export function recordRegisterSale(ctx: JournalContext, sale: NewRegisterSale): RegisterSaleRow {
  if (!isReferenceId(sale.referenceId)) {
    throw new PosError('request.invalid', {
      cause: new Error(`"${sale.referenceId}" is not a valid payment reference.`),
    });
  }
  const now = ctx.now();
  const row: RegisterSaleRow = {
    referenceId: sale.referenceId,
    keyId: sale.keyId,
    keyName: sale.keyName,
    orderReference: sale.orderReference,
    amountMinor: sale.amount.amountMinor,
    currency: sale.amount.currency,
    note: sale.note,
    state: 'waiting',
    expiresAt: now + sale.lifetimeMs,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.atomically(() => {
    if (getAttempt(ctx, row.referenceId)) throw new PosError('order.duplicate-reference');
    try {
      ctx
        .sql(`INSERT INTO register_sales (${SALE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)`)
        .run(
          row.referenceId,
          row.keyName,
          row.keyId,
          row.amountMinor,
          row.currency,
          row.orderReference,
          row.note,
          row.expiresAt,
          row.createdAt,
          row.updatedAt,
        );
    } catch (error) {
      const code = sqliteErrorCode(error);
      if (code === SQLITE_CONSTRAINT_UNIQUE) throw new PosError('ecr.busy', { cause: error });
      if (code === SQLITE_CONSTRAINT_PRIMARYKEY) throw new PosError('order.duplicate-reference', { cause: error });
      throw error;
    }
    return row;
  });
}

export function registerSaleOf(ctx: JournalContext, referenceId: string): RegisterSaleRow | null {
  const row = ctx.sql(`SELECT ${SALE_COLUMNS} FROM register_sales WHERE reference_id = ?`).get(referenceId);
  return row ? readSale(row) : null;
}

/** The sale that waits for its scan, if any (at most one: the schema says so). */
export function waitingRegisterSale(ctx: JournalContext): RegisterSaleRow | null {
  const row = ctx.sql(`SELECT ${SALE_COLUMNS} FROM register_sales WHERE state = 'waiting'`).get();
  return row ? readSale(row) : null;
}

/** waiting → scanned (its attempt recorded in the same commit), cancelled or expired; nothing else moves. */
export function closeRegisterSale(
  ctx: JournalContext,
  referenceId: string,
  state: Exclude<RegisterSaleRowState, 'waiting'>,
): RegisterSaleRow {
  return ctx.atomically(() => {
    const current = registerSaleOf(ctx, referenceId);
    if (!current) throw new PosError('payment.not-found', { details: { referenceId } });
    if (current.state === state) return current;
    if (current.state !== 'waiting') throw new PosError(closedSaleCode(current.state), { details: { referenceId } });
    const now = ctx.now();
    ctx
      .sql(`UPDATE register_sales SET state = ?, updated_at = ? WHERE reference_id = ? AND state = 'waiting'`)
      .run(state, now, referenceId);
    return { ...current, state, updatedAt: now };
  });
}

/** Payments registers started that are not settled yet (sending, checking or open at the provider), oldest first. */
export function openRegisterAttempts(ctx: JournalContext): AttemptRow[] {
  return ctx
    .sql(
      `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
       WHERE register_key IS NOT NULL AND state IN ('sending', 'checking', 'active') ORDER BY created_at, reference_id`,
    )
    .all()
    .map(readAttempt);
}

/** Why a sale that no longer waits cannot be scanned or called off now. */
function closedSaleCode(state: Exclude<RegisterSaleRowState, 'waiting'>) {
  switch (state) {
    case 'cancelled':
      return 'ecr.sale-cancelled';
    case 'expired':
      return 'ecr.sale-expired';
    case 'scanned':
      return 'order.duplicate-reference';
  }
}

function readRequest(row: SqlRow): RegisterRequestRow {
  return {
    keyId: text(row, 'key_id'),
    idempotencyKey: text(row, 'idempotency_key'),
    requestHash: text(row, 'request_hash'),
    operation: text(row, 'operation') as RegisterOperation,
    referenceId: text(row, 'reference_id'),
    refundId: textOrNull(row, 'refund_id'),
    createdAt: integer(row, 'created_at'),
  };
}

function readSale(row: SqlRow): RegisterSaleRow {
  return {
    referenceId: text(row, 'reference_id'),
    keyId: text(row, 'register_key_id'),
    keyName: text(row, 'register_key'),
    orderReference: textOrNull(row, 'order_reference'),
    amountMinor: integer(row, 'amount_minor'),
    currency: text(row, 'currency') as CurrencyCode,
    note: textOrNull(row, 'note'),
    state: text(row, 'state') as RegisterSaleRowState,
    expiresAt: integer(row, 'expires_at'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}
