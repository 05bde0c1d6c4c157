import type { AttemptState } from '../../../shared/payments.ts';
import type { AttemptRow, CancelRow, RefundRow } from './journal/index.ts';
import type { PassState } from '../settle/settle-worker.ts';
import type { PaymentRuntime } from './runtime.ts';

// Payments in doubt come first after a restart. A payment, refund or cancel whose request may or may not have
// reached the provider (sending, checking) is money nobody can vouch for, so recovery looks those up first, in
// the screen lane, ahead of the open orders that merely wait for a customer (a crash storm can leave hundreds).
// Then the open orders by their QR's expiry, the longest expired first: those are the ones the screens would
// still call "waiting". Within a lane the status budget serves lookups in the order they ask, so the order of
// start is the order of the first lookups. Only the first lookup is raised: an in-doubt row then waiting out its
// settle time polls in its own lane, never crowding the background out of its share.

const IN_DOUBT: ReadonlySet<AttemptState | RefundRow['state'] | CancelRow['state']> = new Set(['sending', 'checking']);

export interface Resumed {
  readonly referenceId: string;
  readonly inDoubt: boolean;
}

/** What recovery resumes, in the order it resumes it. */
export function recoveryOrder(
  attempts: readonly AttemptRow[],
  refunds: readonly RefundRow[],
  cancels: readonly CancelRow[],
): Resumed[] {
  const inDoubt = new Set<string>();
  for (const row of [...attempts, ...refunds, ...cancels]) if (IN_DOUBT.has(row.state)) inDoubt.add(row.referenceId);
  const expiresAt = new Map(attempts.map((row) => [row.referenceId, row.expiresAt ?? Infinity]));
  const references = new Set([...attempts, ...refunds, ...cancels].map((row) => row.referenceId));
  // Sort is stable: within a group the journal's order (oldest first) stays.
  return [...references]
    .map((referenceId) => ({ referenceId, inDoubt: inDoubt.has(referenceId) }))
    .sort((a, b) => {
      if (a.inDoubt !== b.inDoubt) return a.inDoubt ? -1 : 1;
      const [first, second] = [expiresAt.get(a.referenceId) ?? Infinity, expiresAt.get(b.referenceId) ?? Infinity];
      return first === second ? 0 : first < second ? -1 : 1;
    });
}

/**
 * The latest a request recovered from a dead process can have left: written just before the send, retried until
 * its attempts ran out (sendWindowMs) or it died, before we started. So a crash storm's old rows are settled by
 * their first "not found", not held for the settle time again after every restart.
 */
export function latestRecoveredSend(rt: PaymentRuntime, writtenAt: number): number {
  return Math.max(writtenAt, Math.min(rt.startedAt, writtenAt + rt.options.sendWindowMs));
}

/**
 * The wait before looking again at something in doubt: its backoff, or until the moment a "not found" proves the
 * request never arrived, whichever comes first (`patient`: that moment, nothing sooner). The lookup at that moment
 * decides it, so it is raised ahead of the open orders' polls (after a crash storm hundreds fill the background).
 */
export function untilSettled(
  state: PassState,
  backoff: number,
  settleAt: number | null,
  now: number,
  patient = false,
): number {
  if (settleAt === null) return backoff;
  if (!patient && settleAt - now > backoff) return backoff;
  state.decisive = true;
  return Math.max(1, settleAt - now);
}
