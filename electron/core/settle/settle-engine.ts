import type { Timers } from '../timers.ts';
import { SettleWorker, type SettleWorkerOptions } from './settle-worker.ts';

// The workers of one service, one per reference at most (single flight): the only owner of the map of running
// workers. A worker leaves the map when it ends; once the service closes, every worker is stopped and a worker
// asked for afterwards is born stopped (it runs no pass after its first turn and holds no timer).

/** What the user of the engine gives for one reference's worker (the engine adds the timers). */
export type SettleWork = Omit<SettleWorkerOptions, 'timers'>;

export interface SettleEngine {
  /** The reference's running worker, or a new one from `work()` (called only when none is running). */
  watch(reference: string, work: () => SettleWork): SettleWorker;
  /** The reference's running worker, if any. */
  running(reference: string): SettleWorker | undefined;
  /** Set once close() has been called. */
  readonly closed: boolean;
  /** Stops every worker (nothing new starts); resolves when all of them have ended. */
  close(): Promise<void>;
}

export function createSettleEngine(timers: Timers): SettleEngine {
  const workers = new Map<string, SettleWorker>();
  let closed = false;

  function watch(reference: string, work: () => SettleWork): SettleWorker {
    const existing = workers.get(reference);
    if (existing && !existing.stopped) return existing;
    const options = work();
    const worker: SettleWorker = new SettleWorker({
      ...options,
      timers,
      onExit: () => {
        if (workers.get(reference) === worker) workers.delete(reference);
        options.onExit();
      },
    });
    if (closed) worker.stop();
    else workers.set(reference, worker);
    return worker;
  }

  function close(): Promise<void> {
    closed = true;
    const running = [...workers.values()];
    for (const worker of running) worker.stop();
    return Promise.all(running.map((worker) => worker.done)).then(() => undefined);
  }

  return {
    watch,
    running: (reference) => workers.get(reference),
    get closed() {
      return closed;
    },
    close,
  };
}
