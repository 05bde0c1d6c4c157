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
//   their lookups are paced: one per (window + round trip) / N, the rate at which slots come back, so each waits a
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
  readonly about: string | undefined;
  readonly takenAt: number;
  /** When it is free again: one window after its answer; Infinity while the request is out. */
  freeAt: number;
}

/**
 * `perSecond` may be a getter: the budget is a setting, and a change applies from the next request on. A
 * fractional rate (below 1) becomes one request per 1/rate seconds.
 */
export function createStatusBudget(options: { perSecond: number | (() => number); now?: () => number }): StatusBudget {
  // Monotonic: a wall clock set back an hour must not hold every slot for an hour.
  const now = options.now ?? (() => performance.now());
  const rate = typeof options.perSecond === 'function' ? options.perSecond : () => options.perSecond as number;
  /** The slots in use: requests out, and answered ones within a window of their answer. */
  let slots: Slot[] = [];
  const queues: Record<Lane, Waiter[]> = { person: [], screen: [], background: [] };
  let lastBackgroundAt = -Infinity;
  let lastScreenAt = -Infinity;
  let lastPersonAt = -Infinity;
  /** The latest answered lookups' round trips (slot taken → answer), newest last. */
  const roundTrips: number[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Infinity;
  let closed = false;

  function shape(): { size: number; windowMs: number } {
    const perSecond = rate();
    const size = Math.max(1, Math.floor(perSecond));
    return { size, windowMs: (1_000 * size) / perSecond };
  }

  /** When the background lane's next lookup goes before the screen lane: it has been kept waiting too long. */
  function backgroundDueAt(): number {
    const head = queues.background[0];
    return head === undefined ? Infinity : Math.max(head.since, lastBackgroundAt) + BACKGROUND_FLOOR_MS;
  }

  function backgroundDue(at: number): boolean {
    return at >= backgroundDueAt();
  }

  /**
   * The person lane is in a run: a person asks about another order while the slot of one of their answered
   * lookups is still held (within about a window of that answer). Lookups asked together (nothing answered yet)
   * are not a run: they take the reserve at once; nor is the same order looked up again (the payment on screen,
   * then a notification about it): one customer, a few lookups, never a queue at the counter.
   */
  function personInRun(about: string | undefined): boolean {
    return slots.some(
      (slot) => slot.lane === 'person' && slot.freeAt !== Infinity && (about === undefined || slot.about !== about),
    );
  }

  /** When the person lane holds no slot any more (Infinity: one of its lookups is still out). */
  function personLeavesAt(): number {
    return Math.max(
      ...slots
        .filter((slot) => slot.lane === 'person')
        .map((slot) => Math.min(slot.freeAt, slot.takenAt + MAX_HOLD_MS)),
    );
  }

  /** The median of the latest round trips (0 before any answer). */
  function typicalRoundTrip(): number {
    const sorted = [...roundTrips].sort((a, b) => a - b);
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
  function personPacedUntil(at: number, size: number, windowMs: number): number {
    const roundTrip = typicalRoundTrip();
    const available = [
      ...Array.from({ length: Math.max(0, size - slots.length) }, () => at),
      ...slots.map((slot) =>
        slot.freeAt === Infinity
          ? slot.takenAt + roundTrip + windowMs
          : Math.min(slot.freeAt, slot.takenAt + MAX_HOLD_MS),
      ),
    ].sort((a, b) => a - b);
    let until = -Infinity;
    for (const [index, availableAt] of available.slice(0, size).entries())
      until = Math.max(until, lastPersonAt + (availableAt - lastPersonAt) / (index + 1));
    return until;
  }

  /** How many of the window's slots a lane may fill. */
  function limitFor(lane: Lane, size: number, at: number, due: boolean, personHere: boolean): number {
    if (lane === 'person') return size;
    const forOthers = size - personReserve(size);
    if (lane === 'screen') return forOthers;
    // A person at the till (see the top of this file) holds back the background, even one that is due: they
    // are there for a few seconds; the background's floor counts again once they have gone.
    if (personHere) return 0;
    if (due) return forOthers;
    const screenBusy = queues.screen.length > 0 || at - lastScreenAt < SCREEN_RECENT_MS;
    const personNearby = at - lastPersonAt < PERSON_NEARBY_MS;
    return Math.max(1, forOthers - (screenBusy ? screenReserve(size) : 0) - (personNearby ? 1 : 0));
  }

  function pump(): void {
    if (closed) return;
    for (;;) {
      const at = now();
      const { size, windowMs } = shape();
      slots = slots.filter((slot) => slot.freeAt > at && slot.takenAt + MAX_HOLD_MS > at);
      // When the slots in use come free, soonest first (Infinity: still out, its answer pumps again).
      const freeTimes = slots.map((slot) => Math.min(slot.freeAt, slot.takenAt + MAX_HOLD_MS)).sort((a, b) => a - b);
      let wakeAt = Infinity;
      let served = false;
      const due = backgroundDue(at);
      const personHere = slots.some((slot) => slot.lane === 'person');
      // The moment the background becomes due reorders the lanes. Only a moment still ahead: once due, a slot
      // coming free (or a person's run ending) wakes it, not a 1 ms timer over and over while it waits.
      const dueAt = queues.background.length > 0 ? backgroundDueAt() : Infinity;
      if (dueAt > at) wakeAt = Math.min(wakeAt, dueAt);
      const order: readonly Lane[] = due ? ['person', 'background', 'screen'] : LANES;
      for (const lane of order) {
        const waiter = queues[lane][0];
        if (!waiter) continue;
        const limit = limitFor(lane, size, at, due, personHere);
        // In a run, a person's lookup also waits for its pace; the slot it will take stays free meanwhile
        // (the background takes none, the screen lane only up to its own limit, below the person's).
        const pacedUntil =
          lane === 'person' && personInRun(waiter.about) ? personPacedUntil(at, size, windowMs) : -Infinity;
        if (slots.length < limit && at >= pacedUntil) {
          queues[lane].shift();
          const slot: Slot = { lane, about: waiter.about, takenAt: at, freeAt: Infinity };
          slots.push(slot);
          if (lane === 'background') lastBackgroundAt = at;
          if (lane === 'screen') lastScreenAt = at;
          if (lane === 'person') lastPersonAt = at;
          let released = false;
          waiter.resolve(() => {
            if (released) return;
            released = true;
            const answeredAt = now();
            roundTrips.push(answeredAt - slot.takenAt);
            if (roundTrips.length > ROUND_TRIPS_KEPT) roundTrips.shift();
            slot.freeAt = answeredAt + windowMs;
            pump();
          });
          served = true;
          break;
        }
        // Free once enough slots have come free (and its pace has come). A lane's limit is never above a more
        // urgent lane's (a due background lookup has the screen lane's), so a lane that must wait never lets a
        // less urgent one take a slot it could use sooner.
        if (limit === 0) continue;
        const slotFreeAt = slots.length < limit ? at : freeTimes[slots.length - limit]!;
        wakeAt = Math.min(wakeAt, Math.max(pacedUntil, slotFreeAt));
      }
      // The background, held back while a person is at the till, goes again once they have gone.
      if (personHere && queues.background.length > 0) wakeAt = Math.min(wakeAt, personLeavesAt());
      // …and takes its full share again once the person has been away long enough.
      const personGoneAt = lastPersonAt + PERSON_NEARBY_MS;
      if (queues.background.length > 0 && personGoneAt > at) wakeAt = Math.min(wakeAt, personGoneAt);
      if (served) continue;
      arm(wakeAt, at);
      return;
    }
  }

  function arm(wakeAt: number, at: number): void {
    if (wakeAt === Infinity) {
      if (timer) clearTimeout(timer);
      timer = null;
      timerAt = Infinity;
      return;
    }
    if (timer && timerAt <= wakeAt) return;
    if (timer) clearTimeout(timer);
    timerAt = wakeAt;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        pump();
      },
      Math.max(1, Math.ceil(wakeAt - at)),
    );
  }

  function take(lane: Lane, about?: string): BudgetTicket {
    let resolveGranted!: (release: ReleaseSlot) => void;
    let rejectGranted!: (error: Error) => void;
    const granted = new Promise<ReleaseSlot>((resolve, reject) => {
      resolveGranted = resolve;
      rejectGranted = reject;
    });
    let done = false;
    const waiter: Waiter = {
      lane,
      about,
      since: now(),
      resolve: (release) => {
        done = true;
        resolveGranted(release);
      },
      refuse: () => {
        done = true;
        rejectGranted(closingError());
      },
    };
    if (closed) waiter.refuse();
    else queues[lane].push(waiter);
    const ticket: BudgetTicket = {
      granted,
      get lane() {
        return waiter.lane;
      },
      raise(to: Lane) {
        if (done || !moreUrgent(to, waiter.lane)) return;
        const from = queues[waiter.lane];
        from.splice(from.indexOf(waiter), 1);
        waiter.lane = to;
        queues[to].push(waiter);
        pump();
      },
      cancel() {
        if (done) return;
        const queue = queues[waiter.lane];
        queue.splice(queue.indexOf(waiter), 1);
        waiter.refuse();
        pump();
      },
    };
    pump();
    return ticket;
  }

  function close(): void {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    timerAt = Infinity;
    for (const lane of LANES) for (const waiter of queues[lane].splice(0)) waiter.refuse();
    slots = [];
  }

  function slotsInUse(): number {
    const at = now();
    return slots.filter((slot) => slot.freeAt > at && slot.takenAt + MAX_HOLD_MS > at).length;
  }

  return { take, acquire: (lane, about) => take(lane, about).granted, slotsInUse, close };
}
