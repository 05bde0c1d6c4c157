import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { AttemptRow, CancelRow, RefundRow } from './journal/index.ts';
import {
  adoptPatch,
  checkDelay,
  decideCancel,
  decideRefund,
  decideUnresolved,
  EXPIRED_CANCEL_REASON,
  isProviderSaidExistsEvent,
  shouldCancelExpired,
  type Lookup,
} from './decisions.ts';
import { errorReason } from './error-reason.ts';
import { lookupOrder } from './status-lookup.ts';
import type { PassState } from '../settle/settle-worker.ts';
import { nextPollDelay, openOrderPollDelay } from './poll-schedule.ts';
import { note, recordProviderRefundTotal, updateAttempt, updateCancel, updateRefund } from './records.ts';
import type { AttemptMemory, PaymentRuntime } from './runtime.ts';
import { applyCancelOutcome, applyRefundOutcome, sendCancel, sendOrder, sendRefund } from './sends.ts';
import { latestRecoveredSend, untilSettled } from './in-doubt-first.ts';

// One pass of an order's worker: look the order up once by referenceId, then bring the journal in line with
// that answer — the attempt (resolve an unknown outcome, or follow an open order), then any cancel and any
// refund whose outcome is not known yet. Returns how long to wait before the next pass, or 'idle'.

type Delay = number | 'idle';

/** A short pause after an action that changed something at the provider, before looking at the result. */
const SETTLE_LOOK_MS = 50;

export async function runOrderPass(rt: PaymentRuntime, referenceId: string, state: PassState): Promise<Delay> {
  const { journal } = rt;
  if (rt.sending.has(referenceId)) return 'idle'; // the cashier's call is sending it; it hands over when done
  const first = journal.getAttempt(referenceId);
  if (!first) return 'idle';
  const attemptOpen = first.state === 'sending' || first.state === 'checking' || first.state === 'active';
  const hasRefunds = unsettledRefunds(rt, referenceId).length > 0;
  const hasCancels = unsettledCancels(rt, referenceId).length > 0;
  if (!attemptOpen && !hasRefunds && !hasCancels && !state.refresh) return 'idle';

  // Taken when the lookup leaves (it may wait for its slot first): the answer shows nothing that arrives at
  // the provider after it was read.
  let lookedAt = rt.options.now();
  const lookup = await lookupOrder(rt, first, {
    lane: state.lane,
    onTicket: state.lookupHooks.onTicket,
    onGranted: () => {
      lookedAt = rt.options.now();
      state.lookupHooks.onGranted();
    },
  });
  if (lookup.kind === 'error') state.failures += 1;
  else state.failures = 0;

  let delay: Delay = 'idle';
  const row = journal.getAttempt(referenceId)!;
  if (!rt.sending.has(referenceId)) {
    if (row.state === 'sending' || row.state === 'checking') delay = await resolveAttempt(rt, row, lookup, state);
    else if (row.state === 'active') delay = followOpenOrder(rt, row, lookup, state);
    else if (lookup.kind === 'found' && adoptLate(rt, row, lookup).state === 'active') {
      // A not-sent payment that turned up open at the provider: watched from now on, like any open order.
      delay = openOrderDelay(rt, journal.getAttempt(referenceId)!, state);
    }
  }
  for (const cancel of unsettledCancels(rt, referenceId))
    delay = sooner(delay, await settleCancel(rt, cancel, lookup, state));
  for (const refund of unsettledRefunds(rt, referenceId))
    delay = sooner(delay, await settleRefund(rt, refund, lookup, lookedAt, state));
  // Last, once our own refunds are settled by this same answer: its refund total then tells what was refunded
  // outside this till (the journal does not take it in while one of ours is still in flight).
  if (lookup.kind === 'found') recordProviderRefundTotal(rt, referenceId, lookup.order);
  return delay;
}

/** What this process knows about sending the attempt; after a restart, what the journal implies. */
export function memoryOf(rt: PaymentRuntime, row: AttemptRow): AttemptMemory {
  let memory = rt.remembered.attempt(row.referenceId);
  if (!memory) {
    // Recovered: nobody is at the counter with this sale any more, and the scanned code is not on disk, so
    // the request is never sent again.
    const lastSentAt = latestRecoveredSend(rt, row.updatedAt);
    // A 409 seen before the restart is in the event log: the order exists even if lookups do not show it yet.
    const existsAtProvider = rt.journal.eventsOf(row.referenceId).some(isProviderSaidExistsEvent);
    memory = {
      interactive: false,
      canResend: false,
      request: null,
      refusal: null,
      firstSentAt: row.createdAt,
      lastSentAt,
      resends: 0,
      existsAtProvider,
    };
    rt.remembered.rememberAttempt(row.referenceId, memory);
  }
  return memory;
}

async function resolveAttempt(rt: PaymentRuntime, row: AttemptRow, lookup: Lookup, state: PassState): Promise<Delay> {
  const memory = memoryOf(rt, row);
  const now = rt.options.now();
  const decision = decideUnresolved({
    row,
    lookup,
    now,
    memory,
    policy: rt.options,
    cancelRequested: rt.journal.cancelsOf(row.referenceId).length > 0,
  });
  switch (decision.kind) {
    case 'adopt': {
      const status = decision.patch.providerStatus ?? 'unknown';
      const adopted = updateAttempt(rt, row.referenceId, decision.patch, {
        kind: 'status',
        notice: notice('event.found-at-provider', { status }),
      });
      if (decision.recoverQr && memory.request) {
        // The create reached the provider but its answer (with the QR) was lost: the same request with the
        // same key is answered with the first reply, QR included.
        memory.resends += 1;
        const outcome = await sendOrder(rt, row.referenceId, memory.request);
        if (outcome.kind !== 'accepted')
          note(rt, row.referenceId, { kind: 'note', notice: notice('event.qr-not-fetched') });
      }
      return adopted.state === 'active' ? openOrderDelay(rt, adopted, state) : 'idle';
    }
    case 'resend': {
      memory.resends += 1;
      // Write-ahead: the row says a resend is under way before it leaves.
      updateAttempt(rt, row.referenceId, {
        state: 'checking',
        unresolvedReason: notice('unresolved.resending', { count: memory.resends, max: rt.options.maxResends }),
      });
      const outcome = await sendOrder(rt, row.referenceId, memory.request!);
      switch (outcome.kind) {
        case 'accepted':
          return nextPollDelay(rt.options.schedule, 0, 0);
        case 'exists':
          // The order is there (sendOrder remembered it): from now on only lookups, never not-sent.
          updateAttempt(rt, row.referenceId, { unresolvedReason: notice('unresolved.already-exists') });
          return 0;
        case 'refused':
          memory.refusal = errorReason(outcome.error);
          updateAttempt(rt, row.referenceId, {
            unresolvedReason: notice('unresolved.refused', { error: memory.refusal }),
          });
          return backoffFor(rt, row.referenceId, state);
        default:
          updateAttempt(rt, row.referenceId, { unresolvedReason: errorReason(outcome.error) });
          return backoffFor(rt, row.referenceId, state);
      }
    }
    case 'keep-checking': {
      updateAttempt(rt, row.referenceId, { state: 'checking', unresolvedReason: decision.reason });
      // Recovered, nobody at the counter: a "not found" before settleAt proves nothing, so the next look is then.
      const patient = !memory.interactive;
      return untilSettled(state, backoffFor(rt, row.referenceId, state), decision.settleAt, now, patient);
    }
    case 'not-sent':
      updateAttempt(
        rt,
        row.referenceId,
        { state: 'not-sent', failureReason: memory.refusal, unresolvedReason: null },
        { kind: 'status', notice: notice('event.never-sent') },
      );
      return 'idle';
  }
}

/** When to look at an open order next: how likely anyone is to act on it now (poll-schedule.ts). */
function openOrderDelay(rt: PaymentRuntime, row: AttemptRow, state: PassState): number {
  const deadlines = row.expiresAt === null ? [] : [row.expiresAt, row.expiresAt + rt.options.expiryGraceMs];
  return openOrderPollDelay(rt.options.schedule, {
    now: rt.options.now(),
    // updatedAt moves with every change the provider reports (created, scanned, confirmed).
    lastActivityAt: Math.max(row.updatedAt, rt.onScreen.lastShownAt(row.referenceId) ?? 0),
    onScreen: rt.onScreen.isShown(row.referenceId),
    customerActing: row.providerStatus === 'PENDING' || row.providerStatus === 'PROCESSING',
    deadlines,
    pollsSoFar: state.polls,
  });
}

function followOpenOrder(rt: PaymentRuntime, row: AttemptRow, lookup: Lookup, state: PassState): Delay {
  const poll = openOrderDelay(rt, row, state);
  state.polls += 1;
  switch (lookup.kind) {
    case 'found': {
      const updated = updateAttempt(rt, row.referenceId, adoptPatch(row, lookup.order, rt.options), {
        kind: 'status',
        notice: notice('event.status', { status: lookup.order.status, trigger: state.trigger ?? 'poll' }),
      });
      if (updated.state !== 'active') return 'idle';
      if (
        shouldCancelExpired({
          row: updated,
          lookup,
          now: rt.options.now(),
          graceMs: rt.options.expiryGraceMs,
          cancels: rt.journal.cancelsOf(row.referenceId),
        })
      ) {
        // Write-ahead, like a cashier's cancel: this same pass sends it (settleCancel), and its outcome is
        // settled by the usual rules.
        recordExpiredCancel(rt, row.referenceId);
        return SETTLE_LOOK_MS;
      }
      return openOrderDelay(rt, updated, state);
    }
    case 'not-found':
      // An order we created that the provider cannot find: keep asking (a provider-side delay), and say so.
      if (state.polls === 1)
        note(rt, row.referenceId, {
          kind: 'note',
          notice: notice('event.not-found-still-checking'),
        });
      return poll;
    case 'error':
      return Math.max(poll, backoffFor(rt, row.referenceId, state));
  }
}

function recordExpiredCancel(rt: PaymentRuntime, referenceId: string): void {
  rt.journal.atomically(() => {
    const cancel = rt.journal.recordCancel(referenceId, { reason: EXPIRED_CANCEL_REASON });
    // Once the provider says CANCELLED, the cashier and the day summary see it as expired (nobody paid in time).
    rt.journal.updateAttempt(referenceId, { expiredUnpaid: true });
    rt.journal.appendEvent(referenceId, {
      kind: 'note',
      notice: notice('event.expired-cancel-recorded', { cancelId: cancel.cancelId }),
    });
  });
  rt.publishAttempt(referenceId);
}

/** A final or not-sent attempt looked up on request: take in what changed since (a refund elsewhere, a late order). */
function adoptLate(rt: PaymentRuntime, row: AttemptRow, lookup: Extract<Lookup, { kind: 'found' }>): AttemptRow {
  if (row.providerStatus === lookup.order.status && row.state === 'final') return row;
  try {
    return updateAttempt(rt, row.referenceId, adoptPatch(row, lookup.order, rt.options), {
      kind: 'status',
      notice: notice('event.status-later', { status: lookup.order.status }),
    });
  } catch (error) {
    if (!(error instanceof PosError && error.code === 'journal.conflict')) throw error;
    // The journal never lets a final status change (except CAPTURED → REFUNDED): keep what the provider said
    // for support to look at.
    note(rt, row.referenceId, {
      kind: 'note',
      notice: notice('event.provider-disagrees', {
        status: lookup.order.status,
        kept: row.providerStatus ?? row.state,
      }),
      data: { provider: lookup.order },
    });
    return row;
  }
}

async function settleCancel(rt: PaymentRuntime, cancel: CancelRow, lookup: Lookup, state: PassState): Promise<Delay> {
  const attempt = rt.journal.getAttempt(cancel.referenceId)!;
  const decision = decideCancel({ cancel, attempt, lookup });
  switch (decision.kind) {
    case 'done':
      updateCancel(
        rt,
        cancel.cancelId,
        { state: 'done', outcome: decision.outcome, failureReason: decision.reason },
        { kind: 'status', notice: notice(`event.cancel-${decision.outcome}`, { cancelId: cancel.cancelId }) },
      );
      return 'idle';
    case 'resend': {
      updateCancel(rt, cancel.cancelId, { state: 'sending', checkingReason: notice('cancel.resending') });
      const sent = rt.sending.mark(cancel.cancelId);
      try {
        const settled = applyCancelOutcome(rt, cancel, await sendCancel(rt, cancel));
        state.lookAgain = true;
        return settled.state === 'done' ? SETTLE_LOOK_MS : backoffFor(rt, cancel.referenceId, state);
      } finally {
        sent();
      }
    }
    case 'wait':
      updateCancel(rt, cancel.cancelId, { state: 'checking', checkingReason: decision.reason });
      return backoffFor(rt, cancel.referenceId, state);
  }
}

async function settleRefund(
  rt: PaymentRuntime,
  refund: RefundRow,
  lookup: Lookup,
  lookedAt: number,
  state: PassState,
): Promise<Delay> {
  const attempt = rt.journal.getAttempt(refund.referenceId)!;
  let lastSentAt = rt.remembered.refundSentAt(refund.refundId);
  if (lastSentAt === undefined) {
    // Recovered: the row was written (sending) just before its request could leave.
    lastSentAt = latestRecoveredSend(rt, refund.updatedAt);
    rt.remembered.noteRefundSent(refund.refundId, lastSentAt);
  }
  const now = rt.options.now();
  // The total just read becomes the baseline of a resend: only if none of our other refunds could be landing.
  const othersInFlight = rt.journal
    .refundsOf(refund.referenceId)
    .some((r) => r.refundId !== refund.refundId && (r.state === 'sending' || r.state === 'checking'));
  const decision = decideRefund({
    refund,
    attempt,
    lookup,
    now: lookedAt,
    lastSentAt,
    settleMs: rt.options.settleMs,
    othersInFlight,
  });
  switch (decision.kind) {
    case 'succeeded':
      updateRefund(
        rt,
        refund.refundId,
        {
          state: 'succeeded',
          failureReason: null,
          providerOrderId: lookup.kind === 'found' ? (lookup.order.shopbackOrderId ?? null) : null,
        },
        { kind: 'status', notice: notice('event.refund-in-total', { refundId: refund.refundId }) },
      );
      state.lookAgain = true;
      return SETTLE_LOOK_MS;
    case 'resend': {
      // Write-ahead: back to `sending` (and a new lastSentAt) before the same request leaves again. The earlier
      // send can no longer land, so the total just read is the new baseline: a refund made elsewhere while
      // ours was lost is already in it.
      const baseline = decision.providerRefundedMinor;
      const resending = updateRefund(
        rt,
        refund.refundId,
        { state: 'sending', providerRefundedBeforeMinor: baseline, checkingReason: notice('refund.resending') },
        {
          kind: 'note',
          notice: notice('event.refund-resending', { refundId: refund.refundId }),
          data: { providerRefundedBeforeMinor: baseline },
        },
      );
      const sent = rt.sending.mark(refund.refundId);
      try {
        const settled = applyRefundOutcome(rt, resending, await sendRefund(rt, resending));
        if (settled.state === 'succeeded') state.lookAgain = true;
        return settled.state === 'checking' ? checkDelay(state.failures, rt.options.checkDelays) : SETTLE_LOOK_MS;
      } finally {
        sent();
      }
    }
    case 'wait': {
      updateRefund(rt, refund.refundId, { state: 'checking', checkingReason: decision.reason });
      return untilSettled(state, checkDelay(state.failures, rt.options.checkDelays), decision.settleAt, now);
    }
  }
}

function unsettledRefunds(rt: PaymentRuntime, referenceId: string): RefundRow[] {
  return rt.journal
    .refundsOf(referenceId)
    .filter((r) => (r.state === 'sending' || r.state === 'checking') && !rt.sending.has(r.refundId));
}

function unsettledCancels(rt: PaymentRuntime, referenceId: string): CancelRow[] {
  return rt.journal
    .cancelsOf(referenceId)
    .filter((c) => (c.state === 'sending' || c.state === 'checking') && !rt.sending.has(c.cancelId));
}

/**
 * The wait before looking again after a failed lookup: doubling (checkDelays), but capped at
 * watchedCheckMaxMs while a cashier is watching this sale (sent from the screen, QR still within its
 * lifetime), so the sale moves on within ~2 s once the provider is back. A payment nobody waits for
 * (recovered after a restart, or long past its QR) backs off fully and spares the provider.
 */
function backoffFor(rt: PaymentRuntime, referenceId: string, state: PassState): number {
  const backoff = checkDelay(state.failures, rt.options.checkDelays);
  const memory = rt.remembered.attempt(referenceId);
  const watched = memory?.interactive === true && rt.options.now() - memory.firstSentAt < rt.options.orderLifetimeMs;
  return watched ? Math.min(backoff, rt.options.watchedCheckMaxMs) : backoff;
}

function sooner(a: Delay, b: Delay): Delay {
  if (a === 'idle') return b;
  if (b === 'idle') return a;
  return Math.min(a, b);
}
