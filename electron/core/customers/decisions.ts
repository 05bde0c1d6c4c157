import { isStoppedReason } from '../../../shared/customers.ts';
import { isSettled } from './attempt-states.ts';
import type { CustomerAttemptRow } from './rows.ts';

// The resolver's rules, pure (resolver.ts does what they say; decisions.test.ts is their table): what to do
// with a linked customer's charge or hold whose outcome is not known, given its state, the clock and what the
// provider (or the key store) answered. Only safe means: a lost create is re-sent with the SAME key while the
// customer can still be at the counter; a lost capture or void, and a PENDING hold, are looked up.

/** What a charge or hold row holds that the rules read. */
export type ResolvableRow = Pick<CustomerAttemptRow, 'state' | 'providerStatus' | 'createdAt' | 'unresolvedReason'>;

/** The resolver's next step for a row. */
export type ResolveStep =
  /** Nothing to find out now (settled, stopped, or an open hold that is not PENDING): leave the row as it is. */
  | { readonly kind: 'leave' }
  /** A create too old to re-send: stop, and say after how many minutes. */
  | { readonly kind: 'stop-too-late'; readonly minutes: number }
  /** Re-send the create with its own key and merchantRef (once the customer's token is found). */
  | { readonly kind: 'resend' }
  /** Look the hold up: `GET /pre-auths/{id}`. */
  | { readonly kind: 'look-up-hold' };

export function resolveStep(row: ResolvableRow, now: number, resendWindowMs: number): ResolveStep {
  switch (row.state) {
    case 'sending':
    case 'checking':
      // A stopped create is never sent again by itself, not even after a restart: a stopped row no longer
      // blocks the customer, who may have paid another way since; only the cashier, with the provider, settles it.
      if (isStoppedReason(row.unresolvedReason)) return { kind: 'leave' };
      // Re-sending now could take the money long after the customer left (see DEFAULT_RESEND_WINDOW_MS in options.ts).
      if (now - row.createdAt > resendWindowMs)
        return { kind: 'stop-too-late', minutes: Math.round(resendWindowMs / 60_000) };
      return { kind: 'resend' };
    case 'capturing':
    case 'voiding':
      return { kind: 'look-up-hold' };
    case 'open':
      return row.providerStatus === 'PENDING' ? { kind: 'look-up-hold' } : { kind: 'leave' };
    default:
      return { kind: 'leave' };
  }
}

/**
 * A hold lookup failed. A hold the provider keeps answering "not found" for (the environment or merchant
 * changed under it) will not turn up by asking every minute forever: once the backoff has run its course
 * (`tries` passes, counting this one, of `delays` steps), resolution stops and the hold says why.
 */
export function afterHoldLookupFailed(
  errorCode: string | null,
  tries: number,
  delays: number,
): 'retry' | 'stop-hold-unknown' {
  return errorCode === 'preauth.not-found' && tries >= delays ? 'stop-hold-unknown' : 'retry';
}

/** After a pass: done (the row is gone or settled: its tries are forgotten), stopped (left to the cashier), or again. */
export function afterPass(row: ResolvableRow | null): 'done' | 'stopped' | 'again' {
  if (row === null || isSettled(row)) return 'done';
  return isStoppedReason(row.unresolvedReason) ? 'stopped' : 'again';
}

/** The wait before the next pass, after `tries` passes: the backoff's steps, its last one repeated. */
export function resolveDelay(tries: number, delaysMs: readonly number[]): number {
  return delaysMs[Math.min(tries, delaysMs.length - 1)]!;
}
