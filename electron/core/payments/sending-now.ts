import type { CashierCharge } from './runtime.ts';

// What this process is sending right now, the only owner of these sets: the references, refunds and cancels a
// call is sending (an order's worker leaves them alone until it hands over), and the cashier's charges on
// their way out (the till is busy for registers meanwhile: register-sales.ts). Each mark is taken just before
// its request leaves and given back in a `finally`, so nothing stays marked after its send has settled.

export class SendingNow {
  readonly #ids = new Set<string>();
  readonly #cashierCharges = new Set<CashierCharge>();

  /** A referenceId, refundId or cancelId is being sent by a call now: its worker leaves it alone. */
  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** Marks `id` as being sent; call the returned function once its send has settled. */
  mark(id: string): () => void {
    this.#ids.add(id);
    return () => this.#ids.delete(id);
  }

  /** Marks a cashier's charge as being sent; call the returned function once its answer is back. */
  markCashierCharge(charge: CashierCharge): () => void {
    this.#cashierCharges.add(charge);
    return () => this.#cashierCharges.delete(charge);
  }

  /** The cashier's charge being sent (the oldest one), if any. */
  cashierCharge(): CashierCharge | undefined {
    const [first] = this.#cashierCharges;
    return first;
  }
}
