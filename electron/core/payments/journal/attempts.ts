import { createHash, randomUUID } from 'node:crypto';
import {
  type AttemptState,
  type OrderStatus,
  type PaymentMethod,
  type PaymentType,
  type RegisterOrigin,
  ATTEMPT_STATES,
  ORDER_STATUSES,
} from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { isCurrency, type Money } from '../../../../shared/money.ts';
import type { JournalContext } from './context.ts';
import { SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE, sqliteErrorCode } from '../../sqlite/database.ts';
import { displayStatusOf, isFinalProviderStatus } from './display-status.ts';
import { appendStatusChange } from './events.ts';
import { isReferenceId, makeReferenceId, makeTrainingReferenceId } from './reference-id.ts';
import {
  englishColumn,
  failureColumns,
  noticeColumn,
  sameNotice,
  type FailureReason,
} from '../../sqlite/reason-columns.ts';
import { ATTEMPT_COLUMNS, readAttempt, type AttemptRow } from './rows.ts';
import type { Notice } from '../../../../shared/notices.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { openShiftId } from './shifts.ts';

// Payment attempts: the write-ahead record made before a create/scan request leaves, and every update the
// responses, status lookups and webhooks bring afterwards.

export interface NewAttempt {
  /** From `newReferenceId`. */
  readonly referenceId: string;
  readonly method: PaymentMethod;
  readonly amount: Money;
  readonly posId: string;
  /** The key the create/scan request is sent with (and re-sent with on retry); generated when absent. */
  readonly idempotencyKey?: string | undefined;
  /** customer-qr only: the scanned text. Only its SHA-256 is stored; a code already submitted is refused. */
  readonly consumerCode?: string | undefined;
  readonly note?: string | null | undefined;
  /** Started by a register over the register connection: its key's name and its order reference. */
  readonly register?: RegisterOrigin | undefined;
  /** Who took it (the person signed in); null or absent for the kiosk's and a sale nobody was signed in for. */
  readonly takenBy?: StaffRef | null | undefined;
  /** Taken in training mode: its reference came from `newReferenceId(…, true)`. */
  readonly training?: boolean | undefined;
  /** The id the screen chose for this charge (shared/payments.ts CHARGE_ID_PATTERN); unique in the journal. */
  readonly chargeId?: string | undefined;
}

/** Fields the service may change after the insert. Absent (undefined) = unchanged; null = clear. */
export interface AttemptPatch {
  readonly state?: AttemptState | undefined;
  readonly providerStatus?: OrderStatus | null | undefined;
  readonly providerOrderId?: string | null | undefined;
  readonly paymentType?: PaymentType | null | undefined;
  readonly failureReason?: FailureReason | null | undefined;
  readonly qrPayload?: string | null | undefined;
  /** Epoch ms. */
  readonly expiresAt?: number | null | undefined;
  /** Why the outcome is not known yet (kept only while state is sending or checking). */
  readonly unresolvedReason?: Notice | null | undefined;
  readonly note?: string | null | undefined;
  /** Set (true) when the till records its own cancel of an order that expired unpaid. */
  readonly expiredUnpaid?: boolean | undefined;
}

const SELECT_ATTEMPT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE reference_id = ?`;

/** The same code scanned twice must hash the same, whatever the scanner appends (CR, LF, spaces). */
export function consumerCodeHash(consumerCode: string): string {
  return createHash('sha256').update(consumerCode.trim(), 'utf8').digest('hex');
}

export function getAttempt(ctx: JournalContext, referenceId: string): AttemptRow | null {
  const row = ctx.sql(SELECT_ATTEMPT).get(referenceId);
  return row ? readAttempt(row) : null;
}

/** The payment a screen's charge id was recorded with, if any (a retried call, or an id used twice). */
export function attemptByChargeId(ctx: JournalContext, chargeId: string): AttemptRow | null {
  const row = ctx.sql(`SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE charge_id = ?`).get(chargeId);
  return row ? readAttempt(row) : null;
}

export function requireAttempt(ctx: JournalContext, referenceId: string): AttemptRow {
  const row = getAttempt(ctx, referenceId);
  if (!row) throw new PosError('payment.not-found', { details: { referenceId } });
  return row;
}

/** A fresh reference for this terminal, checked against the journal (a clash is astronomically rare, never silent). */
export function newReferenceId(ctx: JournalContext, terminalReference: string, training = false): string {
  const day = ctx.localDay(ctx.now());
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const referenceId = training
      ? makeTrainingReferenceId(terminalReference, day)
      : makeReferenceId(terminalReference, day);
    // A register's customer-QR sale reserves its reference before its attempt exists (register.ts).
    const taken = ctx
      .sql(
        'SELECT 1 AS found FROM payment_attempts WHERE reference_id = ? UNION ALL SELECT 1 FROM register_sales WHERE reference_id = ?',
      )
      .get(referenceId, referenceId);
    if (!taken) return referenceId;
  }
  throw new PosError('internal', { cause: new Error('Could not draw an unused payment reference in 5 tries') });
}

/** The write-ahead insert: state `sending`, committed (fsynced) before this returns. */
export function recordAttempt(ctx: JournalContext, input: NewAttempt): AttemptRow {
  const { referenceId, method, amount } = input;
  if (!isReferenceId(referenceId)) {
    throw new PosError('request.invalid', { cause: new Error(`"${referenceId}" is not a valid payment reference.`) });
  }
  if (method !== 'merchant-qr' && method !== 'customer-qr')
    throw new PosError('request.invalid', { cause: new Error(`Unknown payment method "${String(method)}".`) });
  if (!Number.isSafeInteger(amount.amountMinor) || amount.amountMinor <= 0) throw new PosError('amount.invalid');
  if (!isCurrency(amount.currency)) throw new PosError('currency.unsupported');
  const code = input.consumerCode?.trim() ?? '';
  if (method === 'customer-qr' && code === '') throw new PosError('consumer-code.invalid');
  if (method === 'merchant-qr' && input.consumerCode !== undefined) {
    throw new PosError('request.invalid', { cause: new Error('A payment with our QR does not take a customer code.') });
  }
  const codeHash = method === 'customer-qr' ? consumerCodeHash(code) : null;
  const now = ctx.now();
  const row: AttemptRow = {
    referenceId,
    origin: 'taken-here',
    method,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    posId: input.posId,
    idempotencyKey: input.idempotencyKey ?? randomUUID(),
    state: 'sending',
    providerStatus: null,
    providerOrderId: null,
    paymentType: null,
    failureReason: null,
    failureNotice: null,
    qrPayload: null,
    expiresAt: null,
    note: input.note ?? null,
    consumerCodeHash: codeHash,
    refundedMinor: 0,
    providerRefundedMinor: null,
    unresolvedReason: null,
    expiredUnpaid: false,
    training: input.training === true,
    localDay: ctx.localDay(now),
    createdAt: now,
    updatedAt: now,
    version: 1,
    registerKey: input.register?.keyName ?? null,
    registerKeyId: input.register?.keyId ?? null,
    orderReference: input.register?.orderReference ?? null,
    takenBy: input.takenBy ?? null,
    shiftId: null,
  };

  return ctx.atomically(() => {
    if (getAttempt(ctx, referenceId)) throw new PosError('order.duplicate-reference', { details: { referenceId } });
    // The shift open now, read in the commit that records the payment (a close cannot slip between them).
    const shiftId = openShiftId(ctx);
    if (codeHash !== null) refuseUsedCode(ctx, codeHash);
    const chargeId = input.chargeId ?? null;
    if (chargeId !== null) refuseUsedChargeId(ctx, chargeId);
    try {
      ctx
        .sql(
          `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state,
             display_status, note, consumer_code_hash, local_day, created_at, updated_at, version, register_key, register_key_id,
             order_reference, taken_by_id, taken_by_name, shift_id, training, charge_id)
           VALUES (?, ?, ?, ?, ?, ?, 'sending', 'sending', ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          referenceId,
          method,
          row.amountMinor,
          row.currency,
          row.posId,
          row.idempotencyKey,
          row.note,
          codeHash,
          row.localDay,
          now,
          now,
          row.registerKey,
          row.registerKeyId,
          row.orderReference,
          row.takenBy?.id ?? null,
          row.takenBy?.name ?? null,
          shiftId,
          row.training ? 1 : 0,
          chargeId,
        );
    } catch (error) {
      // Both were checked above inside this write transaction; this is the schema's own guarantee speaking.
      const code = sqliteErrorCode(error);
      if (code === SQLITE_CONSTRAINT_PRIMARYKEY) throw new PosError('order.duplicate-reference', { cause: error });
      if (code === SQLITE_CONSTRAINT_UNIQUE)
        throw new PosError(/charge_id/.test(String(error)) ? 'charge.id-reused' : 'consumer-code.already-used', {
          cause: error,
        });
      throw error;
    }
    appendStatusChange(ctx, referenceId, now, 'sending', null);
    return { ...row, shiftId, ...(chargeId === null ? {} : { chargeId }) };
  });
}

function refuseUsedCode(ctx: JournalContext, codeHash: string): void {
  const used = ctx.sql('SELECT reference_id FROM payment_attempts WHERE consumer_code_hash = ?').get(codeHash);
  if (used)
    throw new PosError('consumer-code.already-used', { details: { referenceId: String(used['reference_id']) } });
}

/**
 * A charge id names one charge for good: whichever payment it named first (answered, refused or still sending),
 * another insert with it is refused, so it can never become a second order at the provider.
 */
function refuseUsedChargeId(ctx: JournalContext, chargeId: string): void {
  const used = ctx.sql('SELECT reference_id FROM payment_attempts WHERE charge_id = ?').get(chargeId);
  if (used) throw new PosError('charge.id-reused', { details: { referenceId: String(used['reference_id']) } });
}

/**
 * Applies `patch` in one transaction and returns the new row. With `expectedVersion`, refuses (journal.conflict)
 * when the row changed since it was read, so a late webhook cannot overwrite a fresher status lookup.
 * A patch that changes nothing writes nothing. Every change of what the cashier sees is added to the status
 * history in the same commit.
 */
export function updateAttempt(
  ctx: JournalContext,
  referenceId: string,
  patch: AttemptPatch,
  expectedVersion?: number,
): AttemptRow {
  return ctx.atomically(() => {
    const current = requireAttempt(ctx, referenceId);
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      throw new PosError('journal.conflict', {
        retryable: true,
        details: { referenceId, expectedVersion, actualVersion: current.version },
      });
    }
    const merged = merge(current, patch);
    checkTransition(current, merged);
    if (!changed(current, merged)) return current;

    const now = ctx.now();
    const next: AttemptRow = { ...merged, updatedAt: now, version: current.version + 1 };
    const displayStatus = displayStatusOf(next.state, next.providerStatus, next.expiredUnpaid);
    const result = ctx
      .sql(
        `UPDATE payment_attempts SET state = ?, display_status = ?, provider_status = ?, provider_order_id = ?, payment_type = ?,
           failure_reason = ?, failure_notice = ?, qr_payload = ?, expires_at = ?, unresolved_reason = ?, unresolved_notice = ?, note = ?, expired_unpaid = ?, updated_at = ?, version = ?
         WHERE reference_id = ? AND version = ?`,
      )
      .run(
        next.state,
        displayStatus,
        next.providerStatus,
        next.providerOrderId,
        next.paymentType,
        next.failureReason,
        noticeColumn(next.failureNotice),
        next.qrPayload,
        next.expiresAt,
        englishColumn(next.unresolvedReason),
        noticeColumn(next.unresolvedReason),
        next.note,
        next.expiredUnpaid ? 1 : 0,
        now,
        next.version,
        referenceId,
        current.version,
      );
    if (Number(result.changes) !== 1)
      throw new PosError('journal.conflict', { retryable: true, details: { referenceId } });
    if (
      displayStatus !== displayStatusOf(current.state, current.providerStatus, current.expiredUnpaid) ||
      next.providerStatus !== current.providerStatus
    ) {
      appendStatusChange(ctx, referenceId, now, displayStatus, next.providerStatus);
    }
    return next;
  });
}

function merge(current: AttemptRow, patch: AttemptPatch): AttemptRow {
  const state = patch.state ?? current.state;
  const pick = <K extends Exclude<keyof AttemptPatch, 'failureReason'> & keyof AttemptRow>(key: K): AttemptRow[K] =>
    (patch[key] === undefined ? current[key] : patch[key]) as AttemptRow[K];
  return {
    ...current,
    state,
    providerStatus: pick('providerStatus'),
    providerOrderId: pick('providerOrderId'),
    paymentType: pick('paymentType'),
    ...(patch.failureReason === undefined ? {} : failureColumns(patch.failureReason)),
    qrPayload: pick('qrPayload'),
    expiresAt: pick('expiresAt'),
    note: pick('note'),
    expiredUnpaid: pick('expiredUnpaid'),
    // Only an unsettled attempt has a reason to be unsettled.
    unresolvedReason: state === 'sending' || state === 'checking' ? pick('unresolvedReason') : null,
  };
}

const PATCHED_FIELDS = [
  'state',
  'providerStatus',
  'providerOrderId',
  'paymentType',
  'failureReason',
  'qrPayload',
  'expiresAt',
  'note',
  'expiredUnpaid',
] as const;

function changed(current: AttemptRow, next: AttemptRow): boolean {
  return (
    PATCHED_FIELDS.some((field) => current[field] !== next[field]) ||
    !sameNotice(current.failureNotice, next.failureNotice) ||
    !sameNotice(current.unresolvedReason, next.unresolvedReason)
  );
}

/**
 * What the provider made final stays final: a duplicate or late webhook saying PENDING must not turn a paid
 * order back into "waiting". The one move out of a final status is CAPTURED → REFUNDED (our own refunds).
 */
function checkTransition(current: AttemptRow, next: AttemptRow): void {
  if (!(ATTEMPT_STATES as readonly string[]).includes(next.state))
    throw invalid(`Unknown attempt state "${next.state}"`);
  if (next.providerStatus !== null && !(ORDER_STATUSES as readonly string[]).includes(next.providerStatus)) {
    throw invalid(`Unknown provider status "${next.providerStatus}"`);
  }
  if (next.expiresAt !== null && !Number.isSafeInteger(next.expiresAt))
    throw invalid('expiresAt must be epoch milliseconds');
  if (current.state === 'final' && next.state !== 'final') {
    throw new PosError('journal.conflict', {
      cause: new Error(`Payment ${current.referenceId} is already final (${current.providerStatus ?? 'refused'}).`),
    });
  }
  if (current.state === 'final' && current.providerStatus !== next.providerStatus) {
    const refundedInFull = current.providerStatus === 'CAPTURED' && next.providerStatus === 'REFUNDED';
    if (!refundedInFull) {
      throw new PosError('journal.conflict', {
        cause: new Error(
          `Payment ${current.referenceId} is already ${current.providerStatus ?? 'refused'}; it cannot become ${next.providerStatus ?? 'unknown'}.`,
        ),
      });
    }
  }
  if (next.state === 'final' && next.providerStatus !== null && !isFinalProviderStatus(next.providerStatus)) {
    throw invalid(`State final needs a final provider status, got ${next.providerStatus}`);
  }
  if (next.state === 'active' && next.providerStatus !== null && isFinalProviderStatus(next.providerStatus)) {
    throw invalid(`Provider status ${next.providerStatus} is final; the attempt must be final too`);
  }
}

function invalid(reason: string): PosError {
  // A service bug, not something a cashier can fix: the default message, the reason kept for the log.
  return new PosError('internal', { cause: new Error(reason) });
}

/** Attempts to resume on start, oldest first: the request may be in flight, or the order is still open. */
export function listNonFinal(ctx: JournalContext): AttemptRow[] {
  return ctx
    .sql(
      `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE state IN ('sending', 'checking', 'active') ORDER BY created_at, reference_id`,
    )
    .all()
    .map(readAttempt);
}

/** For the status line: open orders (active) and outcomes not yet known (sending, checking). */
export function unsettledCounts(ctx: JournalContext): { pending: number; unresolved: number } {
  const rows = ctx
    .sql(
      `SELECT state, COUNT(*) AS n FROM payment_attempts WHERE state IN ('sending', 'checking', 'active') GROUP BY state`,
    )
    .all();
  let pending = 0;
  let unresolved = 0;
  for (const row of rows) {
    if (row['state'] === 'active') pending += Number(row['n']);
    else unresolved += Number(row['n']);
  }
  return { pending, unresolved };
}
