import { SYSTEM_TIMERS, type Timers } from '../timers.ts';

// Webhooks are hints to look an order up, and anyone who can reach the receiver can send hints. This keeps
// a flood for one key (an order) to at most one lookup per interval: the first hint looks now; hints arriving
// within the interval after it are folded into ONE more lookup at the interval's end (so the real
// notification that follows a forged one still gets its lookup, just not sooner than the interval), or,
// with `trailing: false` (a caller that polls anyway), dropped. A key with no hint for a whole interval is
// forgotten, so memory stays proportional to the orders hinted at lately.

/** One lookup per order per second at most: the shortest interval the status polling itself uses. */
export const DEFAULT_HINT_INTERVAL_MS = 1_000;

export interface HintThrottle {
  /**
   * Runs `look` for `key` now when no lookup of that key ran in the last interval ('now'); otherwise once at
   * the end of the interval ('later'; a later hint within it replaces this `look`).
   */
  hint(key: string, look: () => void): 'now' | 'later' | 'dropped';
  /** Cancels every pending lookup. */
  close(): void;
}

interface KeyState {
  pending: (() => void) | null;
  timer: unknown;
}

export function createHintThrottle(options: {
  readonly intervalMs: number;
  readonly trailing?: boolean;
  /** The service's own timers (../timers.ts); default the system's. */
  readonly timers?: Timers;
}): HintThrottle {
  const trailing = options.trailing ?? true;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const keys = new Map<string, KeyState>();
  let closed = false;

  function startInterval(key: string, state: Omit<KeyState, 'timer'> & { timer?: unknown }): void {
    // No unref: close() clears every one of these.
    const timer = timers.setTimeout(() => {
      const current = keys.get(key);
      if (!current) return;
      const look = current.pending;
      if (look === null || closed) {
        keys.delete(key);
        return;
      }
      current.pending = null;
      startInterval(key, current);
      look();
    }, options.intervalMs);
    keys.set(key, { pending: state.pending, timer });
  }

  return {
    hint(key, look) {
      const state = keys.get(key);
      if (state) {
        if (!trailing) return 'dropped';
        state.pending = look;
        return 'later';
      }
      if (!closed) startInterval(key, { pending: null });
      look();
      return 'now';
    },
    close() {
      closed = true;
      for (const state of keys.values()) timers.clearTimeout(state.timer);
      keys.clear();
    },
  };
}
