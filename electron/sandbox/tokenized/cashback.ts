// Cashback balances per consumer (ours: the provider's rules for earning cashback are not published). The
// sandbox knows a consumer only as (merchant channel, merchantUserId). Every consumer starts with 5.00 in the
// channel's currency, except merchantUserIds starting with "nocash" (0.00); the control API sets any balance.
// A capture or charge with useCashback (the default) spends the balance first, up to the amount.

export const DEFAULT_CASHBACK_MINOR = 500;
export const NO_CASHBACK_PREFIX = 'nocash';

export class CashbackLedger {
  readonly #balances = new Map<string, number>();

  balanceOf(merchantId: string, merchantUserId: string): number {
    const known = this.#balances.get(key(merchantId, merchantUserId));
    if (known !== undefined) return known;
    return merchantUserId.toLowerCase().startsWith(NO_CASHBACK_PREFIX) ? 0 : DEFAULT_CASHBACK_MINOR;
  }

  set(merchantId: string, merchantUserId: string, balanceMinor: number): void {
    this.#balances.set(key(merchantId, merchantUserId), balanceMinor);
  }

  /** Spends up to `amountMinor`; returns what was applied. */
  spend(merchantId: string, merchantUserId: string, amountMinor: number): number {
    const balance = this.balanceOf(merchantId, merchantUserId);
    const used = Math.min(balance, amountMinor);
    this.set(merchantId, merchantUserId, balance - used);
    return used;
  }

  clear(): void {
    this.#balances.clear();
  }
}

function key(merchantId: string, merchantUserId: string): string {
  return `${merchantId}\u0000${merchantUserId}`;
}
