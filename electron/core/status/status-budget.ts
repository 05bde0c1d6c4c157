// The terminal's status budget (Settings → status checks per second), shared by every status lookup of this
// till, in three lanes served in order:
// - person: someone is waiting for this answer (a refund's pre-read, Check now, a payment just opened, a
//   notification about the payment on screen);
// - screen: the payment on the payment screen or the customer display, and another order a notification says
//   changed;
// - background: every other open order.
// The budget is N slots, not a token bucket: a lookup takes a slot when it leaves and gives it back one second
// after its answer came back (or it failed). However late a request reaches the provider, it arrived before
// its answer left, and the lookup that reuses its slot leaves a second after that: the provider never sees more
// than N in ANY window of one second, all lanes together. Two of the N slots (one when N is 2 or 3) are kept
// for the person lane, so a person's lookups take the next free slot instead of waiting for the window to
// empty; and while a payment is on screen, two more are kept for the screen lane. No starvation: a background
// lookup that has waited 2 s while the background got no slot at all goes ahead of the screen lane.
//
// A person doing things back to back (a supervisor clearing a queue at the refund counter: refund, Check now,
// refund …) asks for more than the budget gives: N slots a second, and every one of their lookups wants one.
// Served greedily, the first N went at once and the next waited for the window to slide, the best part of a
// second, a wait nobody at a counter accepts. So:
// - a person who asks about another order while one of their answered lookups still holds its slot is in a run
//   (the same order again is not: the payment on screen, then the notifications about it a moment later), and
//   their lookups are paced. The same order again after the till itself changed it (`changed`: a refund of it
//   confirmed) is a new question, paced like another order's: a supervisor refunding one payment part by part, with
//   Check now between, is a queue at the counter too; unpaced, their first five lookups went at once and the
//   sixth waited for the window to slide (refund p95 619 ms at 60 open orders, 271 ms for a queue of payments).
//   Their lookups are paced: one per (window + round trip) / N, the rate at which slots come back, so each waits a
//   little (at 5/s, lookups about 0.21 s apart) instead of one in N waiting a second. Lookups asked together
//   (a payment opened and a customer looked up at once) still take the reserve at once.
// - while a person holds a slot (from their lookup until a window after its answer), the background takes
//   no new one: slots it took then would be out when the person's next lookups need them. The screen lane
//   keeps its share (a customer waits there too). The background resumes a second after the person's last
//   answer; at a person's pace (seconds between lookups) it loses little.
// - for PERSON_NEARBY_MS after a person's last lookup the background keeps one slot fewer (at 5/s: two, not
//   three): a supervisor at the refund counter acts again within seconds, and a run that starts while the
//   background holds three slots has only two for its first second (measured: one refund in ten then waited
//   ~60 ms more). A till nobody is using (a restart's backlog) keeps the background's full share.
// The budget itself is the same: N slots, each free a window after its answer, whoever holds them.

import { SYSTEM_TIMERS, type Timers } from '../timers.ts';

export type Lane = 'person' | 'screen' | 'background';
export const LANES: readonly Lane[] = ['person', 'screen', 'background'];

const URGENCY: Readonly<Record<Lane, number>> = { person: 0, screen: 1, background: 2 };

/** True when `a` is served before `b`. */
export function moreUrgent(a: Lane, b: Lane): boolean {
  return URGENCY[a] < URGENCY[b];
}

/** Call when the request's answer came back, or it failed: its slot is free again one window later. */
export type ReleaseSlot = () => void;

/** One waiting request. */
export interface BudgetTicket {
  /** Resolves when the request may leave, with what to call once it is answered. */
  readonly granted: Promise<ReleaseSlot>;
  /** The lane it waits in now. */
  readonly lane: Lane;
  /** Moves it to a more urgent lane while it waits (a person pressed Check now); never to a less urgent one. */
  raise(lane: Lane): void;
  /** Gives up waiting (the service is closing): `granted` rejects, and no slot is used. */
  cancel(): void;
}

export interface StatusBudget {
  /**
   * Queue a request in a lane; `granted` resolves when it may leave. `about`: the order it looks up, when there
   * is one (a person's lookups of the order they already asked about are never paced as a run).
   */
  take(lane: Lane, about?: string): BudgetTicket;
  /** take(lane, about).granted */
  acquire(lane: Lane, about?: string): Promise<ReleaseSlot>;
  /**
   * The till itself just changed this order at the provider (a refund of it confirmed): a person's next lookup
   * of it asks a new question, and is paced as a run like a lookup of another order.
   */
  changed(about: string): void;
  /** Slots taken now: requests out, and answered ones within a window of their answer (tests, diagnostics). */
  slotsInUse(): number;
  /**
   * The till is closing: every lookup still waiting is refused (its `granted` rejects, nothing is sent), and so
   * is every later one; no timer is left to keep the process alive. A slot given out before is simply forgotten.
   */
  close(): void;
}

/** A slot whose request never reported its answer (a bug) is given back this long after it left anyway. */
export const MAX_HOLD_MS = 60_000;
/** A background lookup that has waited this long, with no background slot given meanwhile, goes before the screen lane. */
export const BACKGROUND_FLOOR_MS = 2_000;
/** The screen lane counts as busy (its reserve held back from the background) this long after its last slot. */
const SCREEN_RECENT_MS = 2_000;
/** After a person's last lookup, the background keeps one slot fewer this long (they are likely to ask again). */
export const PERSON_NEARBY_MS = 10_000;
/** Round trips remembered to estimate when a slot still out comes back (a person's pace in a run). */
const ROUND_TRIPS_KEPT = 8;

/** Slots of each window kept for the person lane, by budget size. */
export function personReserve(slots: number): number {
  return slots >= 4 ? 2 : slots >= 2 ? 1 : 0;
}

/** Slots kept for the screen lane (while it is in use) on top of the person reserve. */
export function screenReserve(slots: number): number {
  return Math.max(0, Math.min(2, slots - personReserve(slots) - 1));
}

interface Waiter {
  lane: Lane;
  readonly about: string | undefined;
  readonly since: number;
  readonly resolve: (release: ReleaseSlot) => void;
  readonly refuse: () => void;
}

/** Why a waiting lookup was not sent (the service that asked, or the whole till, is closing). */
function closingError(): Error {
  return new Error('The status lookup was not sent: the till is closing.');
}

interface Slot {
  readonly lane: Lane;
  /** Forgotten (undefined) once the till changed that order: a lookup of it after the change is another question. */
  about: string | undefined;
  readonly takenAt: number;
  /** When it is free again: one window after its answer; Infinity while the request is out. */
  freeAt: number;
}

export interface StatusBudgetOptions {
  /**
   * A getter: the budget is a setting, and a change applies from the next request on. A fractional rate
   * (below 1) becomes one request per 1/rate seconds.
   */
  readonly perSecond: number | (() => number);
  /** Monotonic milliseconds; default performance.now (a wall clock set back an hour must not hold every slot). */
  readonly now?: (() => number) | undefined;
  /** Where the budget waits for a slot to come free; default SYSTEM_TIMERS. */
  readonly timers?: Timers | undefined;
}

export function createStatusBudget(options: StatusBudgetOptions): StatusBudget {
  const budget = new SlotBudget(options);
  return {
    take: (lane, about) => budget.take(lane, about),
    acquire: (lane, about) => budget.take(lane, about).granted,
    changed: (about) => budget.changed(about),
    slotsInUse: () => budget.slotsInUse(),
    close: () => budget.close(),
  };
}

/** The budget's state and its steps, one small method each (createStatusBudget is its face). */
class SlotBudget {
  readonly #now: () => number;
  readonly #rate: () => number;
  readonly #timers: Timers;
  /** The slots in use: requests out, and answered ones within a window of their answer. */
  #slots: Slot[] = [];
  readonly #queues: Record<Lane, Waiter[]> = { person: [], screen: [], background: [] };
  #lastBackgroundAt = -Infinity;
  #lastScreenAt = -Infinity;
  #lastPersonAt = -Infinity;
  /** The latest answered lookups' round trips (slot taken → answer), newest last. */
  readonly #roundTrips: number[] = [];
  #timer: unknown = null;
  #timerAt = Infinity;
  #closed = false;

  constructor(options: StatusBudgetOptions) {
    this.#now = options.now ?? (() => performance.now());
    const { perSecond } = options;
    this.#rate = typeof perSecond === 'function' ? perSecond : () => perSecond;
    this.#timers = options.timers ?? SYSTEM_TIMERS;
  }

  #shape(): { size: number; windowMs: number } {
    const perSecond = this.#rate();
    const size = Math.max(1, Math.floor(perSecond));
    return { size, windowMs: (1_000 * size) / perSecond };
  }

  /** When the background lane's next lookup goes before the screen lane: it has been kept waiting too long. */
  #backgroundDueAt(): number {
    const head = this.#queues.background[0];
    return head === undefined ? Infinity : Math.max(head.since, this.#lastBackgroundAt) + BACKGROUND_FLOOR_MS;
  }

  /**
   * The person lane is in a run: a person asks about another order while the slot of one of their answered
   * lookups is still held (within about a window of that answer). Lookups asked together (nothing answered yet)
   * are not a run: they take the reserve at once; nor is the same order looked up again (the payment on screen,
   * then a notification about it): one customer, a few lookups, never a queue at the counter. Unless the till
   * changed that order since (`changed`): the slots of lookups before the change no longer name it.
   */
  #personInRun(about: string | undefined): boolean {
    return this.#slots.some(
      (slot) => slot.lane === 'person' && slot.freeAt !== Infinity && (about === undefined || slot.about !== about),
    );
  }

  /** When the person lane holds no slot any more (Infinity: one of its lookups is still out). */
  #personLeavesAt(): number {
    return Math.max(...this.#slots.filter((slot) => slot.lane === 'person').map(freeTimeOf));
  }

  /** The median of the latest round trips (0 before any answer). */
  #typicalRoundTrip(): number {
    const sorted = [...this.#roundTrips].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }

  /**
   * When a person's next lookup in a run may leave: the slots that come back next (a free one now, one in use
   * a window after its answer, one still out a typical round trip and a window after it left) are shared
   * evenly between their next lookups. If the k-th slot to come back does so at A, their next k lookups cannot
   * all leave before A, so they leave (A - last) / k apart; the largest of these gaps is the pace. With every
   * slot theirs, that is (window + round trip) / N; with slots the background took just before the run, the
   * wait for the last of those is spread over the lookups before it instead of falling on one.
   */
  #personPacedUntil(at: number, size: number, windowMs: number): number {
    const roundTrip = this.#typicalRoundTrip();
    const available = [
      ...Array.from({ length: Math.max(0, size - this.#slots.length) }, () => at),
      ...this.#slots.map((slot) => (slot.freeAt === Infinity ? slot.takenAt + roundTrip + windowMs : freeTimeOf(slot))),
    ].sort((a, b) => a - b);
    let until = -Infinity;
    for (const [index, availableAt] of available.slice(0, size).entries())
      until = Math.max(until, this.#lastPersonAt + (availableAt - this.#lastPersonAt) / (index + 1));
    return until;
  }

  /** How many of the window's slots a lane may fill. */
  #limitFor(lane: Lane, size: number, at: number, due: boolean, personHere: boolean): number {
    if (lane === 'person') return size;
    const forOthers = size - personReserve(size);
    if (lane === 'screen') return forOthers;
    // A person at the till (see the top of this file) holds back the background, even one that is due: they
    // are there for a few seconds; the background's floor counts again once they have gone.
    if (personHere) return 0;
    if (due) return forOthers;
    const screenBusy = this.#queues.screen.length > 0 || at - this.#lastScreenAt < SCREEN_RECENT_MS;
    const personNearby = at - this.#lastPersonAt < PERSON_NEARBY_MS;
    return Math.max(1, forOthers - (screenBusy ? screenReserve(size) : 0) - (personNearby ? 1 : 0));
  }

  /** Serves waiters while slots allow, then arms the timer for the next moment one may be served. */
  #pump(): void {
    if (this.#closed) return;
    let next = this.#serveOne();
    while (next === null) next = this.#serveOne();
    this.#arm(next.wakeAt, next.at);
  }

  /** Serves the first waiter that may take a slot now (null), or says when to look again (Infinity: never). */
  #serveOne(): { readonly wakeAt: number; readonly at: number } | null {
    const at = this.#now();
    const { size, windowMs } = this.#shape();
    this.#slots = this.#slots.filter((slot) => slot.freeAt > at && slot.takenAt + MAX_HOLD_MS > at);
    // When the slots in use come free, soonest first (Infinity: still out, its answer pumps again).
    const freeTimes = this.#slots.map(freeTimeOf).sort((a, b) => a - b);
    let wakeAt = Infinity;
    const due = at >= this.#backgroundDueAt();
    const personHere = this.#slots.some((slot) => slot.lane === 'person');
    // The moment the background becomes due reorders the lanes. Only a moment still ahead: once due, a slot
    // coming free (or a person's run ending) wakes it, not a 1 ms timer over and over while it waits.
    const dueAt = this.#queues.background.length > 0 ? this.#backgroundDueAt() : Infinity;
    if (dueAt > at) wakeAt = Math.min(wakeAt, dueAt);
    const order: readonly Lane[] = due ? ['person', 'background', 'screen'] : LANES;
    for (const lane of order) {
      const waiter = this.#queues[lane][0];
      if (!waiter) continue;
      const limit = this.#limitFor(lane, size, at, due, personHere);
      // In a run, a person's lookup also waits for its pace; the slot it will take stays free meanwhile
      // (the background takes none, the screen lane only up to its own limit, below the person's).
      const pacedUntil =
        lane === 'person' && this.#personInRun(waiter.about) ? this.#personPacedUntil(at, size, windowMs) : -Infinity;
      if (this.#slots.length < limit && at >= pacedUntil) {
        this.#grant(lane, at, windowMs);
        return null;
      }
      // Free once enough slots have come free (and its pace has come). A lane's limit is never above a more
      // urgent lane's (a due background lookup has the screen lane's), so a lane that must wait never lets a
      // less urgent one take a slot it could use sooner.
      if (limit === 0) continue;
      const slotFreeAt = this.#slots.length < limit ? at : freeTimes[this.#slots.length - limit]!;
      wakeAt = Math.min(wakeAt, Math.max(pacedUntil, slotFreeAt));
    }
    return { wakeAt: Math.min(wakeAt, this.#backgroundReturnsAt(at, personHere)), at };
  }

  /** When the background, held back by a person, may go again (Infinity: nothing of it waits). */
  #backgroundReturnsAt(at: number, personHere: boolean): number {
    if (this.#queues.background.length === 0) return Infinity;
    let wakeAt = Infinity;
    // The background, held back while a person is at the till, goes again once they have gone.
    if (personHere) wakeAt = this.#personLeavesAt();
    // …and takes its full share again once the person has been away long enough.
    const personGoneAt = this.#lastPersonAt + PERSON_NEARBY_MS;
    if (personGoneAt > at) wakeAt = Math.min(wakeAt, personGoneAt);
    return wakeAt;
  }

  /** The lane's first waiter takes a slot now; its release frees the slot a window after the answer. */
  #grant(lane: Lane, at: number, windowMs: number): void {
    const waiter = this.#queues[lane].shift()!;
    const slot: Slot = { lane, about: waiter.about, takenAt: at, freeAt: Infinity };
    this.#slots.push(slot);
    if (lane === 'background') this.#lastBackgroundAt = at;
    if (lane === 'screen') this.#lastScreenAt = at;
    if (lane === 'person') this.#lastPersonAt = at;
    let released = false;
    waiter.resolve(() => {
      if (released) return;
      released = true;
      const answeredAt = this.#now();
      this.#roundTrips.push(answeredAt - slot.takenAt);
      if (this.#roundTrips.length > ROUND_TRIPS_KEPT) this.#roundTrips.shift();
      slot.freeAt = answeredAt + windowMs;
      this.#pump();
    });
  }

  #arm(wakeAt: number, at: number): void {
    if (wakeAt === Infinity) {
      this.#disarm();
      return;
    }
    if (this.#timer !== null && this.#timerAt <= wakeAt) return;
    this.#disarm();
    this.#timerAt = wakeAt;
    this.#timer = this.#timers.setTimeout(
      () => {
        this.#timer = null;
        this.#timerAt = Infinity;
        this.#pump();
      },
      Math.max(1, Math.ceil(wakeAt - at)),
    );
  }

  #disarm(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Infinity;
  }

  take(lane: Lane, about?: string): BudgetTicket {
    let done = false;
    let waiter!: Waiter;
    const granted = new Promise<ReleaseSlot>((resolve, reject) => {
      waiter = {
        lane,
        about,
        since: this.#now(),
        resolve: (release) => {
          done = true;
          resolve(release);
        },
        refuse: () => {
          done = true;
          reject(closingError());
        },
      };
    });
    if (this.#closed) waiter.refuse();
    else this.#queues[lane].push(waiter);
    const ticket = this.#ticketOf(waiter, granted, () => done);
    this.#pump();
    return ticket;
  }

  #ticketOf(waiter: Waiter, granted: Promise<ReleaseSlot>, done: () => boolean): BudgetTicket {
    return {
      granted,
      get lane() {
        return waiter.lane;
      },
      raise: (to: Lane) => {
        if (done() || !moreUrgent(to, waiter.lane)) return;
        const from = this.#queues[waiter.lane];
        from.splice(from.indexOf(waiter), 1);
        waiter.lane = to;
        this.#queues[to].push(waiter);
        this.#pump();
      },
      cancel: () => {
        if (done()) return;
        const queue = this.#queues[waiter.lane];
        queue.splice(queue.indexOf(waiter), 1);
        waiter.refuse();
        this.#pump();
      },
    };
  }

  changed(about: string): void {
    for (const slot of this.#slots) if (slot.about === about) slot.about = undefined;
  }

  close(): void {
    this.#closed = true;
    this.#disarm();
    for (const lane of LANES) for (const waiter of this.#queues[lane].splice(0)) waiter.refuse();
    this.#slots = [];
  }

  slotsInUse(): number {
    const at = this.#now();
    return this.#slots.filter((slot) => slot.freeAt > at && slot.takenAt + MAX_HOLD_MS > at).length;
  }
}

/** When a slot in use is free again: a window after its answer, or MAX_HOLD_MS after it left at the latest. */
function freeTimeOf(slot: Slot): number {
  return Math.min(slot.freeAt, slot.takenAt + MAX_HOLD_MS);
}
