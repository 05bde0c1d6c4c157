// Money is always an integer count of the currency's minor units plus the currency code.
// Floats never hold an amount: the only conversions to major units are string-based, at API edges.

export const CURRENCIES = ['SGD', 'HKD', 'AUD', 'MYR', 'THB'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export const COUNTRIES = ['SG', 'HK', 'AU', 'MY', 'TH'] as const;
export type CountryCode = (typeof COUNTRIES)[number];

/** The only country ↔ currency pairs the in-store API accepts (wire-details §2.3). */
export const CURRENCY_OF_COUNTRY: Record<CountryCode, CurrencyCode> = {
  SG: 'SGD',
  HK: 'HKD',
  AU: 'AUD',
  MY: 'MYR',
  TH: 'THB',
};

export interface Money {
  /** Integer count of minor units (1234 = S$12.34). */
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
}

/** ISO 4217 exponent: how many minor-unit digits follow the decimal point. */
const EXPONENT: Record<CurrencyCode, number> = { SGD: 2, HKD: 2, AUD: 2, MYR: 2, THB: 2 };

export function currencyExponent(currency: CurrencyCode): number {
  return EXPONENT[currency];
}

export function isCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function money(amountMinor: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money needs an integer number of minor units, got ${amountMinor}`);
  }
  return { amountMinor, currency };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new RangeError(`Cannot add ${a.currency} to ${b.currency}`);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

/** The symbol a customer at the counter expects; Intl alone gives "$" or "SGD" for SGD depending on locale. */
const COUNTER_SYMBOL: Record<CurrencyCode, string> = { SGD: 'S$', HKD: 'HK$', AUD: 'A$', MYR: 'RM', THB: '฿' };

/** Formats for people: S$12.34, HK$1,234.50. Intl gives grouping and digits; the symbol is ours. */
export function formatMoney(value: Money, locale = 'en'): string {
  const exponent = currencyExponent(value.currency);
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: value.currency,
    currencyDisplay: 'code',
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // Intl takes a decimal string exactly (no float rounding) since ES2023.
  const parts = formatter.formatToParts(toMajorString(value) as unknown as number);
  return parts
    .map((part, index) => {
      if (part.type === 'currency') return COUNTER_SYMBOL[value.currency];
      const besideCurrency = parts[index - 1]?.type === 'currency' || parts[index + 1]?.type === 'currency';
      return part.type === 'literal' && besideCurrency && part.value.trim() === '' ? '' : part.value;
    })
    .join('');
}

/** "12.34" for 1234 SGD. Exact: built from the integer's digits, never by division. */
export function toMajorString(value: Money): string {
  const exponent = currencyExponent(value.currency);
  const negative = value.amountMinor < 0;
  const digits = String(Math.abs(value.amountMinor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`;
}

/**
 * Parses a major-unit decimal (number or string, as an API sends it) into minor units without float
 * arithmetic. Rejects more fraction digits than the currency has.
 */
export function fromMajor(value: number | string, currency: CurrencyCode): Money {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const exponent = currencyExponent(currency);
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > exponent) {
    throw new RangeError(`${text} has more decimals than ${currency} allows`);
  }
  const minor = Number(`${whole}${trimmed.padEnd(exponent, '0')}`);
  return money(sign === '-' ? -minor : minor, currency);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // toString gives the shortest round-trip form ("12.34"); exponent forms only occur far outside money.
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`Amount out of range: ${text}`);
  return text;
}

/** Keypad entry "digits from the right": appending 1,2,3,4 to 0 gives 1234 (= 12.34). */
export function appendKeypadDigit(amountMinor: number, digit: number, maxMinor: number): number {
  const next = amountMinor * 10 + digit;
  return next > maxMinor ? amountMinor : next;
}

export function removeKeypadDigit(amountMinor: number): number {
  return Math.floor(amountMinor / 10);
}
