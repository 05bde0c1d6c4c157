import { defaultMessage } from '../../../shared/errors.ts';
import { formatMoney, type CurrencyCode } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import type { Locale, Settings } from '../../../shared/settings.ts';
import type { Translate } from '../../i18n/i18n.tsx';

/** The checks a cashier should hear before anything is sent; the core checks again. */
export function validateSaleAmount(
  amountMinor: number,
  limits: Settings['amountLimits'],
  currency: CurrencyCode,
  locale: Locale,
  t: Translate,
): AppError | null {
  if (amountMinor <= 0) return { code: 'amount.invalid', message: defaultMessage('amount.invalid'), retryable: false };
  if (amountMinor < limits.minMinor) {
    return { code: 'amount.invalid', message: t('sale.belowMinimum', { amount: formatMoney({ amountMinor: limits.minMinor, currency }, locale) }), retryable: false };
  }
  if (amountMinor > limits.maxMinor) return { code: 'amount.over-limit', message: defaultMessage('amount.over-limit'), retryable: false };
  return null;
}
