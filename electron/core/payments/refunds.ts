import type { PaymentDetail } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import {
  checkBaselineStillExact,
  refundTotalsOf,
  type AttemptRow,
  type ForRegister,
  type NewRegisterRequest,
} from './journal/index.ts';
import { providerRefundedMinor } from './decisions.ts';
import { lookupOrder } from './status-lookup.ts';
import { lookUpAtProvider } from './other-terminal-payment.ts';
import { recordProviderRefundTotal } from './records.ts';
import { refuseWhenClosing, requireAttempt, requireView, signedInRef, type PaymentRuntime } from './runtime.ts';
import { applyRefundOutcome, sendRefund } from './sends.ts';
import { watch } from './workers.ts';
import type { RefundToAuthorize } from '../staff/refund-approval.ts';
import type { RefundAuthority } from '../staff/staff-access.ts';

// Refunds, of a payment taken here or of any payment of the merchant taken at another terminal (looked up by
// its reference, other-terminal-payment.ts): the cashier's, authorised by the staff rules (who refunds, who
// approves with their own PIN), and a register's, authorised by
// its key (an admin allowed refunds over the register connection) with its request recorded in the refund's
// commit. Both are judged against the provider's refund total read just before (the baseline), written ahead,
// then sent once.

export interface RefundRequest {
  readonly referenceId: string;
  readonly amountMinor?: number | undefined;
  readonly reason: string;
}

/**
 * The cashier's refund: who refunds and who approves (staff-access.ts authorizeRefund: the approver's own PIN, or
 * none under the shop's no-approval limit, judged with this payment's refunds before it and the cashier's in this
 * shift) is checked while the baseline is read, and counts first.
 */
export async function refundAtCounter(
  rt: PaymentRuntime,
  request: RefundRequest,
  approverPin: string | undefined,
): Promise<PaymentDetail> {
  refuseWhenClosing(rt);
  const reason = requiredReason(request.reason);
  // Found without the receipt (payments.find showed it): nothing proves the customer paid but what the clerk
  // reads on their phone, so an approver's PIN is asked for every time, whatever the no-approval limit or the
  // person's rights (their own PIN when they may refund: authorizeRefund checks it below).
  const foundWithoutReceipt = rt.foundWithoutReceipt.has(request.referenceId);
  const noPin = approverPin === undefined || approverPin === '';
  if (foundWithoutReceipt && noPin) {
    throw new PosError('supervisor.pin-required', { notice: notice('refund.without-receipt-needs-approval') });
  }
  // The clerk waits for the PIN check (a slow hash, by design) and for the provider's refund total: both run
  // at once. The read's result (or error) counts only once the refund is known to be allowed.
  const judged = refundToAuthorize(rt, request, refundedBeforeMinor(rt, request.referenceId));
  const authorized = rt.context.staff.authorizeRefund(judged, approverPin);
  const baselineRead = readRefundBaseline(rt, request.referenceId);
  baselineRead.catch(() => {});
  let authority = await authorized;
  const baseline = await baselineRead;
  // The provider's total just read may hold refunds made elsewhere that the journal did not know of (always so
  // for another terminal's payment refunded here for the first time): a refund let through without anyone's
  // PIN is judged again with it. No PIN is checked, so this costs no wait.
  if (noPin && authority.approvedBy === null && baseline.providerRefundedBefore > judged.refundedBeforeMinor) {
    authority = await rt.context.staff.authorizeRefund(
      refundToAuthorize(rt, request, baseline.providerRefundedBefore),
      approverPin,
    );
  }
  return recordAndSend(rt, request, reason, baseline, { ...authority, foundWithoutReceipt }, () => {});
}

/**
 * Of this payment, what the journal knows went back already: the refunded total (ours confirmed, or the provider's
 * last total when larger: refunds made elsewhere) and our refunds still in flight. 0 for a payment never seen here.
 */
function refundedBeforeMinor(rt: PaymentRuntime, referenceId: string): number {
  const known = rt.journal.getAttempt(referenceId);
  if (!known) return 0;
  const inFlightMinor = rt.journal
    .refundsOf(referenceId)
    .filter((refund) => refund.state === 'sending' || refund.state === 'checking')
    .reduce((total, refund) => total + refund.amountMinor, 0);
  return refundTotalsOf(known).refundedMinor + inFlightMinor;
}

/**
 * The refund as the approval rule judges it before the refundable total is known. The amount is the one asked
 * for, else (a refund of all that is left) the rest of the payment's whole amount, so the payment's refunds
 * together come to its whole amount; of a payment this till has never seen, more than any limit, so it is
 * always approved.
 */
function refundToAuthorize(rt: PaymentRuntime, request: RefundRequest, refundedBefore: number): RefundToAuthorize {
  const known = rt.journal.getAttempt(request.referenceId);
  const currency = known?.currency ?? rt.context.settings.current().currency;
  const allLeftMinor = known ? Math.max(0, known.amountMinor - refundedBefore) : Number.MAX_SAFE_INTEGER;
  return {
    amount: money(request.amountMinor ?? allLeftMinor, currency),
    refundedBeforeMinor: refundedBefore,
    unapprovedInShiftMinor: (staffId) =>
      rt.journal.unapprovedRefundsInShiftMinor(staffId, currency, known?.training === true),
  };
}

/** A register's refund, authorised by its key: its request is recorded in the same commit as the refund. */
export async function refundForRegister(
  rt: PaymentRuntime,
  request: RefundRequest,
  registerRequest: NewRegisterRequest,
): Promise<PaymentDetail> {
  refuseWhenClosing(rt);
  const reason = requiredReason(request.reason);
  const baseline = await readRefundBaseline(rt, request.referenceId);
  // The register's key authorised it: nobody at the till made or approved it. Its key and whoever was signed in
  // at the till are recorded beside it (schema 21).
  const forRegister = { keyId: registerRequest.keyId, signedIn: signedInRef(rt) };
  return recordAndSend(
    rt,
    request,
    reason,
    baseline,
    { refundedBy: null, approvedBy: null, foundWithoutReceipt: false, forRegister },
    (refundId) => rt.journal.register.recordRequest(registerRequest, { referenceId: request.referenceId, refundId }),
  );
}

/** Required, and spaces alone say nothing: checked before the PIN, so a typo costs no PIN attempt. */
function requiredReason(raw: string): string {
  const reason = raw.trim();
  if (reason === '')
    throw new PosError('request.invalid', { notice: notice('refund.reason-missing'), details: { field: 'reason' } });
  return reason;
}

type RefundBaseline = Awaited<ReturnType<typeof readRefundBaseline>>;

/** `recordAlso`: what the caller's request adds to the refund's write-ahead commit. */
async function recordAndSend(
  rt: PaymentRuntime,
  request: RefundRequest,
  reason: string,
  { client, known, refundsAtRead, providerRefundedBefore, lookedUp }: RefundBaseline,
  authority: RefundAuthority & { readonly foundWithoutReceipt: boolean; readonly forRegister?: ForRegister },
  recordAlso: (refundId: string) => void,
): Promise<PaymentDetail> {
  const { referenceId } = request;
  // From here to the write-ahead record nothing awaits: two clerks cannot both have a refund in flight.
  // (Of a looked-up payment, the journal's recording transaction sees another clerk's record, if any.)
  const current = known ? requireAttempt(rt, referenceId) : null;
  if (current) checkBaselineStillExact(referenceId, rt.journal.refundsOf(referenceId), refundsAtRead.length);
  if (
    current &&
    (current.state !== 'final' || (current.providerStatus !== 'CAPTURED' && current.providerStatus !== 'REFUNDED'))
  ) {
    throw new PosError('order.not-captured', { details: { referenceId, providerStatus: current.providerStatus } });
  }
  // What the payment screen shows: ours from the journal, or the looked-up one as it would be recorded.
  const view = current ? requireView(rt, referenceId) : rt.journal.lookedUpDetail(lookedUp!).payment;
  const ourRefundedMinor = current ? current.refundedMinor : 0;
  // Refunds made elsewhere (merchant portal, another terminal) are in the provider's total, not in ours: what
  // is left at the provider caps what this till may refund.
  const refundedElsewhere = providerRefundedBefore > ourRefundedMinor;
  const currency = view.amount.currency;
  const refundableMinor = Math.min(
    view.refundable.amountMinor,
    Math.max(0, view.amount.amountMinor - providerRefundedBefore),
  );
  const amountMinor = request.amountMinor ?? refundableMinor;
  if (refundableMinor === 0) {
    throw new PosError('refund.exceeds-refundable', {
      notice: notice(refundedElsewhere ? 'refund.nothing-left-elsewhere' : 'refund.nothing-left'),
      details: { referenceId, refundableMinor, providerRefundedMinor: providerRefundedBefore },
    });
  }
  if (refundedElsewhere && amountMinor > refundableMinor) {
    throw new PosError('refund.exceeds-refundable', {
      notice: notice('refund.left-after-elsewhere', { left: money(refundableMinor, currency) }),
      details: {
        referenceId,
        refundableMinor,
        requestedMinor: amountMinor,
        providerRefundedMinor: providerRefundedBefore,
      },
    });
  }
  // Write-ahead, in one commit: the payment taken elsewhere (if this is its first refund here) and the refund.
  // The journal checks the amount again inside the transaction that records it (against the baseline too).
  const refund = rt.journal.atomically(() => {
    if (lookedUp) rt.journal.recordLookedUpPayment(lookedUp);
    const recorded = rt.journal.recordRefund(referenceId, {
      amountMinor,
      reason,
      providerRefundedBeforeMinor: providerRefundedBefore,
      refundCountAtBaselineRead: refundsAtRead.length,
      posId: client.posId,
      refundedBy: authority.refundedBy,
      approvedBy: authority.approvedBy,
      foundWithoutReceipt: authority.foundWithoutReceipt,
      forRegister: authority.forRegister,
    });
    recordAlso(recorded.refundId);
    return recorded;
  });
  rt.publishRefund(refund.refundId);

  const sent = rt.sending.mark(refund.refundId);
  let outcome;
  let settled;
  try {
    outcome = await sendRefund(rt, refund);
    settled = applyRefundOutcome(rt, refund, outcome);
  } finally {
    sent();
  }
  // Confirmed, it changed the order: a person's next lookup of it (Check now, the next part's baseline) is a new
  // question, paced with their other lookups as a queue of payments is (../status/status-budget.ts). Refused,
  // nothing changed, and unknown, the lookup that finds out belongs to this refund: those go at once.
  if (outcome.kind === 'accepted') rt.statusBudget.changed(referenceId);
  // Confirmed: the provider's own answer says so, and the journal already holds what it means (our total, and
  // REFUNDED in the same commit once it reaches the amount: records.ts updateRefund). The order is not read
  // again: that lookup told the person nothing new, yet they waited for it, and it took a slot of the budget
  // their next refund or Check now then waited for (a supervisor refunding back to back made two lookups per
  // refund). A refund made elsewhere meanwhile shows at the next lookup, and the next refund reads the total
  // again before it is judged. Refused: read it again (the refusal may be because the order changed), so the
  // person sees why. Unknown: the worker reconciles.
  if (settled.state === 'checking') watch(rt, referenceId).wake('refund');
  else if (settled.state === 'failed') await watch(rt, referenceId).lookNow('refund');
  if (outcome.kind === 'refused') throw outcome.error;
  return rt.journal.detailOf(referenceId)!;
}

/**
 * What a refund is judged against, read just before it is recorded. No client (no credentials): refused
 * before anything is recorded. Any terminal of the merchant may refund any of its payments, sent as this one.
 */
async function readRefundBaseline(rt: PaymentRuntime, referenceId: string) {
  const known = rt.journal.getAttempt(referenceId);
  const client = await rt.client(known?.training === true);
  // The provider's refund total just before this refund leaves: if its answer is lost, the refund is found
  // by the total growing past this baseline (refunds made elsewhere are already in it). It is exact only if
  // none of our own refunds can land while it is read: one refund in flight per order, and none recorded
  // between this read and the record below (the journal checks that again in the recording transaction).
  const refundsAtRead = known ? rt.journal.refundsOf(referenceId) : [];
  checkBaselineStillExact(referenceId, refundsAtRead);
  if (known)
    return {
      client,
      known,
      refundsAtRead,
      providerRefundedBefore: await providerRefundedNow(rt, known),
      lookedUp: null,
    };
  // Taken at another terminal: the lookup that finds it is also the baseline (no refund of ours exists yet).
  const lookedUp = await lookUpAtProvider(rt, referenceId);
  if (lookedUp.providerStatus !== 'CAPTURED' && lookedUp.providerStatus !== 'REFUNDED') {
    throw new PosError('order.not-captured', { details: { referenceId, providerStatus: lookedUp.providerStatus } });
  }
  return { client, known, refundsAtRead, providerRefundedBefore: lookedUp.providerRefundedMinor, lookedUp };
}

/**
 * The provider's refund total for this payment, read now (the same lookup the workers make). Without it a
 * lost refund answer could not be told apart from a refund made elsewhere, so the refund is not sent.
 */
async function providerRefundedNow(rt: PaymentRuntime, row: AttemptRow): Promise<number> {
  // A person (the clerk with the supervisor) waits for this answer.
  const lookup = await lookupOrder(rt, row, { lane: 'person' });
  switch (lookup.kind) {
    case 'found':
      // Kept too: the payment then shows what was refunded elsewhere even if this refund is refused.
      recordProviderRefundTotal(rt, row.referenceId, lookup.order);
      return providerRefundedMinor(lookup.order);
    case 'not-found':
      throw new PosError('order.not-refundable', {
        notice: notice('refund.payment-not-found-now'),
        retryable: true,
        details: { referenceId: row.referenceId },
      });
    case 'error':
      throw new PosError('provider.unavailable', {
        notice: notice('refund.check-failed', { reason: lookup.reason }),
        retryable: true,
        details: { referenceId: row.referenceId },
      });
  }
}
