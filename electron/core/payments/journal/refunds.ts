import { randomUUID } from 'node:crypto';
import type { RefundState } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { money } from '../../../../shared/money.ts';
import { notice, type Notice } from '../../../../shared/notices.ts';
import { requireAttempt } from './attempts.ts';
import type { JournalContext } from './context.ts';
import { refundableMinorOf, refundTotalsOf } from './display-status.ts';
import {
  englishColumn,
  failureColumns,
  noticeColumn,
  sameNotice,
  type FailureReason,
} from '../../sqlite/reason-columns.ts';
import { readRefund, REFUND_COLUMNS, type ForRegister, type RefundRow } from './rows.ts';
import { openShiftId } from './shifts.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { inFlightRefundMinor } from './views.ts';

// Refunds: recorded (state `sending`) before the refund request leaves, like payments. The attempt's
// `refunded_minor` is our confirmed running total: it grows only when a refund turns `succeeded`, in the
// same commit, so the total and the refund rows can never disagree. The same commit raises the provider's
// total (`provider_refunded_minor`) to at least the refund's baseline + its amount: that is what the provider
// showed once ours landed, so a refund of ours is never taken for one made elsewhere.

export interface NewRefund {
  readonly amountMinor: number;
  readonly reason?: string | null | undefined;
  /** Generated when absent; re-send the refund request with the same key after a timeout. */
  readonly idempotencyKey?: string | undefined;
  /**
   * The provider's refund total (`refundAmount`, 0 when absent) read just before this refund is sent. When it
   * is larger than our confirmed total (refunds made elsewhere), what is left at the provider caps the refund.
   */
  readonly providerRefundedBeforeMinor?: number | undefined;
  /**
   * How many refunds this payment had in the journal, none of them in flight, when that provider total was
   * asked for. The baseline is only exact if none of our own refunds could land while it was being read, so
   * the refund is refused when one is in flight now or another was recorded since (it may have landed, or
   * not, before the read: the total cannot tell). Given by the service with every baseline it reads.
   */
  readonly refundCountAtBaselineRead?: number | undefined;
  /** The terminal (posId) the refund is sent as: this till's current one, whichever terminal took the payment. */
  readonly posId?: string | null | undefined;
  /** Who refunds, and who approved it with their own PIN (staff/staff-access.ts authorizeRefund). */
  readonly refundedBy?: StaffRef | null | undefined;
  readonly approvedBy?: StaffRef | null | undefined;
  /** Its payment was found without the receipt (payments.find): printed on the slip. */
  readonly foundWithoutReceipt?: boolean | undefined;
  /** A register's refund: its key, and whoever was signed in at the till. */
  readonly forRegister?: ForRegister | undefined;
}

export interface RefundPatch {
  readonly state?: RefundState | undefined;
  readonly failureReason?: FailureReason | null | undefined;
  /** `shopbackOrderId` from the refund response. */
  readonly providerOrderId?: string | null | undefined;
  readonly providerTraceId?: string | null | undefined;
  /** A new baseline, read just before the same refund is sent again (the earlier send is known not to have landed). */
  readonly providerRefundedBeforeMinor?: number | undefined;
  /** Why its outcome is not known yet (shown in the unresolved list while it is unsettled). */
  readonly checkingReason?: Notice | null | undefined;
}

/** Which way a refund may move. succeeded and failed are final: money confirmed gone cannot come back. */
const NEXT_STATES: Readonly<Record<RefundState, readonly RefundState[]>> = {
  sending: ['checking', 'succeeded', 'failed'],
  checking: ['sending', 'succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

const SELECT_REFUND = `SELECT ${REFUND_COLUMNS} FROM refunds WHERE refund_id = ?`;

export function getRefund(ctx: JournalContext, refundId: string): RefundRow | null {
  const row = ctx.sql(SELECT_REFUND).get(refundId);
  return row ? readRefund(row) : null;
}

export function refundsOf(ctx: JournalContext, referenceId: string): RefundRow[] {
  return ctx
    .sql(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE reference_id = ? ORDER BY created_at, refund_id`)
    .all(referenceId)
    .map(readRefund);
}

/**
 * What one person refunded without an approver in the shift open now, in flight or confirmed (a refused one gave
 * nothing back), in minor units of `currency`: the per-shift cap of staff/refund-approval.ts. With no shift open,
 * their refunds of today made outside any shift. Read from the journal, so a restart does not reset it. Training
 * refunds and real ones are capped apart (`training`: the refund to judge is of a training sale): a lesson never
 * uses up the real shift's cap, and the trainee meets the cap as a cashier would.
 */
export function unapprovedRefundsInShiftMinor(
  ctx: JournalContext,
  staffId: string,
  currency: string,
  training: boolean,
): number {
  const shiftId = openShiftId(ctx);
  const inShift = shiftId === null ? 'shift_id IS NULL AND local_day = ?' : 'shift_id = ?';
  const row = ctx
    .sql(
      `SELECT COALESCE(SUM(amount_minor), 0) AS total FROM refunds
       WHERE ${inShift} AND refunded_by_id = ? AND approved_by_id IS NULL AND state != 'failed' AND currency = ?
         AND training = ?`,
    )
    .get(shiftId ?? ctx.localDay(ctx.now()), staffId, currency, training ? 1 : 0);
  return Number(row?.['total'] ?? 0);
}

/** Refunds of many attempts in one query, grouped by referenceId (for a page of history). */
export function refundsOfMany(ctx: JournalContext, referenceIds: readonly string[]): Map<string, RefundRow[]> {
  const byAttempt = new Map<string, RefundRow[]>();
  if (referenceIds.length === 0) return byAttempt;
  const rows = ctx
    .sql(
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE reference_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, refund_id`,
    )
    .all(JSON.stringify(referenceIds))
    .map(readRefund);
  for (const row of rows) {
    const list = byAttempt.get(row.referenceId) ?? [];
    list.push(row);
    byAttempt.set(row.referenceId, list);
  }
  return byAttempt;
}

/**
 * The write-ahead record of a refund. Refuses, in the same transaction that inserts it, a refund of an
 * unpaid order or one larger than what is left (confirmed refunds and refunds still in flight both count),
 * so two clerks refunding the same receipt at once cannot refund it twice.
 */
export function recordRefund(ctx: JournalContext, referenceId: string, input: NewRefund): RefundRow {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new PosError('amount.invalid');
  const baseline = input.providerRefundedBeforeMinor ?? null;
  if (baseline !== null) checkBaseline(baseline);
  return ctx.atomically(() => {
    const attempt = requireAttempt(ctx, referenceId);
    if (attempt.state !== 'final' || (attempt.providerStatus !== 'CAPTURED' && attempt.providerStatus !== 'REFUNDED')) {
      throw new PosError('order.not-captured', { details: { referenceId } });
    }
    const refunds = refundsOf(ctx, referenceId);
    if (input.refundCountAtBaselineRead !== undefined)
      checkBaselineStillExact(referenceId, refunds, input.refundCountAtBaselineRead);
    const ourRefundableMinor = refundableMinorOf({
      state: attempt.state,
      providerStatus: attempt.providerStatus,
      amountMinor: attempt.amountMinor,
      refundedMinor: refundTotalsOf(attempt).refundedMinor,
      inFlightRefundMinor: inFlightRefundMinor(refunds),
    });
    // Refunds made elsewhere (merchant portal, another till) are in the provider's total, not in ours.
    const refundableMinor =
      baseline === null
        ? ourRefundableMinor
        : Math.min(ourRefundableMinor, Math.max(0, attempt.amountMinor - baseline));
    if (input.amountMinor > refundableMinor) {
      throw new PosError('refund.exceeds-refundable', {
        details: { referenceId, refundableMinor, requestedMinor: input.amountMinor },
      });
    }
    const now = ctx.now();
    const row: RefundRow = {
      // Readable on a refund slip and unique by construction: the n-th refund of this payment.
      refundId: `${referenceId}-R${refunds.length + 1}`,
      referenceId,
      amountMinor: input.amountMinor,
      currency: attempt.currency,
      reason: input.reason ?? null,
      idempotencyKey: input.idempotencyKey ?? randomUUID(),
      state: 'sending',
      failureReason: null,
      failureNotice: null,
      providerOrderId: null,
      providerTraceId: null,
      providerRefundedBeforeMinor: baseline,
      checkingReason: null,
      posId: input.posId ?? null,
      refundedBy: input.refundedBy ?? null,
      approvedBy: input.approvedBy ?? null,
      shiftId: openShiftId(ctx),
      foundWithoutReceipt: input.foundWithoutReceipt === true,
      localDay: ctx.localDay(now),
      createdAt: now,
      updatedAt: now,
    };
    ctx
      .sql(
        `INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, reason, idempotency_key, state, provider_refunded_before_minor,
           pos_id, local_day, created_at, updated_at, refunded_by_id, refunded_by_name, approved_by_id, approved_by_name, shift_id,
           found_without_receipt, register_key_id, signed_in_id, signed_in_name, training)
         VALUES (?, ?, ?, ?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
           (SELECT training FROM payment_attempts WHERE reference_id = ?2))`,
      )
      .run(
        row.refundId,
        referenceId,
        row.amountMinor,
        row.currency,
        row.reason,
        row.idempotencyKey,
        baseline,
        row.posId,
        row.localDay,
        now,
        now,
        row.refundedBy?.id ?? null,
        row.refundedBy?.name ?? null,
        row.approvedBy?.id ?? null,
        row.approvedBy?.name ?? null,
        row.shiftId,
        row.foundWithoutReceipt ? 1 : 0,
        input.forRegister?.keyId ?? null,
        input.forRegister?.signedIn?.id ?? null,
        input.forRegister?.signedIn?.name ?? null,
      );
    return row;
  });
}

export function updateRefund(ctx: JournalContext, refundId: string, patch: RefundPatch): RefundRow {
  return ctx.atomically(() => {
    const current = getRefund(ctx, refundId);
    if (!current)
      throw new PosError('payment.not-found', {
        cause: new Error(`No refund ${refundId} was found on this till.`),
        details: { refundId },
      });
    const state = patch.state ?? current.state;
    if (state !== current.state && !NEXT_STATES[current.state].includes(state)) {
      throw new PosError('journal.conflict', {
        cause: new Error(`Refund ${refundId} is already ${current.state}; it cannot become ${state}.`),
        details: { refundId },
      });
    }
    const next: RefundRow = {
      ...current,
      state,
      ...(patch.failureReason === undefined ? {} : failureColumns(patch.failureReason)),
      providerOrderId: patch.providerOrderId === undefined ? current.providerOrderId : patch.providerOrderId,
      providerTraceId: patch.providerTraceId === undefined ? current.providerTraceId : patch.providerTraceId,
      providerRefundedBeforeMinor:
        patch.providerRefundedBeforeMinor === undefined
          ? current.providerRefundedBeforeMinor
          : checkBaseline(patch.providerRefundedBeforeMinor),
      checkingReason: patch.checkingReason === undefined ? current.checkingReason : patch.checkingReason,
    };
    const unchanged =
      next.state === current.state &&
      next.failureReason === current.failureReason &&
      sameNotice(next.failureNotice, current.failureNotice) &&
      next.providerOrderId === current.providerOrderId &&
      next.providerTraceId === current.providerTraceId &&
      next.providerRefundedBeforeMinor === current.providerRefundedBeforeMinor &&
      sameNotice(next.checkingReason, current.checkingReason);
    if (unchanged) return current;

    const now = ctx.now();
    ctx
      .sql(
        `UPDATE refunds SET state = ?, failure_reason = ?, failure_notice = ?, provider_order_id = ?, provider_trace_id = ?,
           provider_refunded_before_minor = ?, checking_reason = ?, checking_notice = ?, updated_at = ? WHERE refund_id = ?`,
      )
      .run(
        next.state,
        next.failureReason,
        noticeColumn(next.failureNotice),
        next.providerOrderId,
        next.providerTraceId,
        next.providerRefundedBeforeMinor,
        englishColumn(next.checkingReason),
        noticeColumn(next.checkingReason),
        now,
        refundId,
      );
    if (next.state === 'succeeded' && current.state !== 'succeeded') {
      // The schema's CHECK (refunded_minor <= amount_minor) backs the refundable check made at record time.
      const providerAfter =
        next.providerRefundedBeforeMinor === null ? null : next.providerRefundedBeforeMinor + current.amountMinor;
      ctx
        .sql(
          `UPDATE payment_attempts SET refunded_minor = refunded_minor + ?,
             provider_refunded_minor = CASE WHEN ? IS NULL THEN provider_refunded_minor
               ELSE MIN(amount_minor, MAX(COALESCE(provider_refunded_minor, 0), ?)) END,
             updated_at = ?, version = version + 1 WHERE reference_id = ?`,
        )
        .run(current.amountMinor, providerAfter, providerAfter, now, current.referenceId);
    }
    return { ...next, updatedAt: now };
  });
}

/** Refunds whose outcome is not known yet, for recovery on start. */
export function unsettledRefunds(ctx: JournalContext): RefundRow[] {
  return ctx
    .sql(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE state IN ('sending', 'checking') ORDER BY created_at, refund_id`)
    .all()
    .map(readRefund);
}

/**
 * Refuses a refund whose provider-total baseline may include (or miss) one of our own refunds: one is in
 * flight now, or `countAtRead` is given and another was recorded since the total was asked for.
 */
export function checkBaselineStillExact(
  referenceId: string,
  refunds: readonly RefundRow[],
  countAtRead?: number,
): void {
  const inFlight = refunds.find((r) => r.state === 'sending' || r.state === 'checking');
  if (inFlight) {
    throw new PosError('order.not-refundable', {
      notice: notice('refund.another-in-flight', { amount: money(inFlight.amountMinor, inFlight.currency) }),
      retryable: true,
      details: { referenceId, refundId: inFlight.refundId },
    });
  }
  if (countAtRead !== undefined && refunds.length !== countAtRead) {
    throw new PosError('order.not-refundable', {
      notice: notice('refund.another-just-made'),
      retryable: true,
      details: { referenceId },
    });
  }
}

function checkBaseline(minor: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new PosError('internal', {
      cause: new Error(`The provider reported an unreadable refund total (${String(minor)}).`),
    });
  }
  return minor;
}
