import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { fromMajor, toMajorString, type CurrencyCode, type Money } from '../../../shared/money.ts';

// The one place our Money (integer minor units) meets the tokenized API's amounts (JSON numbers in major
// units). Outgoing: the number is parsed from the exact decimal text and checked to print back as the same
// decimal, so what goes on the wire is 12.34, never 12.340000000000001. Incoming: the number is read by its
// decimal text (shared/money.ts fromMajor), never multiplied by 100.

/** 1234 SGD → 12.34. Throws amount.invalid for a non-positive amount or one a JSON number cannot carry exactly. */
export function toWireAmount(value: Money): number {
  if (!Number.isSafeInteger(value.amountMinor) || value.amountMinor <= 0) {
    throw new PosError('amount.invalid', { details: { attempts: 0, outcomeUnknown: false } });
  }
  const decimal = toMajorString(value);
  const wire = Number(decimal);
  // Doubles print back their shortest round-trip form: exact for every amount below 15 significant digits.
  if (fromMajor(String(wire), value.currency).amountMinor !== value.amountMinor) {
    throw new PosError('amount.invalid', {
      notice: notice('amount.too-large-to-send'),
      details: { attempts: 0, outcomeUnknown: false },
    });
  }
  return wire;
}

/** 12.34 → 1234 SGD. Throws RangeError when the number has more decimals than the currency or is not finite. */
export function fromWireAmount(value: number, currency: CurrencyCode): Money {
  return fromMajor(value, currency);
}
