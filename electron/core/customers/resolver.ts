import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { afterHoldLookupFailed, afterPass, resolveDelay, resolveStep } from './decisions.ts';
import { syncHold } from './holds.ts';
import type { CustomerAttemptRow } from './rows.ts';
import { describe, exclusive, publish, updateAttempt, type CustomerRuntime } from './runtime.ts';
import { sendCreate } from './sends.ts';
import { tokenGoneForGood, tokenOf } from './tokens.ts';

// The resolver: finds out every outcome that is not known, on a backoff, by the only safe means. A lost
// create is re-sent with the SAME idempotency key and merchantRef (the provider returns the original result)
// while the customer can still be at the counter; a lost capture or void, and a PENDING hold, are settled by
// `GET /pre-auths/{id}`. What cannot be found out stops, with the reason, and is left to the cashier.
// The rules are decisions.ts; the settle engine (../settle/) runs one worker per merchantRef, so one row's
// passes never overlap. Each pass's requests take their slots through status-slots.ts (background, or the
// person lane while a person waits for that customer), not the worker's lane.

/**
 * Resolves `merchantRef`: now (in a later turn of the timers, never inside the caller's), else after the
 * backoff for its tries so far. A resolution already under way is kept (and only hurried when asked for now),
 * so callers may ask freely.
 */
export function scheduleResolve(rt: CustomerRuntime, merchantRef: string, now = false): void {
  if (rt.closed) return;
  const running = rt.settle.running(merchantRef);
  if (running && !running.stopped) {
    if (now) running.wake('resolve');
    return;
  }
  rt.settle.watch(merchantRef, () => ({
    pass: () => resolvePass(rt, merchantRef),
    initialDelayMs: now ? 0 : resolveDelay(rt.attempts.get(merchantRef) ?? 0, rt.options.resolveDelaysMs),
    firstPassOnTimers: true,
    onError: (error) => {
      rt.options.log(`resolve ${merchantRef}: ${describe(error)}`);
      return nextDelay(rt, merchantRef);
    },
    onExit: () => undefined,
  }));
}

function nextDelay(rt: CustomerRuntime, merchantRef: string): number {
  return resolveDelay(rt.attempts.get(merchantRef) ?? 0, rt.options.resolveDelaysMs);
}

/** One pass: returns the wait before the next, or 'idle' when the row is settled, stopped or gone. */
async function resolvePass(rt: CustomerRuntime, merchantRef: string): Promise<number | 'idle'> {
  const row = rt.journal.getAttempt(merchantRef);
  if (!row || rt.closed) return 'idle';
  rt.attempts.set(merchantRef, (rt.attempts.get(merchantRef) ?? 0) + 1);
  let next: 'done' | 'stopped' | 'again';
  try {
    next = afterPass(await exclusive(rt, row.merchantUserId, () => resolveOnce(rt, merchantRef), 'background'));
  } catch (error) {
    rt.options.log(`resolve ${merchantRef}: ${describe(error)}`);
    return rt.closed ? 'idle' : nextDelay(rt, merchantRef);
  }
  if (next === 'done') rt.attempts.delete(merchantRef);
  publish(rt, row.merchantUserId);
  return next === 'again' && !rt.closed ? nextDelay(rt, merchantRef) : 'idle';
}

async function resolveOnce(rt: CustomerRuntime, merchantRef: string): Promise<CustomerAttemptRow | null> {
  const row = rt.journal.getAttempt(merchantRef);
  if (!row) return null;
  const step = resolveStep(row, rt.options.now(), rt.options.resendWindowMs);
  switch (step.kind) {
    case 'leave':
      return row;
    case 'stop-too-late':
      return updateAttempt(
        rt,
        row,
        { state: 'checking', unresolvedReason: notice('stopped.too-late', { minutes: step.minutes }) },
        notice('customer-event.stopped-too-late', { minutes: step.minutes }),
      );
    case 'resend':
      return resend(rt, row);
    case 'look-up-hold':
      return syncHoldOrStop(rt, row);
  }
}

/** Re-sends a create whose answer was lost, with its own key, unless the customer's token is gone for good. */
async function resend(rt: CustomerRuntime, row: CustomerAttemptRow): Promise<CustomerAttemptRow> {
  const customer = rt.journal.getCustomer(row.merchantUserId);
  const connection = await rt.access.connection();
  // Only a token that is gone for good stops the resolution; a passing failure (the key store busy) is
  // retried like any other, and the row keeps blocking new charges meanwhile.
  const token = customer ? await tokenOf(rt, customer, connection).catch(tokenGoneForGood) : null;
  if (token === null) {
    return updateAttempt(
      rt,
      row,
      { state: 'checking', unresolvedReason: notice('stopped.link-invalid') },
      notice('customer-event.stopped-no-token'),
    );
  }
  rt.journal.appendEvent({
    merchantUserId: row.merchantUserId,
    merchantRef: row.merchantRef,
    kind: 'request',
    notice: notice('customer-event.resent'),
  });
  // A re-send is this row's status lookup: it takes a background slot of the terminal's budget.
  return rt.slots.run(row.merchantUserId, 'background', () =>
    sendCreate(rt, row, connection.client, token, { foreground: false }),
  );
}

/** syncHold for the resolver: a hold still "not found" once the backoff has run its course stops (decisions.ts). */
async function syncHoldOrStop(rt: CustomerRuntime, row: CustomerAttemptRow): Promise<CustomerAttemptRow> {
  try {
    return await syncHold(rt, row, 'background');
  } catch (error) {
    const code = error instanceof PosError ? error.code : null;
    const tries = rt.attempts.get(row.merchantRef) ?? 0;
    if (afterHoldLookupFailed(code, tries, rt.options.resolveDelaysMs.length) === 'retry') throw error;
    return updateAttempt(
      rt,
      row,
      { unresolvedReason: notice('stopped.hold-unknown') },
      notice('customer-event.stopped-hold-unknown'),
    );
  }
}
