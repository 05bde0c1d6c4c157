import type { Timers } from './options.ts';

// One worker per order that needs watching or settling: the only place that asks the provider about that
// order, so its lookups never overlap and a late answer can never overwrite a fresher one. It runs passes
// (see order-pass.ts) one after the other, sleeping between them as long as the pass asks; a webhook or a
// "check now" cuts the sleep short. When a pass says there is nothing left to do, the worker ends.

export interface PassState {
  /** Status lookups made while the order was open (drives the poll schedule). */
  polls: number;
  /** Lookups in a row that failed (drives the backoff). */
  failures: number;
  /** This pass must look the order up even if it is final (check now; after a refund or a cancel). Set by the worker. */
  refresh: boolean;
  /** Set by a pass: the next pass must look the order up too (something was just changed at the provider). */
  lookAgain: boolean;
  /** Why this pass runs early, for the event log: 'webhook', 'check', or null for a scheduled pass. */
  trigger: string | null;
}

/** A pass returns how long to sleep before the next one, or 'idle' when nothing is left to do. */
export type Pass = (state: PassState) => Promise<number | 'idle'>;

export interface OrderWorkerOptions {
  readonly pass: Pass;
  readonly timers: Timers;
  /** Delay before the first pass (0: at once). */
  readonly initialDelayMs: number;
  /** A pass threw (a journal failure, a bug): record it and say how long to wait before trying again. */
  readonly onError: (error: unknown, state: PassState) => number;
  /** Called once when the worker has ended. */
  readonly onExit: () => void;
}

interface Waiter {
  /** Passes started when the waiter arrived: any later pass answers it. */
  readonly afterPass: number;
  readonly resolve: () => void;
}

export class OrderWorker {
  readonly done: Promise<void>;
  readonly #options: OrderWorkerOptions;
  readonly #state: PassState = { polls: 0, failures: 0, refresh: false, lookAgain: false, trigger: null };
  #refreshRequested = false;
  #stopped = false;
  /** Woken while a pass was running: run another pass instead of sleeping or ending. */
  #dirty = false;
  #pendingTrigger: string | null = null;
  #cutSleep: (() => void) | null = null;
  #started = 0;
  #waiters: Waiter[] = [];

  constructor(options: OrderWorkerOptions) {
    this.#options = options;
    this.done = this.#run();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Look now (a webhook arrived, the cashier pressed "check now"). */
  wake(trigger: string): void {
    this.#dirty = true;
    this.#pendingTrigger ??= trigger;
    this.#cutSleep?.();
  }

  /** Wakes the worker and resolves once a pass that started after this call has finished. */
  lookNow(trigger = 'check'): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    const waiter = new Promise<void>((resolve) => this.#waiters.push({ afterPass: this.#started, resolve }));
    this.#refreshRequested = true;
    this.wake(trigger);
    return waiter;
  }

  stop(): void {
    this.#stopped = true;
    this.#cutSleep?.();
  }

  async #run(): Promise<void> {
    let delay = this.#options.initialDelayMs;
    try {
      for (;;) {
        if (delay > 0 && !this.#dirty) await this.#sleep(delay);
        if (this.#stopped) break;
        this.#dirty = false;
        this.#state.trigger = this.#pendingTrigger;
        this.#pendingTrigger = null;
        this.#state.refresh = this.#refreshRequested || this.#state.lookAgain;
        this.#refreshRequested = false;
        this.#state.lookAgain = false;
        const pass = ++this.#started;
        let next: number | 'idle';
        try {
          next = await this.#options.pass(this.#state);
        } catch (error) {
          next = this.#options.onError(error, this.#state);
        }
        this.#release(pass);
        if (this.#stopped) break;
        if (next === 'idle') {
          if (!this.#dirty && !this.#state.lookAgain && this.#waiters.length === 0) break;
          delay = 0;
          continue;
        }
        delay = next;
      }
    } finally {
      this.#stopped = true;
      for (const waiter of this.#waiters.splice(0)) waiter.resolve();
      this.#options.onExit();
    }
  }

  #release(pass: number): void {
    const still: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.afterPass < pass) waiter.resolve();
      else still.push(waiter);
    }
    this.#waiters = still;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = (): void => {
        this.#cutSleep = null;
        resolve();
      };
      const handle = this.#options.timers.setTimeout(finish, ms);
      this.#cutSleep = () => {
        this.#options.timers.clearTimeout(handle);
        finish();
      };
    });
  }
}
