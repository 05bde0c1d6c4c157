import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { CancelResponse, RefundResponse } from '../instore/schemas.ts';
import type { AttemptRow, CancelRow, RefundRow } from './journal/index.ts';
import { PROVIDER_SAID_EXISTS_DATA } from './decisions.ts';
import { errorReason, refusalReason } from './error-reason.ts';
import { note, updateAttempt, updateCancel, updateRefund } from './records.ts';
import { isTraining, type OrderRequest, type PaymentRuntime } from './runtime.ts';

// Sending the four writes (create, scan, refund, cancel) with the key the journal holds, and sorting what
// came back into four outcomes. The cashier's first send and every resend by a worker go through here, so
// both read an answer the same way.

export type SendOutcome<T> =
  /** The provider did it. */
  | { readonly kind: 'accepted'; readonly value: T }
  /** It may or may not have happened (timeout, dropped connection, 5xx, unreadable reply). */
  | { readonly kind: 'unknown'; readonly error: PosError }
  /** The provider judged the request and said no: it did not happen. */
  | { readonly kind: 'refused'; readonly error: PosError }
  /** Nothing left this computer (no client for the current settings). */
  | { readonly kind: 'unavailable'; readonly error: PosError };

export type OrderSendOutcome = SendOutcome<AttemptRow> | { readonly kind: 'exists' };

/**
 * After a settings change the till may speak as another terminal (or environment): what belongs to the old
 * one must not be sent, or looked up, as the new one — a "not found" there would prove nothing.
 */
export function otherTerminalError(paymentPosId: string, currentPosId: string): PosError {
  return new PosError('terminal.denied', {
    notice: notice('payments.other-terminal', { paymentPosId, currentPosId }),
    details: { outcomeUnknown: false, attempts: 0 },
  });
}

/** `posId`: the terminal the request must be sent as, or null when any of the merchant's will do (refunds). */
async function send<T>(
  rt: PaymentRuntime,
  referenceId: string,
  posId: string | null,
  call: (client: Awaited<ReturnType<PaymentRuntime['client']>>) => Promise<T>,
): Promise<SendOutcome<T>> {
  let client;
  try {
    client = await rt.client(isTraining(rt, referenceId));
  } catch (error) {
    return { kind: 'unavailable', error: asPosError(error) };
  }
  if (posId !== null && client.posId !== posId)
    return { kind: 'unavailable', error: otherTerminalError(posId, client.posId) };
  try {
    return { kind: 'accepted', value: await call(client) };
  } catch (error) {
    const posError = asPosError(error);
    // Anything the client did not classify is treated as "may have happened": a lookup settles it.
    return posError.details?.outcomeUnknown === false
      ? { kind: 'refused', error: posError }
      : { kind: 'unknown', error: posError };
  }
}

function posIdOf(rt: PaymentRuntime, referenceId: string): string | null {
  const row = rt.journal.getAttempt(referenceId);
  if (!row) throw new PosError('payment.not-found', { details: { referenceId } });
  return row.posId;
}

function asPosError(error: unknown): PosError {
  return error instanceof PosError
    ? error
    : new PosError('internal', { cause: error, details: { outcomeUnknown: true } });
}

/** The journal's "create sent" / "scan sent" note of one send. */
export function orderSentEvent(request: OrderRequest, row: Pick<AttemptRow, 'idempotencyKey' | 'amountMinor'>) {
  return {
    kind: 'request',
    notice: notice(request.kind === 'create' ? 'event.create-sent' : 'event.scan-sent'),
    data: { idempotencyKey: row.idempotencyKey, amountMinor: row.amountMinor },
  } as const;
}

/**
 * Create or scan, first send or resend (same referenceId, same key). On success the attempt becomes active.
 * `sentNoted`: the caller wrote the "sent" note already, in its write-ahead commit (one fsync fewer before the
 * request leaves).
 */
export async function sendOrder(
  rt: PaymentRuntime,
  referenceId: string,
  request: OrderRequest,
  { sentNoted = false }: { sentNoted?: boolean } = {},
): Promise<OrderSendOutcome> {
  const row = rt.journal.getAttempt(referenceId);
  if (!row) throw new PosError('payment.not-found', { details: { referenceId } });
  const memory = rt.remembered.attempt(referenceId);
  if (memory) memory.lastSentAt = rt.options.now();
  if (!sentNoted) note(rt, referenceId, orderSentEvent(request, row));
  const options = { idempotencyKey: row.idempotencyKey };
  const outcome = await send(rt, referenceId, row.posId, async (client) =>
    request.kind === 'create'
      ? { qrCode: (await client.createOrder(request.input, options)).qrCode }
      : { qrCode: (await client.scanOrder(request.input, options)).qrCode },
  );
  // The client retries inside that call (same key): its last try may have left just before the call gave up,
  // long after the first. The settle time must count from then, or a "not found" read while that try is still
  // being processed would be taken as proof that nothing was sent.
  if (memory) memory.lastSentAt = rt.options.now();
  switch (outcome.kind) {
    case 'accepted': {
      const current = rt.journal.getAttempt(referenceId)!;
      if (current.state === 'final' || current.state === 'not-sent') return { kind: 'accepted', value: current };
      const unsettled = current.state === 'sending' || current.state === 'checking';
      const updated = updateAttempt(
        rt,
        referenceId,
        {
          state: unsettled ? 'active' : undefined,
          // A new merchant QR order is CREATED (wire-details §2.4); a scanned one's status comes with the first poll.
          providerStatus: current.providerStatus ?? (request.kind === 'create' ? 'CREATED' : null),
          qrPayload: request.kind === 'create' ? (outcome.value.qrCode ?? null) : undefined,
          expiresAt: current.expiresAt ?? current.createdAt + rt.options.orderLifetimeMs,
          unresolvedReason: null,
        },
        { kind: 'status', notice: notice(request.kind === 'create' ? 'event.order-created' : 'event.order-placed') },
      );
      return { kind: 'accepted', value: updated };
    }
    case 'refused':
      // 409 "referenceId already assigned": an earlier send of this very request made the order.
      if (outcome.error.code === 'order.duplicate-reference') {
        // Remembered (and journalled, for after a restart): a lookup that lags behind must not make it "not sent".
        if (memory) memory.existsAtProvider = true;
        note(rt, referenceId, {
          kind: 'note',
          notice: notice('event.provider-said-exists'),
          data: PROVIDER_SAID_EXISTS_DATA,
        });
        return { kind: 'exists' };
      }
      return outcome;
    default:
      return outcome;
  }
}

export async function sendRefund(rt: PaymentRuntime, refund: RefundRow): Promise<SendOutcome<RefundResponse>> {
  rt.remembered.noteRefundSent(refund.refundId, rt.options.now());
  note(rt, refund.referenceId, {
    kind: 'request',
    notice: notice('event.refund-sent', { refundId: refund.refundId }),
    data: { refundId: refund.refundId, amountMinor: refund.amountMinor, idempotencyKey: refund.idempotencyKey },
  });
  // Sent as this till's terminal (posId, terminalReference), whichever terminal took the payment: the provider
  // takes a refund of any of the merchant's payments from any of its terminals (wire-details §2.3).
  const outcome = await send(rt, refund.referenceId, null, (client) =>
    client.refundOrder(
      {
        referenceId: refund.referenceId,
        amount: money(refund.amountMinor, refund.currency),
        reason: refund.reason ?? undefined,
        terminalReference: rt.terminalReference(),
      },
      { idempotencyKey: refund.idempotencyKey },
    ),
  );
  // As for orders: the client's last try left at most now, so a resend waits for the settle time from here.
  rt.remembered.noteRefundSent(refund.refundId, rt.options.now());
  return outcome;
}

export function applyRefundOutcome(
  rt: PaymentRuntime,
  refund: RefundRow,
  outcome: SendOutcome<RefundResponse>,
): RefundRow {
  switch (outcome.kind) {
    case 'accepted':
      return updateRefund(
        rt,
        refund.refundId,
        {
          state: 'succeeded',
          failureReason: null,
          providerOrderId: outcome.value.shopbackOrderId ?? null,
          providerTraceId: outcome.value.traceId ?? null,
        },
        { kind: 'status', notice: notice('event.refund-confirmed', { refundId: refund.refundId }) },
      );
    case 'refused':
      return updateRefund(
        rt,
        refund.refundId,
        { state: 'failed', failureReason: refusalReason(outcome.error) },
        {
          kind: 'status',
          notice: notice('event.refund-refused', { refundId: refund.refundId, reason: errorReason(outcome.error) }),
        },
      );
    case 'unknown':
    case 'unavailable':
      return updateRefund(
        rt,
        refund.refundId,
        { state: 'checking', checkingReason: errorReason(outcome.error) },
        {
          kind: 'note',
          notice: notice('event.refund-outcome-unknown', {
            refundId: refund.refundId,
            reason: errorReason(outcome.error),
          }),
        },
      );
  }
}

export async function sendCancel(rt: PaymentRuntime, cancel: CancelRow): Promise<SendOutcome<CancelResponse>> {
  note(rt, cancel.referenceId, {
    kind: 'request',
    notice: notice('event.cancel-sent', { cancelId: cancel.cancelId }),
    data: { cancelId: cancel.cancelId, idempotencyKey: cancel.idempotencyKey },
  });
  return send(rt, cancel.referenceId, posIdOf(rt, cancel.referenceId), (client) =>
    client.cancelOrder(
      { referenceId: cancel.referenceId, reason: cancel.reason ?? undefined },
      { idempotencyKey: cancel.idempotencyKey },
    ),
  );
}

export function applyCancelOutcome(
  rt: PaymentRuntime,
  cancel: CancelRow,
  outcome: SendOutcome<CancelResponse>,
): CancelRow {
  switch (outcome.kind) {
    case 'accepted':
      return updateCancel(
        rt,
        cancel.cancelId,
        { state: 'done', outcome: 'cancelled' },
        { kind: 'status', notice: notice('event.cancel-accepted', { cancelId: cancel.cancelId }) },
      );
    case 'refused': {
      const notCancellable = outcome.error.code === 'order.not-cancellable';
      return updateCancel(
        rt,
        cancel.cancelId,
        {
          state: 'done',
          outcome: notCancellable ? 'not-cancellable' : 'failed',
          failureReason: errorReason(outcome.error),
        },
        {
          kind: 'status',
          notice: notice('event.cancel-refused', { cancelId: cancel.cancelId, reason: errorReason(outcome.error) }),
        },
      );
    }
    case 'unknown':
    case 'unavailable':
      return updateCancel(
        rt,
        cancel.cancelId,
        { state: 'checking', checkingReason: errorReason(outcome.error) },
        {
          kind: 'note',
          notice: notice('event.cancel-outcome-unknown', {
            cancelId: cancel.cancelId,
            reason: errorReason(outcome.error),
          }),
        },
      );
  }
}
