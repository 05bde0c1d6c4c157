import type { AttemptMemory, LastLookup } from './runtime.ts';

// What this process remembers about the payments it sent or looked up, the only owner of these maps: lost on a
// crash on purpose (recovery works from the journal alone), and dropped once nothing about a payment is open
// any more (workers.ts forgetSettled).

export class Remembered {
  readonly #attempts = new Map<string, AttemptMemory>();
  readonly #lookups = new Map<string, LastLookup>();
  readonly #refundSentAt = new Map<string, number>();

  /** What this process knows about sending the attempt (its exact request, its resends…), if it sent it. */
  attempt(referenceId: string): AttemptMemory | undefined {
    return this.#attempts.get(referenceId);
  }

  rememberAttempt(referenceId: string, memory: AttemptMemory): void {
    this.#attempts.set(referenceId, memory);
  }

  /** The last status lookup of a payment this process looked up. */
  lastLookup(referenceId: string): LastLookup | undefined {
    return this.#lookups.get(referenceId);
  }

  noteLookup(referenceId: string, lookup: LastLookup): void {
    this.#lookups.set(referenceId, lookup);
  }

  /** When the refund's request last left (or may have left). */
  refundSentAt(refundId: string): number | undefined {
    return this.#refundSentAt.get(refundId);
  }

  noteRefundSent(refundId: string, at: number): void {
    this.#refundSentAt.set(refundId, at);
  }

  /** Drops what was remembered about a payment nothing is open about any more, and about its settled refunds. */
  forget(referenceId: string, settledRefundIds: readonly string[]): void {
    this.#attempts.delete(referenceId);
    this.#lookups.delete(referenceId);
    for (const refundId of settledRefundIds) this.#refundSentAt.delete(refundId);
  }
}
