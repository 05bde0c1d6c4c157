import { defaultMessage } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { AppError } from '../../../shared/result.ts';
import type { Settings } from '../../../shared/settings.ts';

/**
 * The checks a cashier should hear before anything is sent; the core checks again, with the same notices, so
 * the words are the same (and in the till's language: ErrorText shows the notice, never `message`).
 */
export function validateSaleAmount(
  amountMinor: number,
  limits: Settings['amountLimits'],
  currency: CurrencyCode,
): AppError | null {
  if (amountMinor <= 0) return { code: 'amount.invalid', message: defaultMessage('amount.invalid'), retryable: false };
  if (amountMinor < limits.minMinor) {
    return {
      code: 'amount.invalid',
      message: defaultMessage('amount.invalid'),
      retryable: false,
      notice: notice('amount.below-minimum', { min: money(limits.minMinor, currency) }),
    };
  }
  if (amountMinor > limits.maxMinor) {
    return {
      code: 'amount.over-limit',
      message: defaultMessage('amount.over-limit'),
      retryable: false,
      notice: notice('amount.above-limit', { max: money(limits.maxMinor, currency) }),
    };
  }
  return null;
}
