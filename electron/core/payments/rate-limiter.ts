// A token bucket: the linked-customer service's budget for its own status polls (customers/). The in-store
// payment lookups use status-budget.ts instead (lanes, and a strict sliding second).

export interface RateLimiter {
  /** Resolves when a request may be sent. */
  acquire(): Promise<void>;
}

/** `perSecond` may be a getter: the budget is a setting, and a change applies from the next request on. */
export function createRateLimiter(options: {
  perSecond: number | (() => number);
  burst?: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const { perSecond } = options;
  const rate = typeof perSecond === 'function' ? perSecond : () => perSecond;
  const capacity = (): number => Math.max(1, options.burst ?? Math.ceil(rate()));
  let tokens = capacity();
  let last = now();
  let queue: Promise<void> = Promise.resolve();

  async function takeOne(): Promise<void> {
    for (;;) {
      const refillPerMs = rate() / 1000;
      const at = now();
      tokens = Math.min(capacity(), tokens + (at - last) * refillPerMs);
      last = at;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil((1 - tokens) / refillPerMs)));
    }
  }

  return {
    acquire() {
      // Serialise waiters so they are served in arrival order.
      const turn = queue.then(takeOne);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
