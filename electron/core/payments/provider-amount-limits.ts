import type { LearnedAmountLimits } from '../../../shared/payments.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';

// The provider refuses order amounts outside each merchant's minimum and maximum ("Amount is lower than
// minimum amount." / "Amount has exceeded maximum amount.", wire-details §2.5) but publishes no way to ask for
// them. A refusal of amount X proves the limit lies below X (or above it): remember that, per merchant, and
// refuse such amounts at once, before a journal record or a round trip, with the same words the Sale screen
// says before anything is sent (app.info and the payments.amountLimitsLearned event bring it the limits). Kept
// in memory on purpose: a raised limit at the provider is picked up after a restart, and a refusal costs no money.

type LimitCode = Extract<ErrorCode, 'amount.below-provider-minimum' | 'amount.above-provider-maximum'>;

const NOTHING_LEARNED: LearnedAmountLimits = { minMinor: null, maxMinor: null };

export class ProviderAmountLimits {
  readonly #byMerchant = new Map<string, LearnedAmountLimits>();

  /** What refusals taught about this merchant (null where nothing was refused). */
  of(merchantKey: string): LearnedAmountLimits {
    return this.#byMerchant.get(merchantKey) ?? NOTHING_LEARNED;
  }

  /** Throws the provider's own refusal for an amount an earlier refusal already rules out. */
  check(merchantKey: string, amountMinor: number, currency: CurrencyCode): void {
    const { minMinor, maxMinor } = this.of(merchantKey);
    if (minMinor !== null && amountMinor < minMinor)
      throw refusal('amount.below-provider-minimum', minMinor - 1, currency);
    if (maxMinor !== null && amountMinor > maxMinor)
      throw refusal('amount.above-provider-maximum', maxMinor + 1, currency);
  }

  /** Takes note of a refusal of `amountMinor`; true when it taught something new (any other error is ignored). */
  learn(merchantKey: string, amountMinor: number, error: PosError): boolean {
    const before = this.of(merchantKey);
    let next = before;
    if (error.code === 'amount.below-provider-minimum')
      next = { ...before, minMinor: Math.max(before.minMinor ?? 1, amountMinor + 1) };
    else if (error.code === 'amount.above-provider-maximum')
      next = { ...before, maxMinor: Math.min(before.maxMinor ?? Number.MAX_SAFE_INTEGER, amountMinor - 1) };
    if (next.minMinor === before.minMinor && next.maxMinor === before.maxMinor) return false;
    this.#byMerchant.set(merchantKey, next);
    return true;
  }
}

/** The provider's refusal, said as what the till now knows: the smallest / largest amount is at least / at most. */
function refusal(code: LimitCode, refusedMinor: number, currency: CurrencyCode): PosError {
  const what =
    code === 'amount.below-provider-minimum'
      ? notice('amount.provider-minimum-learned', { min: money(refusedMinor + 1, currency) })
      : notice('amount.provider-maximum-learned', { max: money(refusedMinor - 1, currency) });
  // Proven not processed: nothing was recorded or sent.
  return new PosError(code, { notice: what, details: { refusedMinor, attempts: 0, outcomeUnknown: false } });
}
