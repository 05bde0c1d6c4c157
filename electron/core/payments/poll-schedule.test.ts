import { describe, expect, it } from 'vitest';
import {
  AFTER_DEADLINE_MS,
  DEFAULT_POLL_SCHEDULE,
  nextPollDelay,
  openOrderPollDelay,
  type OpenOrderFacts,
} from './poll-schedule.ts';

// When to look at an open order next (moved out of the status budget's tests when the budget left payments/).

describe('poll schedule', () => {
  const base: OpenOrderFacts = {
    now: 1_000_000,
    lastActivityAt: 1_000_000,
    onScreen: false,
    customerActing: false,
    deadlines: [],
    pollsSoFar: 3,
  };

  it('polls a background order less and less often the longer nobody has shown or changed it', () => {
    expect(nextPollDelay(DEFAULT_POLL_SCHEDULE, 0, 0)).toBe(700);
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, base)).toBe(2_000);
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...base, lastActivityAt: base.now - 45_000 })).toBe(5_000);
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...base, lastActivityAt: base.now - 10 * 60_000 })).toBe(60_000);
  });

  it('polls fast while the order is on a screen or the customer has scanned it, however old it is', () => {
    const old = { ...base, lastActivityAt: base.now - 10 * 60_000 };
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...old, onScreen: true })).toBe(500);
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...old, customerActing: true })).toBe(1_000);
  });

  it('looks just after the expiry and just after the expiry-cancel is due, even in a long sleep', () => {
    const old = { ...base, lastActivityAt: base.now - 10 * 60_000 };
    const expiry = base.now + 7_000;
    const cancelDue = expiry + 60_000;
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...old, deadlines: [expiry, cancelDue] })).toBe(
      7_000 + AFTER_DEADLINE_MS,
    );
    const afterExpiry = { ...old, now: expiry + AFTER_DEADLINE_MS, deadlines: [expiry, cancelDue] };
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, afterExpiry)).toBe(60_000);
    expect(openOrderPollDelay(DEFAULT_POLL_SCHEDULE, { ...afterExpiry, now: cancelDue - 1_000 })).toBe(
      1_000 + AFTER_DEADLINE_MS,
    );
  });
});
