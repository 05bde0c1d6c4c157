// Which payments this till has just found without their receipt (payments.find), the only owner of that memory.
// A refund of one of them is marked "found without receipt" and needs an approver (refunds.ts), whatever the
// request says: the core, not the screen, knows how the payment was found. Kept for FOUND_FOR_MS after the last
// search that showed it, long enough to pick a candidate, count the change and refund; a payment shown among the
// candidates and then refunded with its receipt in that time is treated as found without (an approver more, never
// one fewer). Lost on a restart on purpose: the search is made again in front of the customer.

export const FOUND_FOR_MS = 30 * 60_000;

export class FoundWithoutReceipt {
  readonly #until = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** The candidates a search just showed. */
  note(referenceIds: readonly string[]): void {
    const now = this.#now();
    for (const [referenceId, until] of this.#until) if (until <= now) this.#until.delete(referenceId);
    for (const referenceId of referenceIds) this.#until.set(referenceId, now + FOUND_FOR_MS);
  }

  /** Was this payment among the candidates of a search in the last FOUND_FOR_MS? */
  has(referenceId: string): boolean {
    const until = this.#until.get(referenceId);
    return until !== undefined && until > this.#now();
  }
}
