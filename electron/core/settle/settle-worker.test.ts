import { describe, expect, it } from 'vitest';
import { SettleWorker, type Pass, type PassState } from './settle-worker.ts';
import { SYSTEM_TIMERS } from '../timers.ts';
import { createStatusBudget } from '../status/status-budget.ts';
import { sleep } from '../../testing/helpers.ts';

// The worker's mechanics, with a scripted pass: passes never overlap, a wake cuts the sleep short, "look
// now" waits for a pass that started after it was asked, and the worker ends when there is nothing to do.

function worker(pass: Pass, initialDelayMs = 0, onError: (error: unknown) => number = () => 10) {
  let exits = 0;
  const w = new SettleWorker({ pass, timers: SYSTEM_TIMERS, initialDelayMs, onError, onExit: () => (exits += 1) });
  return { w, exits: () => exits };
}

describe('settle worker', () => {
  it('runs passes one at a time, sleeping as each pass asks, and ends when a pass says idle', async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    const { w, exits } = worker(async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await sleep(5);
      running -= 1;
      passes += 1;
      return passes < 3 ? 10 : 'idle';
    });
    w.wake('webhook');
    w.wake('webhook');
    await w.done;
    expect(passes).toBe(3);
    expect(maxRunning).toBe(1);
    expect(exits()).toBe(1);
    expect(w.stopped).toBe(true);
  });

  it('a wake cuts a long sleep short and names the trigger', async () => {
    const triggers: Array<string | null> = [];
    const { w } = worker(async (state: PassState) => {
      triggers.push(state.trigger);
      return triggers.length === 1 ? 60_000 : 'idle';
    });
    await sleep(20);
    const started = Date.now();
    w.wake('webhook');
    await w.done;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(triggers).toEqual([null, 'webhook']);
  });

  it('look now resolves only after a pass that started after the call, with refresh set for it', async () => {
    const seen: Array<{ refresh: boolean; at: number }> = [];
    const { w } = worker(async (state) => {
      seen.push({ refresh: state.refresh, at: Date.now() });
      await sleep(30);
      return 60_000;
    });
    await sleep(5); // the first pass is running now
    const asked = Date.now();
    await w.lookNow('check');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at).toBeGreaterThanOrEqual(asked);
    expect(seen.map((s) => s.refresh)).toEqual([false, true]);
    w.stop();
    await w.done;
  });

  it('a pass that asks to look again gets another pass even when it says idle', async () => {
    const refreshes: boolean[] = [];
    const { w } = worker(async (state) => {
      refreshes.push(state.refresh);
      if (refreshes.length === 1) state.lookAgain = true;
      return 'idle';
    });
    await w.done;
    expect(refreshes).toEqual([false, true]);
  });

  it('a pass that throws is retried after the delay onError gives; stop ends it and releases waiters', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const { w } = worker(
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      0,
      (error) => {
        errors.push(error);
        return 5;
      },
    );
    await sleep(40);
    expect(calls).toBeGreaterThan(1);
    const waiting = w.lookNow();
    w.stop();
    await waiting;
    await w.done;
    expect(errors).toHaveLength(calls);
    expect((errors[0] as Error).message).toBe('boom 1');
  });

  it('a lookup still waiting for its slot when a person asks moves up to their lane and answers them: one lookup, not two', async () => {
    const budget = createStatusBudget({ perSecond: 2 });
    // Two lookups just answered: both slots are taken for a second.
    for (const release of await Promise.all([budget.acquire('person'), budget.acquire('person')])) release();
    const served: string[] = [];
    for (let i = 0; i < 3; i += 1)
      void budget.acquire('background').then((release) => (served.push('other order'), release()));
    const lanes: string[] = [];
    const { w } = worker(async (state) => {
      lanes.push(state.lane);
      const ticket = budget.take(state.lane);
      state.lookupHooks.onTicket(ticket);
      const release = await ticket.granted;
      state.lookupHooks.onGranted();
      served.push(`this order (${state.trigger ?? 'poll'})`);
      release();
      return 60_000;
    });
    await sleep(20); // its first pass waits for a slot, behind three other orders
    await w.lookNow('check');
    expect(lanes).toEqual(['background']);
    expect(served).toEqual(['this order (check)']);
    w.stop();
    await w.done;
  });

  it('stop gives up a lookup still waiting for its slot: the worker ends at once', async () => {
    const budget = createStatusBudget({ perSecond: 1 });
    (await budget.acquire('person'))(); // the one slot is taken for a second
    let sent = 0;
    const { w, exits } = worker(async (state) => {
      const ticket = budget.take(state.lane);
      state.lookupHooks.onTicket(ticket);
      await ticket.granted;
      sent += 1;
      return 60_000;
    });
    await sleep(20);
    w.stop();
    await w.done;
    expect(exits()).toBe(1);
    await sleep(1_200);
    expect(sent).toBe(0);
  });

  it("the lane of a pass: a person's trigger, a webhook (a person's for the payment on screen), else the order's own lane", async () => {
    const lanes: string[] = [];
    let own: 'screen' | 'background' = 'background';
    const w = new SettleWorker({
      pass: async (state) => {
        lanes.push(state.lane);
        return 60_000;
      },
      timers: SYSTEM_TIMERS,
      initialDelayMs: 0,
      onError: () => 10,
      onExit: () => undefined,
      laneOf: () => own,
    });
    await sleep(10);
    own = 'screen';
    w.wake('webhook');
    await sleep(10);
    own = 'background';
    w.wake('webhook');
    await sleep(10);
    await w.lookNow('refund');
    w.stop();
    await w.done;
    expect(lanes).toEqual(['background', 'person', 'screen', 'person']);
  });
});
