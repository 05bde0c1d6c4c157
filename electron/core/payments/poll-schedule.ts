// When to ask the provider about an open order next. What matters is whether anyone can be acting on it now:
// - on a screen (payment screen, customer display): the customer may scan and confirm at any moment, and the
//   cashier is watching: look often (onScreenMs);
// - scanned (PENDING / PROCESSING) but on no screen: the customer is confirming in the app (actingMs);
// - otherwise the order was shown a while ago and nobody scanned it: look less and less often the longer
//   nothing happens (steps, by time since it was last shown or last changed), so an order nobody has touched
//   for minutes costs about one lookup a minute;
// and always just after its expiry and just after the till's own expiry-cancel is due, where its fate is
// decided. The terminal's status budget (../status/status-budget.ts) still has the last word.

export interface PollSchedule {
  /** Delay before the first status request after create/scan. */
  readonly firstDelayMs: number;
  /** [time since the order was last shown or changed (ms), interval (ms)] steps, ascending by that time. */
  readonly steps: readonly (readonly [number, number])[];
  /** Interval while the order is on a screen; default: as the steps say. */
  readonly onScreenMs?: number | undefined;
  /** Interval while the customer has scanned (PENDING / PROCESSING) and it is on no screen; default: as the steps say. */
  readonly actingMs?: number | undefined;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  firstDelayMs: 700,
  // With the lookup's own round trip this sees a payment within about 0.6 s of the provider taking it.
  onScreenMs: 500,
  actingMs: 1_000,
  steps: [
    [0, 2_000], // just left the screen: the customer may still be scanning what they saw
    [30_000, 5_000], // a slow customer, or a PayLater approval
    [120_000, 60_000], // nobody is going to pay this; its expiry is looked at on the dot anyway
  ],
};

/** How long after a deadline (expiry, expiry-cancel) to look, so the provider's own clock has passed it too. */
export const AFTER_DEADLINE_MS = 250;

/** The interval the steps give after `idleMs` without anything happening (the first poll: firstDelayMs). */
export function nextPollDelay(schedule: PollSchedule, idleMs: number, pollsSoFar: number): number {
  if (pollsSoFar === 0) return schedule.firstDelayMs;
  let interval = schedule.steps[0]?.[1] ?? 1_000;
  for (const [from, every] of schedule.steps) if (idleMs >= from) interval = every;
  return interval;
}

export interface OpenOrderFacts {
  readonly now: number;
  /** The last time it was shown on a screen or changed (created, scanned…). */
  readonly lastActivityAt: number;
  readonly onScreen: boolean;
  /** The customer scanned it (PENDING) or confirmed it (PROCESSING). */
  readonly customerActing: boolean;
  /** When it stops being payable, and when the till cancels it if it is still open (epoch ms), if known. */
  readonly deadlines: readonly number[];
  readonly pollsSoFar: number;
}

/** Delay before the next lookup of an open order. */
export function openOrderPollDelay(schedule: PollSchedule, facts: OpenOrderFacts): number {
  let interval = nextPollDelay(schedule, Math.max(0, facts.now - facts.lastActivityAt), facts.pollsSoFar);
  if (facts.pollsSoFar > 0 && facts.onScreen && schedule.onScreenMs !== undefined)
    interval = Math.min(interval, schedule.onScreenMs);
  else if (facts.pollsSoFar > 0 && facts.customerActing && schedule.actingMs !== undefined)
    interval = Math.min(interval, schedule.actingMs);
  for (const deadline of facts.deadlines) {
    const lookAt = deadline + AFTER_DEADLINE_MS;
    if (lookAt > facts.now) interval = Math.min(interval, lookAt - facts.now);
  }
  return Math.max(1, interval);
}
