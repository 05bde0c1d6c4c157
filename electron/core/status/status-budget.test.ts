import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_FLOOR_MS,
  createStatusBudget,
  PERSON_NEARBY_MS,
  type Lane,
  type StatusBudget,
} from './status-budget.ts';
import type { Timers } from '../timers.ts';
import { sleep } from '../../testing/helpers.ts';

// The status budget's rules, on the real clock: lanes are served in order, the budget holds over every
// sliding second whatever the mix, a person's lookup finds a slot kept for it, a waiting lookup can be moved
// up, the background lane is never starved, and a person asking back to back is paced and not crowded out by
// the background. Figures are counts and orders, never durations (a late timer only spreads lookups further,
// so an upper bound on how many fall in a window holds however loaded the machine is).

/** A lookup answered at once: takes a slot, gives it back as soon as it has it (free again a second later). */
async function lookup(budget: StatusBudget, lane: Lane): Promise<void> {
  const release = await budget.acquire(lane);
  release();
}

/** The most grants seen in any window of `windowMs` (sliding, starting at each grant). */
function busiestWindow(stamps: readonly number[], windowMs: number): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    let j = i;
    while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('status budget', () => {
  it('serves the person lane first, then the screen lane, then the background, whatever the arrival order', async () => {
    const budget = createStatusBudget({ perSecond: 10 });
    // Fill the window: 10 person lookups take every slot.
    await Promise.all(Array.from({ length: 10 }, () => lookup(budget, 'person')));
    const served: Lane[] = [];
    const arrivals: Lane[] = ['background', 'background', 'screen', 'background', 'person', 'screen', 'person'];
    const all = arrivals.map((lane) => lookup(budget, lane).then(() => served.push(lane)));
    await Promise.all(all);
    expect(served).toEqual(['person', 'person', 'screen', 'screen', 'background', 'background', 'background']);
  });

  it('never lets more than N lookups go in any sliding second, all lanes together, and follows a changed setting', async () => {
    let perSecond = 4;
    const budget = createStatusBudget({ perSecond: () => perSecond });
    const stamps: number[] = [];
    const lanes: Lane[] = ['background', 'screen', 'person'];
    const first = Array.from({ length: 10 }, (_, i) =>
      lookup(budget, lanes[i % 3]!).then(() => stamps.push(performance.now())),
    );
    await Promise.all(first);
    expect(stamps).toHaveLength(10);
    expect(busiestWindow(stamps, 1_000)).toBeLessThanOrEqual(4);
    // Saved while it runs: two a second from the next request on.
    perSecond = 2;
    const later: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => lookup(budget, lanes[i % 3]!).then(() => later.push(performance.now()))),
    );
    expect(busiestWindow(later, 1_000)).toBeLessThanOrEqual(2);
  });

  it('holds a slot while its request is out: a slow answer delays the next lookup, so the provider never sees more', async () => {
    const budget = createStatusBudget({ perSecond: 1 });
    const release = await budget.acquire('person');
    let next = false;
    void lookup(budget, 'person').then(() => (next = true));
    await sleep(1_300); // out for longer than a second: the slot is still taken
    expect(next).toBe(false);
    release();
    await sleep(600);
    expect(next).toBe(false); // a second after the answer, not after it left
    while (!next) await sleep(50);
  });

  it('keeps slots for a person: background alone never fills the window', async () => {
    const budget = createStatusBudget({ perSecond: 5 });
    let backgroundServed = 0;
    for (let i = 0; i < 20; i += 1) void lookup(budget, 'background').then(() => (backgroundServed += 1));
    await sleep(50);
    // Three of five go to the background at once; two stay free for people.
    expect(backgroundServed).toBe(3);
    let personServed = 0;
    void lookup(budget, 'person').then(() => (personServed += 1));
    void lookup(budget, 'person').then(() => (personServed += 1));
    await sleep(0);
    await sleep(0);
    expect(personServed).toBe(2);
    expect(backgroundServed).toBe(3);
  });

  it('moves a waiting lookup up when a person asks for it, ahead of those that waited longer', async () => {
    const budget = createStatusBudget({ perSecond: 2 });
    await Promise.all([lookup(budget, 'person'), lookup(budget, 'person')]);
    const served: string[] = [];
    for (let i = 0; i < 3; i += 1) void lookup(budget, 'background').then(() => served.push(`b${i}`));
    const ticket = budget.take('background');
    void ticket.granted.then((release) => {
      served.push('raised');
      release();
    });
    ticket.raise('person');
    expect(ticket.lane).toBe('person');
    ticket.raise('background'); // never down again
    expect(ticket.lane).toBe('person');
    while (served.length < 2) await sleep(50);
    expect(served[0]).toBe('raised');
  });

  it('a cancelled wait (the service closing) rejects, takes no slot, and leaves nothing pending', async () => {
    const budget = createStatusBudget({ perSecond: 1 });
    await lookup(budget, 'person');
    const ticket = budget.take('background');
    const outcome = ticket.granted.then(
      () => 'granted',
      (error: Error) => error.message,
    );
    ticket.cancel();
    expect(await outcome).toMatch(/closing/);
    // The slot it would have taken is the next one's.
    const started = performance.now();
    await lookup(budget, 'person');
    expect(performance.now() - started).toBeGreaterThan(0);
  });

  it('does not starve the background: it gets a slot every 2 s even while the screen lane wants them all', async () => {
    const budget = createStatusBudget({ perSecond: 3 });
    let stop = false;
    let screenServed = 0;
    const screenLoop = async (): Promise<void> => {
      while (!stop) {
        await lookup(budget, 'screen');
        screenServed += 1;
      }
    };
    const loops = [screenLoop(), screenLoop(), screenLoop()];
    const background: number[] = [];
    for (let i = 0; i < 2; i += 1) void lookup(budget, 'background').then(() => background.push(screenServed));
    while (background.length < 2) await sleep(50);
    stop = true;
    await Promise.all(loops);
    // Both got through while the screen lane was taking slots all along (it was served before, between and after).
    expect(background[0]!).toBeGreaterThan(0);
    expect(background[1]!).toBeGreaterThan(background[0]!);
    expect(BACKGROUND_FLOOR_MS).toBeLessThanOrEqual(2_000);
  });

  it('paces a person asking back to back: spread over the window, never five at once and then a wait', async () => {
    const budget = createStatusBudget({ perSecond: 5 });
    const stamps: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await lookup(budget, 'person');
      stamps.push(performance.now());
    }
    expect(busiestWindow(stamps, 1_000)).toBeLessThanOrEqual(5);
    // Served greedily, the first five left within a few ms of each other and the sixth waited for the window to
    // slide; paced, about one in each fifth of it.
    expect(busiestWindow(stamps, 500)).toBeLessThanOrEqual(3);
  });

  it('while a person asks back to back the background takes no slot between their lookups, then resumes', async () => {
    const budget = createStatusBudget({ perSecond: 5 });
    const served: Lane[] = [];
    const person = (async () => {
      for (let i = 0; i < 6; i += 1) {
        await lookup(budget, 'person');
        served.push('person');
        // The background queues as soon as the person's first lookup has gone: three slots are free for it.
        if (i === 0)
          for (let j = 0; j < 4; j += 1) void lookup(budget, 'background').then(() => served.push('background'));
      }
    })();
    await person;
    while (served.length < 10) await sleep(50);
    expect(served).toEqual([...Array<Lane>(6).fill('person'), ...Array<Lane>(4).fill('background')]);
  });

  it('for a while after a person asked, the background keeps one slot fewer; then its full share again', async () => {
    let clock = 0;
    const budget = createStatusBudget({ perSecond: 5, now: () => clock });
    await lookup(budget, 'person');
    clock += 2_000; // the person's slot is free again; they are still at the counter
    let backgroundServed = 0;
    for (let i = 0; i < 6; i += 1) void lookup(budget, 'background').then(() => (backgroundServed += 1));
    await sleep(20);
    // Two of five, not three: the person's next run starts with three slots.
    expect(backgroundServed).toBe(2);
    clock += PERSON_NEARBY_MS; // nobody asked for ten seconds; the two answered lookups' slots are free too
    void lookup(budget, 'background'); // a new request pumps the queue (the timer runs on the real clock)
    await sleep(20);
    expect(backgroundServed).toBe(5);
  });

  it('paces a person asking about order after order, never the same order asked again (its notifications)', async () => {
    // The clock stands still: a paced lookup never goes, one that is not paced goes at once.
    const budget = createStatusBudget({ perSecond: 5, now: () => 0 });
    let sameOrder = 0;
    for (let i = 0; i < 4; i += 1) {
      const release = await budget.acquire('person', 'REF-SAME');
      release();
      sameOrder += 1;
    }
    expect(sameOrder).toBe(4);

    const other = createStatusBudget({ perSecond: 5, now: () => 0 });
    let orders = 0;
    const asking = (async () => {
      for (let i = 0; i < 4; i += 1) {
        const release = await other.acquire('person', `REF-${i}`);
        release();
        orders += 1;
      }
    })();
    await sleep(50);
    expect(orders).toBe(1);
    // Closing refuses the paced lookup still waiting.
    other.close();
    await expect(asking).rejects.toThrow(/the till is closing/);
  });

  it('waits for a slot on the injected timers: a held wait lets nothing through until it runs out', async () => {
    let clock = 0;
    const waits: Array<{ ms: number; run: () => void }> = [];
    const timers: Timers = {
      setTimeout: (run, ms) => waits.push({ ms, run }),
      clearTimeout: () => undefined,
    };
    const budget = createStatusBudget({ perSecond: 1, now: () => clock, timers });
    (await budget.acquire('person'))(); // the one slot is free again a second after this answer
    let served = false;
    void budget.acquire('person').then((release) => ((served = true), release()));
    expect(waits.map((wait) => wait.ms)).toEqual([1_000]);
    await sleep(20);
    expect(served).toBe(false);
    clock = 1_000;
    waits[0]!.run();
    await sleep(0);
    expect(served).toBe(true);
    budget.close();
  });

  describe('a person asking again: at once, or paced as a run', () => {
    // The decision alone, at 5/s: the clock stands still and the waits are the test's own timers, so a lookup
    // that is not paced is granted at once, and a paced one is not, with the one wait it asks for (its pace: the
    // slots coming back next shared between the next lookups, 1 000 ms / 5 with one slot held and no round trip
    // yet, 1 000 ms / 4 with two).
    const cases: ReadonlyArray<{
      readonly name: string;
      /** The person's answered lookups, each still holding its slot (all about one order, none paced). */
      readonly held: readonly string[];
      /** The order the till changed after those lookups (a refund of it confirmed). */
      readonly changed?: string;
      readonly asks: string | undefined;
      /** Paced: the wait it asks for; absent: granted at once. */
      readonly pacedMs?: number;
    }> = [
      { name: 'nothing held: their first lookup', held: [], asks: 'A' },
      { name: 'the same order again (a notification about it)', held: ['A'], asks: 'A' },
      { name: 'the same order a fourth time', held: ['A', 'A', 'A'], asks: 'A' },
      { name: 'another order (a queue of payments)', held: ['A'], asks: 'B', pacedMs: 200 },
      { name: 'no order named', held: ['A'], asks: undefined, pacedMs: 200 },
      { name: 'the same order after the till refunded part of it', held: ['A'], changed: 'A', asks: 'A', pacedMs: 200 },
      {
        name: 'the same order, each lookup before the refund',
        held: ['A', 'A'],
        changed: 'A',
        asks: 'A',
        pacedMs: 250,
      },
      { name: 'the same order after the till changed another', held: ['A'], changed: 'B', asks: 'A' },
      { name: 'a change with nothing held', held: [], changed: 'A', asks: 'A' },
    ];
    for (const { name, held, changed, asks, pacedMs } of cases) {
      it(name, async () => {
        const waits: number[] = [];
        const timers: Timers = { setTimeout: (_run, ms) => waits.push(ms), clearTimeout: () => undefined };
        const budget = createStatusBudget({ perSecond: 5, now: () => 0, timers });
        for (const about of held) (await budget.acquire('person', about))();
        if (changed !== undefined) budget.changed(changed);
        let granted = false;
        void budget.take('person', asks).granted.then(
          (release) => ((granted = true), release()),
          () => undefined,
        );
        await sleep(0);
        expect(granted).toBe(pacedMs === undefined);
        expect(waits).toEqual(pacedMs === undefined ? [] : [pacedMs]);
        budget.close();
      });
    }
  });
});
