import type { PaymentView } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { isCancellable, type ForRegister, type NewRegisterRequest } from './journal/index.ts';
import { notCancellableReason } from './decisions.ts';
import { refuseWhenClosing, requireAttempt, requireView, signedInRef, type PaymentRuntime } from './runtime.ts';
import { applyCancelOutcome, otherTerminalError, sendCancel } from './sends.ts';
import { watch } from './workers.ts';

// Cancels of a payment still open: the cashier's (Cancel on the Payment screen), a register's (its request
// recorded with the cancel), and the kiosk's of the QRs a customer walked away from. Written ahead like every
// request; one whose order is not known to exist yet is sent by the worker once it finds the order.

/**
 * The cashier's cancel (also the cashier's screen calling off a register's sale): their own sale needs the
 * cancel-own right, anyone else's cancel-any. A kiosk's screen cancels its own customer's QR: nobody signs in there.
 */
export async function cancelAtCounter(
  rt: PaymentRuntime,
  referenceId: string,
  reason: string | undefined,
): Promise<PaymentView> {
  if (rt.context.settings.current().mode === 'kiosk') return cancel(rt, referenceId, reason, null);
  const takenBy = requireAttempt(rt, referenceId).takenBy;
  const signedIn = rt.context.staff.signedIn();
  const own = signedIn !== null && takenBy !== null && takenBy.id === signedIn.id;
  const cancelledBy = rt.context.staff.requireRight(own ? 'cancel-own' : 'cancel-any');
  return cancel(rt, referenceId, reason, cancelledBy);
}

/** A cancel already allowed, recorded as `cancelledBy`'s (null: the kiosk's, or nobody signed in). */
export function cancel(
  rt: PaymentRuntime,
  referenceId: string,
  reason: string | undefined,
  cancelledBy: StaffRef | null,
): Promise<PaymentView> {
  return recordAndSend(rt, referenceId, reason, cancelledBy, () => {});
}

/** A register's cancel: its request recorded with the cancel, or alone when there is nothing left to cancel. */
export function cancelForRegister(
  rt: PaymentRuntime,
  referenceId: string,
  request: NewRegisterRequest,
  keyName: string,
): Promise<PaymentView> {
  // The register's key allowed it: the register's own, not the person signed in at the till, who is recorded
  // beside its key (schema 21).
  const forRegister = { keyId: request.keyId, signedIn: signedInRef(rt) };
  return recordAndSend(
    rt,
    referenceId,
    `register ${keyName}`,
    null,
    () => rt.journal.register.recordRequest(request, { referenceId }),
    forRegister,
  );
}

/**
 * A kiosk serves one customer at a time: a QR still open from a customer who walked away (the screen
 * cancels it itself after the set time; a reload or a crash can skip that) is cancelled, write-ahead like
 * any cancel, before the next customer's is created, so they can never pay it. A QR already scanned or paid
 * is left to finish: its cancel is refused and it settles as usual.
 */
export async function cancelUnpaidKioskQrs(rt: PaymentRuntime): Promise<void> {
  const open = rt.journal.listNonFinal().filter((row) => row.method === 'merchant-qr');
  await Promise.allSettled(open.map((row) => cancel(rt, row.referenceId, 'kiosk: next customer', null)));
}

/** `recordAlso`: what the caller's request adds to the cancel's commit (or writes alone when nothing is left to cancel). */
async function recordAndSend(
  rt: PaymentRuntime,
  referenceId: string,
  reason: string | undefined,
  cancelledBy: StaffRef | null,
  recordAlso: () => void,
  forRegister?: ForRegister,
): Promise<PaymentView> {
  refuseWhenClosing(rt);
  const cancelled = (): PaymentView => {
    recordAlso();
    return requireView(rt, referenceId);
  };
  // A second tap on "cancel" after it worked is not an error.
  const before = requireAttempt(rt, referenceId);
  if (before.state === 'final' && before.providerStatus === 'CANCELLED') return cancelled();
  await refuseUnsendable(rt, before.posId, before.training);
  // From here to the write-ahead record nothing awaits: two taps cannot both record a cancel.
  const row = requireAttempt(rt, referenceId);
  if (row.state === 'final' && row.providerStatus === 'CANCELLED') return cancelled();
  const unresolved = row.state === 'sending' || row.state === 'checking';
  if (!unresolved && !isCancellable(row.state, row.providerStatus)) {
    throw new PosError('order.not-cancellable', {
      notice: notCancellableReason(row.state === 'not-sent' ? null : row.providerStatus),
      details: { referenceId, providerStatus: row.providerStatus },
    });
  }
  if (rt.journal.cancelsOf(referenceId).some((c) => c.state !== 'done')) return cancelled();

  const recorded = rt.journal.atomically(() => {
    const recorded = rt.journal.recordCancel(referenceId, {
      reason: reason?.trim() || null,
      cancelledBy,
      forRegister,
    });
    recordAlso();
    return recorded;
  });
  rt.publishAttempt(referenceId);
  if (unresolved) {
    // Whether the order exists is not known yet: the worker sends the cancel once it finds it.
    watch(rt, referenceId).wake('cancel');
    return requireView(rt, referenceId);
  }
  const sent = rt.sending.mark(recorded.cancelId);
  let outcome;
  try {
    outcome = await sendCancel(rt, recorded);
    applyCancelOutcome(rt, recorded, outcome);
  } finally {
    sent();
  }
  // Read the order's status now: CANCELLED, or what it moved on to (the screen then offers a refund).
  await watch(rt, referenceId).lookNow('cancel');
  if (outcome.kind === 'refused') throw outcome.error;
  return requireView(rt, referenceId);
}

/**
 * A cancel that could not leave this till (no credentials, or the till now speaks as another terminal than
 * the one whose order is still open) is refused with the reason before anything is recorded, instead of
 * sitting in "checking". Refunds go from any terminal of the merchant and are not refused here.
 */
async function refuseUnsendable(rt: PaymentRuntime, paymentPosId: string | null, training: boolean): Promise<void> {
  const client = await rt.client(training);
  if (paymentPosId !== null && client.posId !== paymentPosId) throw otherTerminalError(paymentPosId, client.posId);
}
