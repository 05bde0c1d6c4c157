import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { AttemptRow } from './journal/index.ts';
import type { Lookup } from './decisions.ts';
import { errorReason } from './error-reason.ts';
import { isTraining, type PaymentRuntime } from './runtime.ts';
import { otherTerminalError } from './sends.ts';
import type { BudgetTicket, Lane } from '../status/status-budget.ts';

// One status lookup by referenceId, as the order workers and the cashier's calls make it: through the
// terminal's status budget in the lane its caller names, one try only (the caller's schedule is the retry),
// sorted into found / not found / could not tell. Any terminal of the merchant may read any of its payments;
// only a payment this till is still sending or watching is not looked up as another terminal (after a
// settings change the till may speak for other credentials, and a "not found" there would settle it as never
// sent).
//
// The lane says who waits for the answer (../status/status-budget.ts): `{ lane: 'person' }` for anything a person is
// looking at a spinner for — a refund's pre-read, Check now, a payment typed or scanned at the refund counter
// — so it takes the next free slot ahead of every background poll.

export interface LookupOptions {
  readonly lane: Lane;
  /** Called with the ticket while it waits for its slot: an order's worker raises it when a person asks. */
  readonly onTicket?: ((ticket: BudgetTicket) => void) | undefined;
  /** Called once the slot is granted, just before the request leaves. */
  readonly onGranted?: (() => void) | undefined;
}

/** A lookup by reference alone (a payment this till may not have in its journal): the current terminal's posId. */
export async function statusLookup(rt: PaymentRuntime, referenceId: string, options: LookupOptions): Promise<Lookup> {
  return lookupAs(rt, referenceId, null, options);
}

/** A lookup of a journalled attempt; one still unsettled is refused without a request if the till now speaks as another terminal. */
export async function lookupOrder(rt: PaymentRuntime, row: AttemptRow, options: LookupOptions): Promise<Lookup> {
  const unsettled = row.state === 'sending' || row.state === 'checking' || row.state === 'active';
  return lookupAs(rt, row.referenceId, unsettled ? row.posId : null, options);
}

async function lookupAs(
  rt: PaymentRuntime,
  referenceId: string,
  posId: string | null,
  options: LookupOptions,
): Promise<Lookup> {
  // No client (no credentials) or another terminal's payment: answered at once, without using the budget.
  let client;
  try {
    client = await rt.client(isTraining(rt, referenceId));
  } catch (error) {
    return failed(error);
  }
  if (posId !== null && client.posId !== posId)
    return { kind: 'error', reason: errorReason(otherTerminalError(posId, client.posId)) };
  const ticket = rt.statusBudget.take(options.lane, referenceId);
  options.onTicket?.(ticket);
  const release = await ticket.granted;
  options.onGranted?.();
  let lookup: Lookup;
  try {
    lookup = { kind: 'found', order: await client.getOrder(referenceId, { retry: { maxAttempts: 1 } }) };
  } catch (error) {
    lookup = failed(error);
  } finally {
    release();
  }
  rt.noteChecked(referenceId, lookup.kind !== 'error');
  return lookup;
}

function failed(error: unknown): Lookup {
  if (error instanceof PosError && error.code === 'order.not-found') return { kind: 'not-found' };
  return { kind: 'error', reason: error instanceof PosError ? errorReason(error) : notice('payments.lookup-failed') };
}
