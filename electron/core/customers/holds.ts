import { randomUUID } from 'node:crypto';
import type { HoldView } from '../../../shared/customer-holds.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { isOutcomeUnknown } from '../http/failures.ts';
import type { Lane } from '../status/status-budget.ts';
import type { PaymentResult } from '../tokenized/client.ts';
import { isCaptured } from './attempt-states.ts';
import type { CustomerAttemptRow } from './rows.ts';
import {
  describe,
  exclusive,
  orderWebhookUrl,
  publish,
  reasonOf,
  updateAttempt,
  type CustomerRuntime,
} from './runtime.ts';
import { applyPreAuth } from './sends.ts';
import { checkingReason } from './unresolved-reason.ts';
import { toHoldView } from './views.ts';

// A placed hold's life after it is authorised: capture (with or without cashback) or void, each under its own
// idempotency key; a lost answer, a 409 or a capture answered REJECTED is settled by what
// `GET /pre-auths/{id}` says, never by guessing. Also the refresh of a customer's holds that can still change.

/** Who captures (already allowed, staff-rights.ts), and who approved it with their own PIN (null: the customer). */
export interface CaptureBy {
  readonly by: StaffRef | null;
  readonly approvedBy: StaffRef | null;
}

export async function capture(
  rt: CustomerRuntime,
  merchantRef: string,
  useCashback: boolean | undefined,
  people: CaptureBy,
): Promise<HoldView> {
  const hold = requireHold(rt, merchantRef);
  const row = await exclusive(rt, hold.merchantUserId, async () => {
    const current = requireHold(rt, merchantRef);
    if (current.state === 'capturing' || isCaptured(current)) return current;
    refuseUnlessAuthorized(current, 'capture');
    const { client } = await rt.access.connection();
    const opKey = randomUUID();
    // A new capture supersedes an earlier rejected one: its own answer (or the GET that resolves it) decides.
    let row = updateAttempt(
      rt,
      current,
      {
        state: 'capturing',
        opKey,
        captureFailure: null,
        unresolvedReason: null,
        // Written ahead with the capture: whatever its answer, the journal says who sent it and who approved.
        finishedBy: people.by,
        approvedBy: people.approvedBy,
        ...(useCashback === undefined ? {} : { useCashback }),
      },
      notice('customer-event.capture-sent'),
    );
    let result: PaymentResult;
    try {
      result = await rt.audit.run({ merchantUserId: row.merchantUserId, merchantRef }, () =>
        client.capturePreAuth(
          row.providerId!,
          { callbackUrl: orderWebhookUrl(rt) ?? undefined, useCashback },
          { idempotencyKey: opKey },
        ),
      );
    } catch (error) {
      return afterOperationError(rt, row, 'capture', error, current);
    }
    if (result.status !== 'APPROVED') return afterCaptureRejected(rt, row, result);
    row = updateAttempt(
      rt,
      row,
      { state: 'final', opKey: null, providerStatus: 'CAPTURE_INITIATED', orderUuid: result.orderUuid },
      notice('customer-event.captured', { order: String(result.orderUuid) }),
    );
    return row;
  });
  publish(rt, hold.merchantUserId);
  return toHoldView(row, rt.options.assumedHoldTtlMs);
}

/** `by`: who voids it, already allowed (staff-rights.ts requireVoid). */
export async function voidHold(
  rt: CustomerRuntime,
  merchantRef: string,
  reason: string,
  by: StaffRef | null,
): Promise<HoldView> {
  const hold = requireHold(rt, merchantRef);
  const row = await exclusive(rt, hold.merchantUserId, async () => {
    const current = requireHold(rt, merchantRef);
    if (current.state === 'voiding' || (current.state === 'final' && current.providerStatus === 'VOIDED'))
      return current;
    refuseUnlessAuthorized(current, 'void');
    const { client } = await rt.access.connection();
    const opKey = randomUUID();
    let row = updateAttempt(
      rt,
      current,
      { state: 'voiding', opKey, voidReason: reason, unresolvedReason: null, finishedBy: by },
      notice('customer-event.void-sent'),
    );
    try {
      await rt.audit.run({ merchantUserId: row.merchantUserId, merchantRef }, () =>
        client.voidPreAuth(row.providerId!, { reason }, { idempotencyKey: opKey }),
      );
      row = updateAttempt(
        rt,
        row,
        { state: 'final', opKey: null, providerStatus: 'VOIDED' },
        notice('customer-event.voided'),
      );
      return row;
    } catch (error) {
      return afterOperationError(rt, row, 'void', error, current);
    }
  });
  publish(rt, hold.merchantUserId);
  return toHoldView(row, rt.options.assumedHoldTtlMs);
}

/**
 * The provider answered the capture 201 REJECTED: nothing was taken (document: a rejected payment is still a
 * 201; callers must check the body). The document gives no pre-auth transition for a capture that was not
 * accepted, so the hold is never assumed captured nor gone: it is marked capture-failed with the reason,
 * left open (it blocks unlinking and is refreshed like any open hold) and its real state is asked for at
 * once with `GET /pre-auths/{id}`. Still AUTHORIZED: the cashier can release it (or try the capture again);
 * anything else the provider says is recorded, and a hold it claims captured still reads capture-failed.
 */
async function afterCaptureRejected(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  result: PaymentResult,
): Promise<CustomerAttemptRow> {
  const reason = result.failureReason ?? result.status;
  const rejected = rt.journal.atomically(() => {
    const updated = rt.journal.updateAttempt(row.merchantRef, {
      state: 'open',
      opKey: null,
      captureFailure: reason,
      unresolvedReason: null,
    });
    // The rejected capture still made an order, whose FAILED webhook must be known as this hold's.
    rt.journal.recordRejectedCapture({
      merchantRef: row.merchantRef,
      orderUuid: result.orderUuid,
      failureReason: result.failureReason,
    });
    rt.journal.appendEvent({
      merchantUserId: row.merchantUserId,
      merchantRef: row.merchantRef,
      kind: 'status',
      notice: notice('customer-event.capture-rejected', { reason }),
      data: { status: result.status, failureReason: result.failureReason, orderUuid: result.orderUuid },
    });
    return updated;
  });
  let synced: CustomerAttemptRow;
  try {
    synced = await syncHold(rt, rejected, 'person');
  } catch (error) {
    // The rejection itself is known; the hold's state is refreshed the next time the customer is opened.
    rt.options.log(`after rejected capture ${row.merchantRef}: ${describe(error)}`);
    return rejected;
  }
  if (synced.providerStatus === 'CAPTURE_INITIATED' || synced.providerStatus === 'CAPTURED') {
    rt.journal.appendEvent({
      merchantUserId: row.merchantUserId,
      merchantRef: row.merchantRef,
      kind: 'note',
      notice: notice('customer-event.capture-rejected-disagrees', { status: synced.providerStatus }),
    });
  }
  return synced;
}

/**
 * A capture or void that failed: unknown → resolve by GET; a 409 → learn the truth by GET; else back to open, with
 * the people of `before` (the hold before this request: nothing of it was done, so nobody is named for it).
 */
async function afterOperationError(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  operation: 'capture' | 'void',
  error: unknown,
  before: CustomerAttemptRow,
): Promise<CustomerAttemptRow> {
  if (isOutcomeUnknown(error) || !(error instanceof PosError)) {
    const updated = updateAttempt(
      rt,
      row,
      { unresolvedReason: checkingReason(error) },
      notice(`customer-event.${operation}-outcome-unknown`, { code: reasonOf(error) }),
    );
    rt.resolveLater(row.merchantRef, true);
    return updated;
  }
  if (error.details?.httpStatus === 409 || error.code.startsWith('preauth.')) {
    const synced = await syncHold(rt, row, 'person').catch(() => null);
    const now = synced ?? updateAttempt(rt, row, { state: 'open', opKey: null }, null);
    // Already in the state the cashier asked for (an earlier attempt got through): that is success.
    if ((operation === 'capture' && isCaptured(now)) || (operation === 'void' && now.providerStatus === 'VOIDED'))
      return now;
    throw error;
  }
  updateAttempt(
    rt,
    row,
    {
      state: 'open',
      opKey: null,
      unresolvedReason: null,
      finishedBy: before.finishedBy,
      approvedBy: before.approvedBy,
    },
    notice(`customer-event.${operation}-refused`, { code: error.code }),
  );
  throw error;
}

/**
 * `GET /pre-auths/{id}` → the row (a capture or void in flight is settled by what the provider says). A status
 * lookup: in a slot of `lane` of the terminal's budget, one try (the caller's schedule is the retry).
 */
export async function syncHold(rt: CustomerRuntime, row: CustomerAttemptRow, lane: Lane): Promise<CustomerAttemptRow> {
  const { client } = await rt.access.connection();
  const record = await rt.slots.run(row.merchantUserId, lane, () =>
    rt.audit.run({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef }, () =>
      client.getPreAuth(row.providerId!, { retry: { maxAttempts: 1 } }),
    ),
  );
  const current = rt.journal.getAttempt(row.merchantRef)!;
  if (current.state === 'capturing' && record.status === 'AUTHORIZED') {
    rt.journal.appendEvent({
      merchantUserId: row.merchantUserId,
      merchantRef: row.merchantRef,
      kind: 'note',
      notice: notice('customer-event.capture-not-sent'),
    });
  }
  if (current.state === 'voiding' && record.status === 'AUTHORIZED') {
    rt.journal.appendEvent({
      merchantUserId: row.merchantUserId,
      merchantRef: row.merchantRef,
      kind: 'note',
      notice: notice('customer-event.void-not-sent'),
    });
  }
  // A webhook may already have confirmed CAPTURED; a GET answering CAPTURE_INITIATED must not step it back.
  if (current.providerStatus === 'CAPTURED' && record.status === 'CAPTURE_INITIATED') return current;
  return applyPreAuth(rt, current, record);
}

/** Refreshes this customer's holds that can still change (open ones, captures awaiting confirmation): a person opened the customer. */
export async function refreshHolds(rt: CustomerRuntime, merchantUserId: string): Promise<void> {
  const holds = rt.journal
    .attemptsOf(merchantUserId, 'hold')
    .filter(
      (row) =>
        row.providerId !== null &&
        (row.state === 'open' || (row.state === 'final' && row.providerStatus === 'CAPTURE_INITIATED')),
    );
  if (holds.length === 0) return;
  let changed = false;
  for (const hold of holds) {
    try {
      await exclusive(rt, merchantUserId, async () => {
        const current = rt.journal.getAttempt(hold.merchantRef)!;
        if (current.state !== hold.state) return;
        const after = await syncHold(rt, current, 'person');
        changed ||= after.version !== current.version;
      });
    } catch (error) {
      rt.options.log(`refresh ${hold.merchantRef}: ${describe(error)}`);
    }
  }
  if (changed) publish(rt, merchantUserId);
}

function requireHold(rt: CustomerRuntime, merchantRef: string): CustomerAttemptRow {
  const row = rt.journal.getAttempt(merchantRef);
  if (!row || row.kind !== 'hold') throw new PosError('preauth.not-found', { notice: notice('hold.not-on-till') });
  return row;
}

function refuseUnlessAuthorized(row: CustomerAttemptRow, operation: 'capture' | 'void'): void {
  if (row.state === 'open' && row.providerStatus === 'AUTHORIZED') return;
  if (row.state === 'open' || row.state === 'sending' || row.state === 'checking')
    throw new PosError('preauth.pending');
  if (row.state === 'capturing' || isCaptured(row)) throw new PosError('preauth.already-captured');
  if (row.state === 'voiding' || row.providerStatus === 'VOIDED') throw new PosError('preauth.already-voided');
  if (row.providerStatus === 'EXPIRED') throw new PosError('preauth.expired');
  if (row.providerStatus === 'DECLINED') throw new PosError('preauth.declined');
  throw new PosError('preauth.not-found', {
    notice: notice(operation === 'capture' ? 'hold.never-placed-capture' : 'hold.never-placed-release'),
  });
}
