import { randomUUID } from 'node:crypto';
import type { OrderStatus, PaymentDetail, PaymentType } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { isCurrency, type Money } from '../../../../shared/money.ts';
import { notice } from '../../../../shared/notices.ts';
import { getAttempt } from './attempts.ts';
import type { JournalContext } from './context.ts';
import { displayStatusOf, isFinalProviderStatus } from './display-status.ts';
import { appendEvent, appendStatusChange } from './events.ts';
import { isReferenceId } from './reference-id.ts';
import type { AttemptRow } from './rows.ts';
import { toPaymentView } from './views.ts';

// Payments of the merchant taken at another terminal, as a status lookup by their reference shows them: the
// view a till shows before anything is recorded, and the record (origin 'looked-up') it writes, in the same
// commit as the refund, before it refunds one. Such a record is never this till's takings (day-summary.ts).

/** What the provider's status answer says about a payment (GET /v1/instore/order/{referenceId}). */
export interface LookedUpPayment {
  readonly referenceId: string;
  readonly amount: Money;
  readonly providerStatus: OrderStatus;
  readonly providerOrderId: string | null;
  readonly paymentType: PaymentType | null;
  readonly failureReason: string | null;
  /** The provider's running refund total (`refundAmount`), 0 when it has none. */
  readonly providerRefundedMinor: number;
  /** When the payment was made (the provider's createdAt), epoch ms. */
  readonly createdAt: number;
  /** When the provider last changed it (updatedAt), epoch ms. */
  readonly updatedAt: number;
}

/** The journal row such a payment would be: settled as far as this till is concerned, method and terminal unknown. */
export function lookedUpRow(ctx: JournalContext, payment: LookedUpPayment): AttemptRow {
  checkLookedUp(payment);
  // Open at the provider (the other terminal's customer has not paid yet): this till watches nothing of it.
  const state = isFinalProviderStatus(payment.providerStatus) ? 'final' : 'active';
  return {
    referenceId: payment.referenceId,
    origin: 'looked-up',
    method: null,
    amountMinor: payment.amount.amountMinor,
    currency: payment.amount.currency,
    posId: null,
    idempotencyKey: randomUUID(),
    state,
    providerStatus: payment.providerStatus,
    providerOrderId: payment.providerOrderId,
    paymentType: payment.paymentType,
    failureReason: payment.failureReason,
    failureNotice: null,
    qrPayload: null,
    expiresAt: null,
    note: null,
    consumerCodeHash: null,
    // None of its refunds are this till's yet: everything the provider reports was refunded elsewhere.
    refundedMinor: 0,
    providerRefundedMinor:
      payment.providerRefundedMinor > 0 ? Math.min(payment.providerRefundedMinor, payment.amount.amountMinor) : null,
    unresolvedReason: null,
    expiredUnpaid: false,
    training: false,
    localDay: ctx.localDay(payment.createdAt),
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
    version: 1,
    registerKey: null,
    registerKeyId: null,
    orderReference: null,
    // Another terminal's payment: taken by nobody here, in no shift of this till (its refund here is in one).
    takenBy: null,
    shiftId: null,
  };
}

/** What the payment screen shows for a payment looked up at the provider and not (yet) in this journal. */
export function lookedUpDetail(ctx: JournalContext, payment: LookedUpPayment): PaymentDetail {
  const row = lookedUpRow(ctx, payment);
  return { payment: toPaymentView(row, []), refunds: [], history: [], events: [] };
}

/**
 * Records a looked-up payment (write-ahead, before the refund that needs it is sent). Only a settled paid one
 * is ever recorded: that is the only kind this till can refund. A reference already in the journal is left
 * as it is (its own record, or one looked up before) and returned.
 */
export function recordLookedUpPayment(ctx: JournalContext, payment: LookedUpPayment): AttemptRow {
  const row = lookedUpRow(ctx, payment);
  if (row.state !== 'final' || (row.providerStatus !== 'CAPTURED' && row.providerStatus !== 'REFUNDED')) {
    throw new PosError('order.not-captured', {
      details: { referenceId: row.referenceId, providerStatus: row.providerStatus },
    });
  }
  return ctx.atomically(() => {
    const existing = getAttempt(ctx, row.referenceId);
    if (existing) return existing;
    const now = ctx.now();
    const displayStatus = displayStatusOf(row.state, row.providerStatus);
    ctx
      .sql(
        `INSERT INTO payment_attempts (reference_id, origin, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
           provider_status, provider_order_id, payment_type, failure_reason, provider_refunded_minor, local_day, created_at, updated_at, version)
         VALUES (?, 'looked-up', NULL, ?, ?, NULL, ?, 'final', ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      )
      .run(
        row.referenceId,
        row.amountMinor,
        row.currency,
        row.idempotencyKey,
        displayStatus,
        row.providerStatus,
        row.providerOrderId,
        row.paymentType,
        row.failureReason,
        row.providerRefundedMinor,
        row.localDay,
        row.createdAt,
        now,
      );
    appendStatusChange(ctx, row.referenceId, now, displayStatus, row.providerStatus);
    appendEvent(ctx, row.referenceId, {
      kind: 'note',
      notice: notice('event.looked-up'),
      data: {
        providerStatus: row.providerStatus,
        amountMinor: row.amountMinor,
        refundAmount: payment.providerRefundedMinor,
      },
    });
    return { ...row, updatedAt: now };
  });
}

function checkLookedUp(payment: LookedUpPayment): void {
  if (!isReferenceId(payment.referenceId))
    throw new PosError('request.invalid', {
      cause: new Error(`"${payment.referenceId}" is not a valid payment reference.`),
    });
  if (!Number.isSafeInteger(payment.amount.amountMinor) || payment.amount.amountMinor <= 0)
    throw new PosError('amount.invalid');
  if (!isCurrency(payment.amount.currency)) throw new PosError('currency.unsupported');
  if (!Number.isSafeInteger(payment.providerRefundedMinor) || payment.providerRefundedMinor < 0)
    throw new PosError('amount.invalid');
  if (!Number.isSafeInteger(payment.createdAt))
    throw new PosError('request.invalid', { cause: new Error('createdAt must be epoch milliseconds') });
}
