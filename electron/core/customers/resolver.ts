import { isStoppedReason } from '../../../shared/customers.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { isSettled } from './attempt-states.ts';
import { syncHold } from './holds.ts';
import type { CustomerAttemptRow } from './rows.ts';
import { describe, exclusive, publish, updateAttempt, type CustomerRuntime } from './runtime.ts';
import { sendCreate } from './sends.ts';
import { tokenGoneForGood, tokenOf } from './tokens.ts';

// The resolver: finds out every outcome that is not known, on a backoff, by the only safe means. A lost
// create is re-sent with the SAME idempotency key and merchantRef (the provider returns the original result)
// while the customer can still be at the counter; a lost capture or void, and a PENDING hold, are settled by
// `GET /pre-auths/{id}`. What cannot be found out stops, with the reason, and is left to the cashier.

/**
 * Resolves `merchantRef` after a wait: immediately with delayMs 0, else by the backoff for its attempt
 * count. A resolution already scheduled is kept (unless asked for now), so callers may ask freely.
 */
export function scheduleResolve(rt: CustomerRuntime, merchantRef: string, delayMs?: number): void {
  if (rt.closed) return;
  const existing = rt.timers.get(merchantRef);
  if (existing && delayMs === undefined) return;
  if (existing) rt.options.timers.clearTimeout(existing);
  const attempt = rt.attempts.get(merchantRef) ?? 0;
  // No unref: close() clears every one of these, so none outlives the service.
  const timer = rt.options.timers.setTimeout(
    () => {
      rt.timers.delete(merchantRef);
      void resolve(rt, merchantRef);
    },
    delayMs ?? rt.options.resolveDelaysMs[Math.min(attempt, rt.options.resolveDelaysMs.length - 1)]!,
  );
  rt.timers.set(merchantRef, timer);
}

async function resolve(rt: CustomerRuntime, merchantRef: string): Promise<void> {
  const row = rt.journal.getAttempt(merchantRef);
  if (!row || rt.closed) return;
  rt.attempts.set(merchantRef, (rt.attempts.get(merchantRef) ?? 0) + 1);
  try {
    const after = await exclusive(rt, row.merchantUserId, () => resolveOnce(rt, merchantRef), 'background');
    if (after === null || isSettled(after)) rt.attempts.delete(merchantRef);
    else if (!isStoppedReason(after.unresolvedReason)) scheduleResolve(rt, merchantRef);
    publish(rt, row.merchantUserId);
  } catch (error) {
    rt.options.log(`resolve ${merchantRef}: ${describe(error)}`);
    scheduleResolve(rt, merchantRef);
  }
}

async function resolveOnce(rt: CustomerRuntime, merchantRef: string): Promise<CustomerAttemptRow | null> {
  const row = rt.journal.getAttempt(merchantRef);
  if (!row) return null;
  switch (row.state) {
    case 'sending':
    case 'checking': {
      // A stopped create is never sent again by itself, not even after a restart: a stopped row no longer
      // blocks the customer, who may have paid another way since; only the cashier, with the provider, settles it.
      if (isStoppedReason(row.unresolvedReason)) return row;
      if (rt.options.now() - row.createdAt > rt.options.resendWindowMs) {
        // Re-sending now could take the money long after the customer left (see DEFAULT_RESEND_WINDOW_MS in options.ts).
        const minutes = Math.round(rt.options.resendWindowMs / 60_000);
        return updateAttempt(
          rt,
          row,
          {
            state: 'checking',
            unresolvedReason: notice('stopped.too-late', { minutes }),
          },
          notice('customer-event.stopped-too-late', { minutes }),
        );
      }
      const customer = rt.journal.getCustomer(row.merchantUserId);
      const connection = await rt.access.connection();
      // Only a token that is gone for good stops the resolution; a passing failure (the key store busy) is
      // retried like any other, and the row keeps blocking new charges meanwhile.
      const token = customer ? await tokenOf(rt, customer, connection).catch(tokenGoneForGood) : null;
      if (token === null) {
        return updateAttempt(
          rt,
          row,
          {
            state: 'checking',
            unresolvedReason: notice('stopped.link-invalid'),
          },
          notice('customer-event.stopped-no-token'),
        );
      }
      rt.journal.appendEvent({
        merchantUserId: row.merchantUserId,
        merchantRef,
        kind: 'request',
        notice: notice('customer-event.resent'),
      });
      // A re-send is this row's status lookup: it takes a background slot of the terminal's budget.
      return rt.slots.run(row.merchantUserId, 'background', () =>
        sendCreate(rt, row, connection.client, token, { foreground: false }),
      );
    }
    case 'capturing':
    case 'voiding':
      return syncHoldOrStop(rt, row);
    case 'open':
      return row.providerStatus === 'PENDING' ? syncHoldOrStop(rt, row) : row;
    default:
      return row;
  }
}

/**
 * syncHold for the resolver. A hold the provider keeps answering "not found" for (the environment or
 * merchant changed under it) will not turn up by asking every minute forever: once the backoff has run its
 * course, resolution stops and the hold says why, like a create that is too old to re-send.
 */
async function syncHoldOrStop(rt: CustomerRuntime, row: CustomerAttemptRow): Promise<CustomerAttemptRow> {
  try {
    return await syncHold(rt, row, 'background');
  } catch (error) {
    const notFound = error instanceof PosError && error.code === 'preauth.not-found';
    if (!notFound || (rt.attempts.get(row.merchantRef) ?? 0) < rt.options.resolveDelaysMs.length) throw error;
    return updateAttempt(
      rt,
      row,
      {
        unresolvedReason: notice('stopped.hold-unknown'),
      },
      notice('customer-event.stopped-hold-unknown'),
    );
  }
}
