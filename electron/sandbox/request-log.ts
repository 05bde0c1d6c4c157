// When each provider API request arrived (GET /_sandbox/requests): benches and tests count what a till really
// sends (status lookups per second, per order) at the one place that sees every request, and on which connection.
// Bounded: the oldest entries go first, and the reply says how many went.

export interface LoggedRequest {
  /** Arrival, epoch ms (the sandbox's wall clock, before any injected latency). */
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /**
   * Which TCP connection it came on (1, 2, … in the order the sandbox first saw them): a till that keeps its
   * provider connection warm sends its creates on one it already has, never paying a new connection's set-up.
   */
  readonly connection: number;
}

export const REQUEST_LOG_LIMIT = 50_000;

export class RequestLog {
  #entries: LoggedRequest[] = [];
  #dropped = 0;
  readonly #connections = new WeakMap<object, number>();
  #lastConnection = 0;

  /** The number of the connection `socket` is (numbered when first seen). */
  connectionOf(socket: object): number {
    let number = this.#connections.get(socket);
    if (number === undefined) this.#connections.set(socket, (number = ++this.#lastConnection));
    return number;
  }

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
