import { PosError, type ErrorCode } from '../../../shared/errors.ts';

// The provider refuses order amounts outside each merchant's minimum and maximum ("Amount is lower than
// minimum amount." / "Amount has exceeded maximum amount.", wire-details §2.5) but publishes no way to ask for
// them. A refusal of amount X proves the limit lies below X (or above it): remember that, per merchant, and
// refuse such amounts at once, before a journal record or a round trip, with the same words. Kept in memory on
// purpose: a raised limit at the provider is picked up after a restart, and a refusal costs no money.

type LimitCode = Extract<ErrorCode, 'amount.below-provider-minimum' | 'amount.above-provider-maximum'>;

interface Learned {
  /** Smallest amount not yet proven too small (minor units). */
  minMinor: number;
  /** Largest amount not yet proven too large. */
  maxMinor: number;
}

export class ProviderAmountLimits {
  readonly #byMerchant = new Map<string, Learned>();

  /** Throws the provider's own refusal for an amount an earlier refusal already rules out. */
  check(merchantKey: string, amountMinor: number): void {
    const learned = this.#byMerchant.get(merchantKey);
    if (!learned) return;
    if (amountMinor < learned.minMinor) throw refusal('amount.below-provider-minimum', learned.minMinor - 1);
    if (amountMinor > learned.maxMinor) throw refusal('amount.above-provider-maximum', learned.maxMinor + 1);
  }

  /** Takes note of a refusal of `amountMinor`; any other error is ignored. */
  learn(merchantKey: string, amountMinor: number, error: PosError): void {
    if (error.code !== 'amount.below-provider-minimum' && error.code !== 'amount.above-provider-maximum') return;
    const learned = this.#byMerchant.get(merchantKey) ?? { minMinor: 1, maxMinor: Number.MAX_SAFE_INTEGER };
    if (error.code === 'amount.below-provider-minimum') learned.minMinor = Math.max(learned.minMinor, amountMinor + 1);
    else learned.maxMinor = Math.min(learned.maxMinor, amountMinor - 1);
    this.#byMerchant.set(merchantKey, learned);
  }
}

function refusal(code: LimitCode, refusedMinor: number): PosError {
  // Proven not processed: nothing was recorded or sent.
  return new PosError(code, { details: { refusedMinor, attempts: 0, outcomeUnknown: false } });
}
