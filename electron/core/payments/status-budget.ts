// The terminal's status budget (Settings → status checks per second), shared by every status lookup of this
// till, in three lanes served in order:
// - person: someone is waiting for this answer (a refund's pre-read, Check now, a payment just opened);
// - screen: the payment on the payment screen or the customer display, and an order a webhook says changed;
// - background: every other open order.
// The budget is a sliding window, not a token bucket: in ANY window of one second (plus a small guard, see
// below) at most N lookups leave, all lanes together. Two of every N slots (one when N is 2 or 3) are kept
// for the person lane, so a person's lookups take the next free slot instead of waiting for the window to
// empty; and while a payment is on screen, two more are kept for the screen lane. No starvation: a background
// lookup that has waited 2 s while the background got no slot at all goes ahead of the screen lane.

export type Lane = 'person' | 'screen' | 'background';
export const LANES: readonly Lane[] = ['person', 'screen', 'background'];

const URGENCY: Readonly<Record<Lane, number>> = { person: 0, screen: 1, background: 2 };

/** True when `a` is served before `b`. */
export function moreUrgent(a: Lane, b: Lane): boolean {
  return URGENCY[a] < URGENCY[b];
}

/** One waiting request. */
export interface BudgetTicket {
  /** Resolves when the request may leave. */
  readonly granted: Promise<void>;
  /** The lane it waits in now. */
  readonly lane: Lane;
  /** Moves it to a more urgent lane while it waits (a person pressed Check now); never to a less urgent one. */
  raise(lane: Lane): void;
  /** Gives up waiting (the service is closing): `granted` rejects, and no slot is used. */
  cancel(): void;
}

export interface StatusBudget {
  /** Queue a request in a lane; `granted` resolves when it may leave. */
  take(lane: Lane): BudgetTicket;
  /** take(lane).granted */
  acquire(lane: Lane): Promise<void>;
}

/**
 * The provider sees our requests a few ms after they leave, not always equally late: a slot is freed only
 * once the request N back is this much older than the window, so the provider never counts N + 1 in a second.
 */
export const WINDOW_GUARD_MS = 50;
/** A background lookup that has waited this long, with no background slot given meanwhile, goes before the screen lane. */
export const BACKGROUND_FLOOR_MS = 2_000;
/** The screen lane counts as busy (its reserve held back from the background) this long after its last slot. */
const SCREEN_RECENT_MS = 2_000;

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
  readonly since: number;
  readonly resolve: () => void;
}

/**
 * `perSecond` may be a getter: the budget is a setting, and a change applies from the next request on. A
 * fractional rate (below 1) becomes one request per 1/rate seconds.
 */
export function createStatusBudget(options: { perSecond: number | (() => number); now?: () => number }): StatusBudget {
  // Monotonic: a wall clock set back an hour must not hold every slot for an hour.
  const now = options.now ?? (() => performance.now());
  const rate = typeof options.perSecond === 'function' ? options.perSecond : () => options.perSecond as number;
  /** When each of the requests still inside the window was let go, oldest first. */
  const grants: number[] = [];
  const queues: Record<Lane, Waiter[]> = { person: [], screen: [], background: [] };
  let lastBackgroundAt = -Infinity;
  let lastScreenAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Infinity;

  function shape(): { slots: number; windowMs: number } {
    const perSecond = rate();
    const slots = Math.max(1, Math.floor(perSecond));
    return { slots, windowMs: (1_000 * slots) / perSecond + WINDOW_GUARD_MS };
  }

  /** The background lane has been kept waiting too long: its next lookup goes before the screen lane. */
  function backgroundDue(at: number): boolean {
    const head = queues.background[0];
    return head !== undefined && at - Math.max(head.since, lastBackgroundAt) >= BACKGROUND_FLOOR_MS;
  }

  /** How many of the window's slots a lane may fill. */
  function limitFor(lane: Lane, slots: number, at: number, due: boolean): number {
    if (lane === 'person') return slots;
    const forPeople = slots - personReserve(slots);
    if (lane === 'screen' || due) return forPeople;
    const screenBusy = queues.screen.length > 0 || at - lastScreenAt < SCREEN_RECENT_MS;
    return Math.max(1, forPeople - (screenBusy ? screenReserve(slots) : 0));
  }


  function pump(): void {
    for (;;) {
      const at = now();
      const { slots, windowMs } = shape();
      while (grants.length > 0 && grants[0]! <= at - windowMs) grants.shift();
      let wakeAt = Infinity;
      let served = false;
      const due = backgroundDue(at);
      if (queues.background.length > 0) wakeAt = Math.min(wakeAt, Math.max(queues.background[0]!.since, lastBackgroundAt) + BACKGROUND_FLOOR_MS);
      const order: readonly Lane[] = due ? ['person', 'background', 'screen'] : LANES;
      for (const lane of order) {
        const waiter = queues[lane][0];
        if (!waiter) continue;
        const limit = limitFor(lane, slots, at, due);
        if (grants.length < limit) {
          queues[lane].shift();
          grants.push(at);
          if (lane === 'background') lastBackgroundAt = at;
          if (lane === 'screen') lastScreenAt = at;
          waiter.resolve();
          served = true;
          break;
        }
        // Free once enough of the oldest grants have left the window.
        const mustLeave = grants.length - limit;
        wakeAt = Math.min(wakeAt, grants[mustLeave]! + windowMs);
        // A lane's limit is never above a more urgent lane's (a due background lookup has the screen
        // lane's), so a lane that must wait never lets a less urgent one take a slot it could use sooner.
      }
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

  function take(lane: Lane): BudgetTicket {
    let resolveGranted!: () => void;
    let rejectGranted!: (error: Error) => void;
    const granted = new Promise<void>((resolve, reject) => {
      resolveGranted = resolve;
      rejectGranted = reject;
    });
    let done = false;
    const waiter: Waiter = {
      lane,
      since: now(),
      resolve: () => {
        done = true;
        resolveGranted();
      },
    };
    queues[lane].push(waiter);
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
        done = true;
        const queue = queues[waiter.lane];
        queue.splice(queue.indexOf(waiter), 1);
        rejectGranted(new Error('The status lookup was not sent: the payment service is closing.'));
        pump();
      },
    };
    pump();
    return ticket;
  }

  return { take, acquire: (lane) => take(lane).granted };
}
