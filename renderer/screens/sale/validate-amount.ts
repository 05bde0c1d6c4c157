import { defaultMessage } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { AppError } from '../../../shared/result.ts';
import type { AmountLimits } from '../../stores/sale-limits.ts';

/**
 * The checks a cashier should hear before anything is sent; the core checks again, with the same notices, so
 * the words are the same (and in the till's language: ErrorText shows the notice, never `message`).
 */
export function validateSaleAmount(amountMinor: number, limits: AmountLimits, currency: CurrencyCode): AppError | null {
  if (amountMinor <= 0) return { code: 'amount.invalid', message: defaultMessage('amount.invalid'), retryable: false };
  if (amountMinor < limits.minMinor) {
    const min = money(limits.minMinor, currency);
    return limits.minFrom === 'provider'
      ? refusal('amount.below-provider-minimum', notice('amount.provider-minimum-learned', { min }))
      : refusal('amount.invalid', notice('amount.below-minimum', { min }));
  }
  if (amountMinor > limits.maxMinor) {
    const max = money(limits.maxMinor, currency);
    return limits.maxFrom === 'provider'
      ? refusal('amount.above-provider-maximum', notice('amount.provider-maximum-learned', { max }))
      : refusal('amount.over-limit', notice('amount.above-limit', { max }));
  }
  return null;
}

function refusal(code: AppError['code'], what: NonNullable<AppError['notice']>): AppError {
  return { code, message: defaultMessage(code), retryable: false, notice: what };
}
