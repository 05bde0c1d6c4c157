import { createStatusBudget, type Lane } from '../../electron/core/status/status-budget.ts';
import type { Timers } from '../../electron/core/timers.ts';

// The lanes bench's person runs on the real status budget alone, on a virtual clock (the budget takes `now` and
// its timers injected): what the budget makes a supervisor wait, whatever else the machine is doing. On a loaded
// machine the supervisor PIN check (a slow hash by design) takes most of a second and spreads the lookups so far
// apart that the budget's window is never reached; here each step costs what it costs on a quiet machine.
// The steps follow the refund path (../../electron/core/payments/refunds.ts): the PIN check beside the pre-read
// lookup, then the refund request and its commits, the order marked changed once the refund is confirmed; Check
// now is one lookup.

/** Quiet-machine costs (the lanes bench on a quiet machine: PIN check 47–53 ms p50). */
const PIN_CHECK_MS = 50;
const COMMITS_MS = 10;
const CHECK_NOW_WORK_MS = 5;
/** Before the run, as the bench's SETTLE_BEFORE_RUN_MS: earlier slots come free. */
const SETTLE_MS = 1_500;
/** Background orders polled meanwhile: three pollers, each looking again 0.3 s after its answer. */
const BACKGROUND_POLLERS = 3;
const BACKGROUND_GAP_MS = 300;

export interface ModelFigures {
  readonly refund: number[];
  readonly checkNow: number[];
}

/** A clock that moves only when every promise has settled and the next timer is due. */
class VirtualClock {
  now = 0;
  #nextId = 0;
  #due: { at: number; id: number; run: () => void }[] = [];

  readonly timers: Timers = {
    setTimeout: (run, ms) => {
      const id = this.#nextId++;
      this.#due.push({ at: this.now + ms, id, run });
      return id;
    },
    clearTimeout: (id) => {
      this.#due = this.#due.filter((timer) => timer.id !== id);
    },
  };

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  /** Runs until `done` settles; throws if nothing is left to run before then. */
  async runUntil(done: Promise<unknown>): Promise<void> {
    let finished = false;
    void done.then(() => (finished = true));
    for (;;) {
      // Let every promise the last timer released run its course (each await is a few microtask turns).
      for (let turn = 0; turn < 20 && !finished; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      if (finished) return;
      this.#due.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.#due.shift();
      if (!next) throw new Error('the model stopped with the person still waiting');
      this.now = Math.max(this.now, next.at);
      next.run();
    }
  }
}

/**
 * Ten refunds back to back with Check now between: of ten different payments (Check now of an open order), or
 * of one payment part by part (Check now of it). `markChanged` false: as before issue 37, the refund path never
 * told the budget it changed the order.
 */
export async function modelRun(
  kind: 'queue' | 'parts',
  roundTripMs: number,
  background: boolean,
  markChanged = true,
): Promise<ModelFigures> {
  const clock = new VirtualClock();
  const budget = createStatusBudget({ perSecond: 5, now: () => clock.now, timers: clock.timers });
  const lookup = async (lane: Lane, about: string): Promise<void> => {
    const release = await budget.acquire(lane, about);
    await clock.wait(roundTripMs);
    release();
  };
  let stopped = false;
  // Left where they are when the person is done: the clock stops, and closing the budget refuses their waits.
  if (background)
    for (let poller = 0; poller < BACKGROUND_POLLERS; poller += 1)
      void (async () => {
        for (let poll = 0; !stopped; poll += 1) {
          await lookup('background', `OPEN-${poller}-${poll}`);
          await clock.wait(BACKGROUND_GAP_MS);
        }
      })().catch(() => undefined);
  const figures: ModelFigures = { refund: [], checkNow: [] };
  const person = (async () => {
    // As in the bench, the run follows the person's earlier lookups (the human-pace phase's last Check now).
    await lookup('person', 'EARLIER');
    await clock.wait(SETTLE_MS);
    for (let i = 0; i < 10; i += 1) {
      const payment = kind === 'parts' ? 'PAID' : `PAID-${i}`;
      let started = clock.now;
      await Promise.all([clock.wait(PIN_CHECK_MS), lookup('person', payment)]);
      await clock.wait(roundTripMs + COMMITS_MS);
      if (markChanged) budget.changed(payment);
      figures.refund.push(clock.now - started);
      started = clock.now;
      await lookup('person', kind === 'parts' ? payment : `OPEN-${i}`);
      await clock.wait(CHECK_NOW_WORK_MS);
      figures.checkNow.push(clock.now - started);
    }
    stopped = true;
  })();
  await clock.runUntil(person);
  budget.close();
  return figures;
}
