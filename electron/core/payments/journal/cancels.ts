import { randomUUID } from 'node:crypto';
import { PosError } from '../../../../shared/errors.ts';
import type { Notice } from '../../../../shared/notices.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { openShiftId } from './shifts.ts';
import { requireAttempt } from './attempts.ts';
import type { JournalContext } from './context.ts';
import { englishColumn, failureColumns, noticeColumn, type FailureReason } from '../../sqlite/reason-columns.ts';
import {
  CANCEL_COLUMNS,
  readCancel,
  type CancelOutcome,
  type CancelRow,
  type CancelState,
  type ForRegister,
} from './rows.ts';

// Cancel requests, write-ahead like everything sent to the provider. Whether a cancel is allowed is the
// service's and the provider's call (the order may have moved on); the journal keeps what was asked and
// what came of it. The attempt's own status is updated separately from the provider's answer.

export interface NewCancel {
  readonly reason?: string | null | undefined;
  readonly idempotencyKey?: string | undefined;
  /** Who asked for it; null or absent for the kiosk's, a register's, or nobody signed in. */
  readonly cancelledBy?: StaffRef | null | undefined;
  /** A register's cancel: its key, and whoever was signed in at the till. */
  readonly forRegister?: ForRegister | undefined;
}

export interface CancelPatch {
  readonly state?: CancelState | undefined;
  /** Required when state becomes `done`. */
  readonly outcome?: CancelOutcome | null | undefined;
  readonly failureReason?: FailureReason | null | undefined;
  /** Why its outcome is not known yet (shown in the unresolved list while it is unsettled). */
  readonly checkingReason?: Notice | null | undefined;
}

const SELECT_CANCEL = `SELECT ${CANCEL_COLUMNS} FROM cancels WHERE cancel_id = ?`;

export function getCancel(ctx: JournalContext, cancelId: string): CancelRow | null {
  const row = ctx.sql(SELECT_CANCEL).get(cancelId);
  return row ? readCancel(row) : null;
}

export function cancelsOf(ctx: JournalContext, referenceId: string): CancelRow[] {
  return ctx
    .sql(`SELECT ${CANCEL_COLUMNS} FROM cancels WHERE reference_id = ? ORDER BY created_at, cancel_id`)
    .all(referenceId)
    .map(readCancel);
}

export function recordCancel(ctx: JournalContext, referenceId: string, input: NewCancel = {}): CancelRow {
  return ctx.atomically(() => {
    requireAttempt(ctx, referenceId);
    const count = Number(
      ctx.sql('SELECT COUNT(*) AS n FROM cancels WHERE reference_id = ?').get(referenceId)?.['n'] ?? 0,
    );
    const now = ctx.now();
    const row: CancelRow = {
      cancelId: `${referenceId}-C${count + 1}`,
      referenceId,
      idempotencyKey: input.idempotencyKey ?? randomUUID(),
      reason: input.reason ?? null,
      state: 'sending',
      outcome: null,
      failureReason: null,
      failureNotice: null,
      checkingReason: null,
      cancelledBy: input.cancelledBy ?? null,
      shiftId: openShiftId(ctx),
      createdAt: now,
      updatedAt: now,
    };
    ctx
      .sql(
        `INSERT INTO cancels (cancel_id, reference_id, idempotency_key, reason, state, created_at, updated_at,
           cancelled_by_id, cancelled_by_name, shift_id, register_key_id, signed_in_id, signed_in_name, training)
         VALUES (?, ?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, (SELECT training FROM payment_attempts WHERE reference_id = ?2))`,
      )
      .run(
        row.cancelId,
        referenceId,
        row.idempotencyKey,
        row.reason,
        now,
        now,
        row.cancelledBy?.id ?? null,
        row.cancelledBy?.name ?? null,
        row.shiftId,
        input.forRegister?.keyId ?? null,
        input.forRegister?.signedIn?.id ?? null,
        input.forRegister?.signedIn?.name ?? null,
      );
    return row;
  });
}

export function updateCancel(ctx: JournalContext, cancelId: string, patch: CancelPatch): CancelRow {
  return ctx.atomically(() => {
    const current = getCancel(ctx, cancelId);
    if (!current)
      throw new PosError('payment.not-found', {
        cause: new Error(`No cancel ${cancelId} was found on this till.`),
        details: { cancelId },
      });
    if (current.state === 'done') {
      const same =
        (patch.state ?? 'done') === 'done' && (patch.outcome === undefined || patch.outcome === current.outcome);
      if (same && patch.failureReason === undefined && patch.checkingReason === undefined) return current;
      throw new PosError('journal.conflict', {
        cause: new Error(`Cancel ${cancelId} already ended (${current.outcome ?? ''}).`),
        details: { cancelId },
      });
    }
    const state = patch.state ?? current.state;
    const outcome = state === 'done' ? (patch.outcome ?? null) : null;
    if (state === 'done' && outcome === null) {
      throw new PosError('internal', { cause: new Error(`Cancel ${cancelId}: a finished cancel needs an outcome`) });
    }
    const { failureReason, failureNotice } =
      patch.failureReason === undefined ? current : failureColumns(patch.failureReason);
    const checkingReason = patch.checkingReason === undefined ? current.checkingReason : patch.checkingReason;
    const now = ctx.now();
    ctx
      .sql(
        `UPDATE cancels SET state = ?, outcome = ?, failure_reason = ?, failure_notice = ?, checking_reason = ?, checking_notice = ?, updated_at = ?
         WHERE cancel_id = ?`,
      )
      .run(
        state,
        outcome,
        failureReason,
        noticeColumn(failureNotice),
        englishColumn(checkingReason),
        noticeColumn(checkingReason),
        now,
        cancelId,
      );
    return { ...current, state, outcome, failureReason, failureNotice, checkingReason, updatedAt: now };
  });
}

/** Cancels whose outcome is not known yet, for recovery on start. */
export function unsettledCancels(ctx: JournalContext): CancelRow[] {
  return ctx
    .sql(`SELECT ${CANCEL_COLUMNS} FROM cancels WHERE state IN ('sending', 'checking') ORDER BY created_at, cancel_id`)
    .all()
    .map(readCancel);
}
