import type { Timers } from '../timers.ts';
import { moreUrgent, type BudgetTicket, type Lane } from '../status/status-budget.ts';

// One worker per reference (an order, a linked customer's charge or hold) whose outcome needs finding out:
// the only place that asks the provider about it, so its lookups never overlap and a late answer can never
// overwrite a fresher one. It runs passes (the user's: payments/order-pass.ts, customers/resolver.ts) one after
// the other, sleeping between them as long as the pass asks; a webhook or a "check now" cuts the sleep short.
// When a pass says there is nothing left to do, the worker ends.
//
// It also says in which lane of the status budget each pass's lookup waits: a person's trigger (check now,
// refund, cancel, just shown) puts it in the person lane, a webhook in the screen lane, otherwise the
// reference's own lane (screen while it is on a screen, else background). A lookup still waiting for its slot
// when a person asks is moved up to their lane, and its answer is theirs: it had not left when they asked.

export interface PassState {
  /** Status lookups made while the order was open (drives the poll schedule). */
  polls: number;
  /** Lookups in a row that failed (drives the backoff). */
  failures: number;
  /** This pass must look the order up even if it is final (check now; after a refund or a cancel). Set by the worker. */
  refresh: boolean;
  /** Set by a pass: the next pass must look the order up too (something was just changed at the provider). */
  lookAgain: boolean;
  /**
   * Set by a pass: the next pass's lookup decides what is in doubt (a "not found" then proves a request never
   * arrived), so it waits in the screen lane at least, ahead of the open orders' polls. Cleared by the worker.
   */
  decisive: boolean;
  /** Why this pass runs early, for the event log: 'webhook', 'check', or null for a scheduled pass. */
  trigger: string | null;
  /** The budget lane of this pass's lookup. Set by the worker. */
  lane: Lane;
  /** For the pass's lookup (status-lookup.ts options): lets the worker raise its ticket and see when it leaves. */
  readonly lookupHooks: { readonly onTicket: (ticket: BudgetTicket) => void; readonly onGranted: () => void };
}

/** The lane a trigger asks for: a person waiting, or something that changed (webhook). */
export function laneOfTrigger(trigger: string, orderOnScreen: boolean): Lane {
  // A notification about the payment on screen is what the cashier and the customer are waiting for: a person's
  // lookup. Without it, the screen's own polls (every 0.5 s, each holding a slot for a second) filled the screen
  // lane and "Paid" came up to half a second after the provider captured. A notification is signed, fresh and
  // throttled to one lookup per order and status, so it cannot crowd the person lane.
  if (trigger === 'webhook') return orderOnScreen ? 'person' : 'screen';
  return trigger === 'screen' ? 'screen' : 'person';
}

/** A pass returns how long to sleep before the next one, or 'idle' when nothing is left to do. */
export type Pass = (state: PassState) => Promise<number | 'idle'>;

export interface SettleWorkerOptions {
  readonly pass: Pass;
  readonly timers: Timers;
  /** Delay before the first pass (0: at once, in the caller's turn, unless firstPassOnTimers). */
  readonly initialDelayMs: number;
  /**
   * The first pass waits on the timers even at 0 ms: it never starts inside the caller's turn (the linked
   * customers' resolver is asked from within a cashier's request, which answers "checking" first).
   */
  readonly firstPassOnTimers?: boolean | undefined;
  /** A pass threw (a journal failure, a bug): record it and say how long to wait before trying again. */
  readonly onError: (error: unknown, state: PassState) => number;
  /** Called once when the worker has ended. */
  readonly onExit: () => void;
  /** The order's own lane now (screen while it is on a screen); default background. */
  readonly laneOf?: (() => Lane) | undefined;
}

interface Waiter {
  /** The worker's tick when the waiter arrived: a pass that started, or whose lookup left, after it answers it. */
  readonly since: number;
  readonly resolve: () => void;
}

export class SettleWorker {
  readonly done: Promise<void>;
  readonly #options: SettleWorkerOptions;
  readonly #state: PassState;
  #refreshRequested = false;
  #stopped = false;
  /** Woken while a pass was running: run another pass instead of sleeping or ending. */
  #dirty = false;
  #pendingTrigger: string | null = null;
  #cutSleep: (() => void) | null = null;
  /** Orders the worker's moments: wakes, pass starts, lookups leaving. */
  #tick = 0;
  #lastWake = 0;
  /** The most urgent lane asked for by wakes since the current pass started. */
  #askedLane: Lane | null = null;
  /** The current pass's lookup while it waits for its slot. */
  #ticket: BudgetTicket | null = null;
  /** When the current pass's lookup left (a tick), null before. */
  #lookupLeft: number | null = null;
  #waiters: Waiter[] = [];

  constructor(options: SettleWorkerOptions) {
    this.#options = options;
    this.#state = {
      polls: 0,
      failures: 0,
      refresh: false,
      lookAgain: false,
      decisive: false,
      trigger: null,
      lane: 'background',
      lookupHooks: {
        onTicket: (ticket) => {
          this.#ticket = ticket;
          if (this.#askedLane) ticket.raise(this.#askedLane);
        },
        onGranted: () => {
          this.#ticket = null;
          this.#lookupLeft = ++this.#tick;
        },
      },
    };
    this.done = this.#run();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Look now (a webhook arrived, the cashier pressed "check now"), in the lane the trigger asks for. */
  wake(trigger: string): void {
    this.#dirty = true;
    this.#pendingTrigger ??= trigger;
    this.#lastWake = ++this.#tick;
    const lane = laneOfTrigger(trigger, this.#options.laneOf?.() === 'screen');
    if (this.#askedLane === null || moreUrgent(lane, this.#askedLane)) this.#askedLane = lane;
    if (this.#ticket) {
      // The lookup has not left yet: it answers this wake, so it moves up and carries its trigger.
      this.#ticket.raise(lane);
      this.#state.trigger ??= trigger;
    }
    this.#cutSleep?.();
  }

  /**
   * Wakes the worker and resolves once a lookup that left after this call has been taken in (or a pass that
   * started after it has finished, for a pass that needed no lookup).
   */
  lookNow(trigger = 'check'): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    const waiter = new Promise<void>((resolve) => this.#waiters.push({ since: this.#tick, resolve }));
    this.#refreshRequested = true;
    this.wake(trigger);
    return waiter;
  }

  stop(): void {
    this.#stopped = true;
    // A lookup still waiting for its slot is not sent any more (and does not keep the process alive).
    this.#ticket?.cancel();
    this.#ticket = null;
    this.#cutSleep?.();
  }

  async #run(): Promise<void> {
    let delay = this.#options.initialDelayMs;
    let onTimers = this.#options.firstPassOnTimers === true;
    try {
      for (;;) {
        if ((delay > 0 || onTimers) && !this.#dirty) await this.#sleep(delay);
        onTimers = false;
        if (this.#stopped) break;
        this.#dirty = false;
        this.#state.trigger = this.#pendingTrigger;
        this.#pendingTrigger = null;
        this.#state.refresh = this.#refreshRequested || this.#state.lookAgain;
        this.#refreshRequested = false;
        this.#state.lookAgain = false;
        let lane = this.#options.laneOf?.() ?? 'background';
        for (const asked of [this.#askedLane, this.#state.decisive ? 'screen' : null] as const)
          if (asked !== null && moreUrgent(asked, lane)) lane = asked;
        this.#state.lane = lane;
        this.#state.decisive = false;
        this.#askedLane = null;
        this.#lookupLeft = null;
        const pass = ++this.#tick;
        let next: number | 'idle';
        try {
          next = await this.#options.pass(this.#state);
        } catch (error) {
          next = this.#options.onError(error, this.#state);
        }
        this.#ticket = null;
        const lookupLeft = this.#lookupLeft;
        this.#release(pass, lookupLeft);
        if (lookupLeft !== null && this.#lastWake < lookupLeft) {
          // Every wake since the pass started came before its lookup left: that answer was theirs.
          this.#dirty = false;
          this.#refreshRequested = false;
          this.#pendingTrigger = null;
          this.#askedLane = null;
        }
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

  #release(pass: number, lookupLeft: number | null): void {
    const still: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.since < pass || (lookupLeft !== null && waiter.since < lookupLeft)) waiter.resolve();
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
