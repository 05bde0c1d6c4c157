import { notice } from '../../../shared/notices.ts';
import { checkDelay } from './decisions.ts';
import { runOrderPass } from './order-pass.ts';
import { OrderWorker } from './order-worker.ts';
import { note } from './records.ts';
import type { PaymentRuntime } from './runtime.ts';

// One worker per order that is open or unresolved (order-worker.ts runs it, order-pass.ts is each pass), started
// by whatever needs the order watched: a charge, a cancel, a refund, a screen, a notification, recovery.

/** The order's worker, started if it is not running. */
export function watch(rt: PaymentRuntime, referenceId: string, initialDelayMs = 0): OrderWorker {
  const running = rt.workers.get(referenceId);
  if (running && !running.stopped) return running;
  const worker: OrderWorker = new OrderWorker({
    pass: (state) => runOrderPass(rt, referenceId, state),
    timers: rt.options.timers,
    initialDelayMs,
    laneOf: () => (rt.onScreen.isShown(referenceId) ? 'screen' : 'background'),
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
    onExit: () => {
      if (rt.workers.get(referenceId) === worker) rt.workers.delete(referenceId);
      forgetSettled(rt, referenceId);
    },
  });
  if (rt.closing) worker.stop();
  else rt.workers.set(referenceId, worker);
  return worker;
}

/** What this process remembered about sending a payment is dropped once nothing about it is open any more. */
export function forgetSettled(rt: PaymentRuntime, referenceId: string): void {
  if (rt.closing || rt.busy.has(referenceId)) return;
  try {
    const row = rt.journal.getAttempt(referenceId);
    if (!row || (row.state !== 'final' && row.state !== 'not-sent')) return;
    rt.attempts.delete(referenceId);
    rt.checks.delete(referenceId);
    rt.onScreen.forget(referenceId);
    for (const refund of rt.journal.refundsOf(referenceId)) {
      if (refund.state === 'succeeded' || refund.state === 'failed') rt.refundSentAt.delete(refund.refundId);
    }
  } catch {
    // The journal failed (this runs from a worker's exit, outside any request): keep the memory;
    // recovery needs nothing from it anyway.
  }
}

/** Every attempt, refund and cancel that is not settled is picked up again, oldest first. */
export function recover(rt: PaymentRuntime): void {
  const { journal } = rt;
  const referenceIds = new Set<string>();
  for (const row of journal.listNonFinal()) referenceIds.add(row.referenceId);
  for (const refund of journal.unsettledRefunds()) referenceIds.add(refund.referenceId);
  for (const cancel of journal.unsettledCancels()) referenceIds.add(cancel.referenceId);
  for (const referenceId of referenceIds) {
    note(rt, referenceId, { kind: 'note', notice: notice('event.resumed') });
    watch(rt, referenceId);
  }
  if (referenceIds.size > 0) rt.context.countsChanged();
}
