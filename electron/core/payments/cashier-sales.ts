import type { CashierSale } from '../../../shared/payment-screens.ts';
import { ON_SCREEN_TTL_MS } from './on-screen.ts';

// Where the cashier's own sale stands, as the cashier's windows say (payments.cashierSale): an amount on the Sale
// screen, the Scan screen waiting for the customer's code, the cashier's payment (or its result) on the Payment
// screen. While one is under way a register's sale is refused: it would take the screen the cashier is using, and
// the code scanned a moment later would pay the register's amount under the register's reference.
//
// One mark per window, replaced as the window moves on (Sale → Payment replaces 'sale' with 'payment', never
// passing through "free"), and repeated while the sale lasts: like the on-screen marks, one not repeated for
// `ttlMs` has lapsed (a window closed or crashed mid-sale frees the till within that time).

export class CashierSales {
  readonly #now: () => number;
  readonly #ttlMs: number;
  /** window id → its sale and when the window last said so. */
  readonly #marks = new Map<string, { readonly sale: CashierSale; readonly at: number }>();

  constructor(now: () => number, ttlMs = ON_SCREEN_TTL_MS) {
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** The window's sale now, or null: it has none (any more). */
  mark(window: string, sale: CashierSale | null): void {
    const at = this.#now();
    if (sale) this.#marks.set(window, { sale, at });
    else this.#marks.delete(window);
    for (const [id, mark] of this.#marks) if (at - mark.at >= this.#ttlMs) this.#marks.delete(id);
  }

  /** A cashier's sale under way in any window (one with a payment first: the register is told its reference). */
  underWay(): CashierSale | null {
    const at = this.#now();
    let found: CashierSale | null = null;
    for (const { sale, at: markedAt } of this.#marks.values()) {
      if (at - markedAt >= this.#ttlMs) continue;
      if (sale.surface === 'payment') return sale;
      found ??= sale;
    }
    return found;
  }
}
