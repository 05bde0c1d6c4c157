// When to ask the provider for an order's status next. A customer usually scans and confirms within
// seconds of the QR appearing, so we ask often at first and back off the longer nothing happens; the
// per-terminal rate limiter (rate-limiter.ts) still has the last word.

export interface PollSchedule {
  /** Delay before the first status request after create/scan. */
  readonly firstDelayMs: number;
  /** [elapsed since start (ms), interval (ms)] steps, ascending by elapsed time. */
  readonly steps: readonly (readonly [number, number])[];
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  firstDelayMs: 700,
  steps: [
    [0, 1_000], // the customer is scanning / confirming
    [30_000, 2_000], // slower customer, or a PayLater approval
    [120_000, 5_000], // probably walked away; ABANDONED will come
    [600_000, 15_000],
  ],
};

export function nextPollDelay(schedule: PollSchedule, elapsedMs: number, pollsSoFar: number): number {
  if (pollsSoFar === 0) return schedule.firstDelayMs;
  let interval = schedule.steps[0]?.[1] ?? 1_000;
  for (const [from, every] of schedule.steps) if (elapsedMs >= from) interval = every;
  return interval;
}
