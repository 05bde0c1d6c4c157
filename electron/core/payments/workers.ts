import { notice } from '../../../shared/notices.ts';
import { checkDelay } from './decisions.ts';
import { recoveryOrder } from './in-doubt-first.ts';
import { runOrderPass } from './order-pass.ts';
import { note } from './records.ts';
import type { PaymentRuntime } from './runtime.ts';
import type { SettleWorker } from '../settle/settle-worker.ts';
import type { Lane } from '../status/status-budget.ts';

// One worker per order that is open or unresolved (the settle engine runs it, ../settle/, order-pass.ts is each
// pass), started by whatever needs the order watched: a charge, a cancel, a refund, a screen, a notification,
// recovery.

/**
 * The order's worker, started if it is not running. `firstLane`: the lane of its first pass's lookup when the
 * order is on no screen (recovery raises a payment in doubt); later passes look in the order's own lane.
 */
export function watch(rt: PaymentRuntime, referenceId: string, initialDelayMs = 0, firstLane?: Lane): SettleWorker {
  return rt.settle.watch(referenceId, () => {
    let raised = firstLane;
    return {
      pass: (state) => runOrderPass(rt, referenceId, state),
      initialDelayMs,
      laneOf: () => {
        const lane = rt.onScreen.isShown(referenceId) ? 'screen' : (raised ?? 'background');
        raised = undefined;
        return lane;
      },
      onError: (error, state) => {
        state.failures += 1;
        try {
          note(rt, referenceId, {
            kind: 'error',
            notice: notice('event.worker-failed', { message: error instanceof Error ? error.message : String(error) }),
          });
        } catch {
          // The journal itself failed; the next pass tries again.
        }
        return checkDelay(state.failures, rt.options.checkDelays);
      },
      onExit: () => forgetSettled(rt, referenceId),
    };
  });
}

/** What this process remembered about sending a payment is dropped once nothing about it is open any more. */
export function forgetSettled(rt: PaymentRuntime, referenceId: string): void {
  if (rt.closing || rt.sending.has(referenceId)) return;
  try {
    const row = rt.journal.getAttempt(referenceId);
    if (!row || (row.state !== 'final' && row.state !== 'not-sent')) return;
    const settledRefunds = rt.journal
      .refundsOf(referenceId)
      .filter((refund) => refund.state === 'succeeded' || refund.state === 'failed');
    rt.remembered.forget(
      referenceId,
      settledRefunds.map((refund) => refund.refundId),
    );
    rt.onScreen.forget(referenceId);
  } catch {
    // The journal failed (this runs from a worker's exit, outside any request): keep the memory;
    // recovery needs nothing from it anyway.
  }
}

/** Every attempt, refund and cancel that is not settled is picked up again: in doubt first, then by expiry. */
export function recover(rt: PaymentRuntime): void {
  const { journal } = rt;
  const resumed = recoveryOrder(journal.listNonFinal(), journal.unsettledRefunds(), journal.unsettledCancels());
  for (const { referenceId, inDoubt } of resumed) {
    note(rt, referenceId, { kind: 'note', notice: notice('event.resumed') });
    watch(rt, referenceId, 0, inDoubt ? 'screen' : undefined);
  }
  if (resumed.length > 0) rt.context.countsChanged();
}
