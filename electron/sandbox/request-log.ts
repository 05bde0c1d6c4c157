// When each provider API request arrived (GET /_sandbox/requests): benches and tests count what a till really
// sends (status lookups per second, per order) at the one place that sees every request. Bounded: the oldest
// entries go first, and the reply says how many went.

export interface LoggedRequest {
  /** Arrival, epoch ms (the sandbox's wall clock, before any injected latency). */
  readonly at: number;
  readonly method: string;
  readonly path: string;
}

export const REQUEST_LOG_LIMIT = 50_000;

export class RequestLog {
  #entries: LoggedRequest[] = [];
  #dropped = 0;

  record(entry: LoggedRequest): void {
    this.#entries.push(entry);
    if (this.#entries.length > REQUEST_LOG_LIMIT) {
      const excess = this.#entries.length - REQUEST_LOG_LIMIT;
      this.#entries.splice(0, excess);
      this.#dropped += excess;
    }
  }

  /** Entries that arrived at or after `since` (epoch ms), oldest first. */
  since(since: number): { requests: LoggedRequest[]; dropped: number } {
    return { requests: this.#entries.filter((entry) => entry.at >= since), dropped: this.#dropped };
  }

  clear(): void {
    this.#entries = [];
    this.#dropped = 0;
  }
}
