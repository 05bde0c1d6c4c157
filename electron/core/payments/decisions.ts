import type { OrderStatus } from '../../../shared/payments.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { OrderStatusResponse } from '../instore/schemas.ts';
import type { AttemptPatch, AttemptRow, CancelOutcome, CancelRow, RefundRow } from './journal/index.ts';
import { isFinalProviderStatus } from './journal/index.ts';

// The state-decision table of the payment service, as pure functions: given what the journal holds, what a
// status lookup by referenceId said, and the clock, what to do next. The order worker carries the decisions
// out; keeping them here makes every rule testable without sockets or timers.
//
// The two facts everything rests on:
// - a referenceId is unique at the provider, so sending a create/scan again with the same referenceId (and
//   key) can never make a second order: it succeeds once, or says 409 "already assigned";
// - "not found" proves a request never arrived only once it can no longer arrive: `settleMs` after the last
//   time it was sent. Before that it proves nothing (a slow request may still act).

export type Lookup =
  | { readonly kind: 'found'; readonly order: OrderStatusResponse }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly reason: Notice };

/** What this process remembers about sending an attempt (nothing, after a restart). */
export interface SendMemory {
  /** Started by a cashier in this process, who is still at the counter with the QR or the customer. */
  readonly interactive: boolean;
  /** The original request can be sent again (the scanned code is kept only in memory, never on disk). */
  readonly canResend: boolean;
  readonly firstSentAt: number;
  /** When the request last left (or may have left); after a restart, the row's last write before sending. */
  readonly lastSentAt: number;
  readonly resends: number;
  /**
   * The provider answered a send of this very request with 409 "reference already exists": the order is there,
   * whatever a lookup says afterwards (a lookup may lag behind). Such an attempt is never decided not-sent.
   */
  readonly existsAtProvider: boolean;
}

/** The event that records a 409 on a create/scan, so that a restarted till still knows the order exists. */
export const PROVIDER_SAID_EXISTS =
  'the provider answered that this reference already exists (409): the order is there';

/** The summary the 409 event had before the data marker; never change this text (see below). */
const LEGACY_PROVIDER_SAID_EXISTS_SUMMARY =
  'the provider answered that this reference already exists (409): the order is there';

/** The marker in that event's data by which a restarted till recognises it; the summary is for people. */
export const PROVIDER_SAID_EXISTS_DATA = { providerSaidExists: true } as const;

/**
 * Whether a journalled event records a 409 "already exists" (see PROVIDER_SAID_EXISTS_DATA). Events written
 * before the marker existed carry only the summary, and journals are kept for years: the exact old summary
 * text is recognised too, so rewording the summary (which this constant must then keep) cannot make a
 * restarted till forget that such an order exists and judge it not-sent.
 */
export function isProviderSaidExistsEvent(event: { readonly summary: string; readonly data: string | null }): boolean {
  if (event.summary === LEGACY_PROVIDER_SAID_EXISTS_SUMMARY) return true;
  if (event.data === null) return false;
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' && data !== null && (data as Record<string, unknown>).providerSaidExists === true;
  } catch {
    return false; // not JSON (not written by this code): not the marker
  }
}

/** Why an attempt the provider said exists is still being checked while its lookups do not find it yet. */
export const EXISTS_NOT_FOUND_REASON = notice('unresolved.exists-not-found');

export interface ResolutionPolicy {
  readonly settleMs: number;
  readonly resendWindowMs: number;
  readonly maxResends: number;
  readonly orderLifetimeMs: number;
}

export type UnresolvedDecision =
  /** The order exists: take its status. `recoverQr`: send the create again (same key) to get its QR back. */
  | { readonly kind: 'adopt'; readonly patch: AttemptPatch; readonly recoverQr: boolean }
  /** Not at the provider and the cashier is still there: send the same request again, same key. */
  | { readonly kind: 'resend' }
  /** Not decidable yet; look again (not before `settleAt` when that is what we wait for). */
  | { readonly kind: 'keep-checking'; readonly reason: Notice; readonly settleAt: number | null }
  /** Proven never to have reached the provider. */
  | { readonly kind: 'not-sent' };

/** The journal patch that makes an attempt say what the provider says. */
export function adoptPatch(
  row: AttemptRow,
  order: OrderStatusResponse,
  policy: Pick<ResolutionPolicy, 'orderLifetimeMs'>,
): AttemptPatch {
  const final = isFinalProviderStatus(order.status);
  return {
    state: final ? 'final' : 'active',
    providerStatus: order.status,
    providerOrderId: order.shopbackOrderId ?? undefined,
    paymentType: order.paymentType ?? undefined,
    failureReason:
      order.failureReason ?? (order.status === 'FAILED' ? notice('payments.declined-by-wallet') : undefined),
    expiresAt: row.expiresAt ?? row.createdAt + policy.orderLifetimeMs,
    unresolvedReason: null,
  };
}

/** An attempt in `sending` or `checking`: the create/scan may or may not have reached the provider. */
export function decideUnresolved(input: {
  readonly row: AttemptRow;
  readonly lookup: Lookup;
  readonly now: number;
  readonly memory: SendMemory;
  readonly policy: ResolutionPolicy;
  /** A cancel was asked for: never send the order again, only find out whether it exists. */
  readonly cancelRequested: boolean;
}): UnresolvedDecision {
  const { row, lookup, now, memory, policy, cancelRequested } = input;
  const mayResend =
    memory.interactive &&
    memory.canResend &&
    !cancelRequested &&
    memory.resends < policy.maxResends &&
    now - memory.firstSentAt < policy.resendWindowMs;
  switch (lookup.kind) {
    case 'found': {
      const open = lookup.order.status === 'CREATED' || lookup.order.status === 'PENDING';
      const recoverQr = row.method === 'merchant-qr' && row.qrPayload === null && open && mayResend;
      return { kind: 'adopt', patch: adoptPatch(row, lookup.order, policy), recoverQr };
    }
    case 'error':
      return {
        kind: 'keep-checking',
        reason: notice('unresolved.checking', { reason: lookup.reason }),
        settleAt: null,
      };
    case 'not-found': {
      // "Not found" after a 409 is the provider lagging, never proof that nothing was charged.
      if (memory.existsAtProvider) return { kind: 'keep-checking', reason: EXISTS_NOT_FOUND_REASON, settleAt: null };
      if (mayResend) return { kind: 'resend' };
      const settleAt = memory.lastSentAt + policy.settleMs;
      if (now >= settleAt) return { kind: 'not-sent' };
      return { kind: 'keep-checking', reason: notice('unresolved.not-found-yet'), settleAt };
    }
  }
}

export type CancelDecision =
  | { readonly kind: 'done'; readonly outcome: CancelOutcome; readonly reason: Notice | null }
  | { readonly kind: 'resend' }
  | { readonly kind: 'wait'; readonly reason: Notice };

/** A cancel whose outcome is unknown (or that recovery found unsent), given the order's current status. */
export function decideCancel(input: {
  readonly cancel: CancelRow;
  readonly attempt: AttemptRow;
  readonly lookup: Lookup;
}): CancelDecision {
  const { attempt, lookup } = input;
  switch (lookup.kind) {
    case 'found': {
      const status = lookup.order.status;
      if (status === 'CANCELLED') return { kind: 'done', outcome: 'cancelled', reason: null };
      if (status === 'CREATED' || status === 'PENDING') return { kind: 'resend' };
      return { kind: 'done', outcome: 'not-cancellable', reason: notCancellableReason(status) };
    }
    case 'not-found':
      if (attempt.state === 'not-sent') {
        return { kind: 'done', outcome: 'failed', reason: notice('cancel.never-sent') };
      }
      // Final without a provider status: the provider refused the create/scan outright (a 4xx proves it made no order).
      if (attempt.state === 'final' && attempt.providerStatus === null) {
        return { kind: 'done', outcome: 'failed', reason: notice('cancel.provider-refused-payment') };
      }
      return { kind: 'wait', reason: notice('cancel.not-found-yet') };
    case 'error':
      return { kind: 'wait', reason: lookup.reason };
  }
}

/** The reason sent with (and journalled for) a cancel the till makes itself once an order has expired. */
export const EXPIRED_CANCEL_REASON = 'Not paid before the QR expired';

/**
 * An open order past its expiry (+ grace) that the provider still shows as payable (CREATED / PENDING) is
 * cancelled by the till itself, once: otherwise the provider might let it be paid at any later time, long
 * after the cashier moved on, and polling it would never end. Not while a cancel is in flight, and not again
 * after one made past the deadline (if the provider refused that one, we keep following what it says).
 * PROCESSING is never cancelled: the customer has confirmed and the money may be moving.
 */
export function shouldCancelExpired(input: {
  readonly row: AttemptRow;
  readonly lookup: Lookup;
  readonly now: number;
  readonly graceMs: number;
  readonly cancels: readonly CancelRow[];
}): boolean {
  const { row, lookup, now, graceMs, cancels } = input;
  if (row.state !== 'active' || row.expiresAt === null || lookup.kind !== 'found') return false;
  if (lookup.order.status !== 'CREATED' && lookup.order.status !== 'PENDING') return false;
  const deadline = row.expiresAt + graceMs;
  if (now < deadline) return false;
  return cancels.every((cancel) => cancel.state === 'done' && cancel.createdAt < deadline);
}

/** Why a cancel cannot be done any more, for the cashier. */
export function notCancellableReason(status: OrderStatus | null): Notice {
  switch (status) {
    case 'PROCESSING':
      return notice('cancel.confirmed-in-app');
    case 'CAPTURED':
      return notice('cancel.already-paid');
    case 'REFUNDED':
      return notice('cancel.already-refunded');
    case 'CANCELLED':
      return notice('cancel.already-cancelled');
    case 'FAILED':
      return notice('cancel.already-failed');
    case 'ABANDONED':
      return notice('cancel.already-expired');
    case 'CREATED':
    case 'PENDING':
    case null:
      return notice('cancel.did-not-go-through');
  }
}

export type RefundDecision =
  | { readonly kind: 'succeeded' }
  /** `providerRefundedMinor`: the total just read, the baseline to record before the same request leaves again. */
  | { readonly kind: 'resend'; readonly providerRefundedMinor: number }
  | { readonly kind: 'wait'; readonly reason: Notice; readonly settleAt: number | null };

/**
 * A refund whose answer was lost. The order's running `refundAmount` at the provider is compared with the
 * total it showed just before this refund was sent (the row's baseline): the refund happened exactly when the
 * total has grown by at least its amount since. Our own confirmed total would not do: a refund made elsewhere
 * meanwhile (merchant portal, another till) is in the provider's total too. Only if the refund is not there,
 * and the lost request can no longer land, is it sent again (same key), so a provider that ignores
 * idempotency keys still cannot refund twice. Only one refund per order is ever in flight from this till.
 * Rows recorded before the baseline existed (journal schema < 3) keep the comparison with our confirmed total.
 * Limit: a refund made elsewhere in the moments between the baseline read and our send landing looks, by
 * totals alone, like ours (the provider's status reports no per-refund list); that window is seconds wide.
 */
export function decideRefund(input: {
  readonly refund: RefundRow;
  readonly attempt: AttemptRow;
  readonly lookup: Lookup;
  /** When the lookup was asked for: the total it read may miss a request that could still land before then. */
  readonly now: number;
  readonly lastSentAt: number;
  readonly settleMs: number;
  /**
   * Another refund of this payment is unsettled too (only in journals written before one-in-flight was
   * enforced): the total just read may or may not hold it, so it cannot be this refund's new baseline.
   */
  readonly othersInFlight?: boolean | undefined;
}): RefundDecision {
  const { refund, attempt, lookup, now, lastSentAt, settleMs } = input;
  switch (lookup.kind) {
    case 'found': {
      const providerTotal = providerRefundedMinor(lookup.order);
      const baseline = refund.providerRefundedBeforeMinor ?? attempt.refundedMinor;
      if (providerTotal - baseline >= refund.amountMinor) return { kind: 'succeeded' };
      const settleAt = lastSentAt + settleMs;
      if (now >= settleAt && input.othersInFlight === true) {
        return { kind: 'wait', reason: notice('refund.other-unsettled'), settleAt: null };
      }
      if (now >= settleAt) return { kind: 'resend', providerRefundedMinor: providerTotal };
      return { kind: 'wait', reason: notice('refund.not-shown-yet'), settleAt };
    }
    case 'not-found':
      return { kind: 'wait', reason: notice('refund.payment-not-found'), settleAt: null };
    case 'error':
      return { kind: 'wait', reason: lookup.reason, settleAt: null };
  }
}

/** The provider's refund total as a status lookup reports it (absent = nothing refunded). */
export function providerRefundedMinor(order: OrderStatusResponse): number {
  return order.refundAmount ?? 0;
}

/** Doubling delays for lookups while something is unresolved. */
export function checkDelay(failuresSoFar: number, delays: { readonly baseMs: number; readonly maxMs: number }): number {
  return Math.min(delays.maxMs, delays.baseMs * 2 ** Math.min(20, Math.max(0, failuresSoFar)));
}
