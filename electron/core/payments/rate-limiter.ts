// A token bucket shared by every status poll of one terminal, so a till watching several orders (or
// recovering many after a crash) never exceeds the provider's request budget for that posId.

export interface RateLimiter {
  /** Resolves when a request may be sent. */
  acquire(): Promise<void>;
}

export function createRateLimiter(options: { perSecond: number; burst?: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const capacity = Math.max(1, options.burst ?? Math.ceil(options.perSecond));
  const refillPerMs = options.perSecond / 1000;
  let tokens = capacity;
  let last = now();
  let queue: Promise<void> = Promise.resolve();

  function refill(): void {
    const at = now();
    tokens = Math.min(capacity, tokens + (at - last) * refillPerMs);
    last = at;
  }

  async function takeOne(): Promise<void> {
    for (;;) {
      refill();
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
