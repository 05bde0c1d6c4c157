import { z } from 'zod';
import type { CountryCode } from './money.ts';
import { printableText } from './request-atoms.ts';

// The business behind the till, as its tax receipts must name it (Settings → Terminal): the registered name and
// address, the tax registration number (Singapore: GST registration number; Malaysia: SST registration number),
// whether the shop's prices include the tax, and its rate. Part of the settings shape (shared/settings.ts); what
// each market's receipt must then carry is shared/receipt-tax.ts.

/** The rate as a percent with at most two decimals (9, 8.25): kept exact by reading it as basis points. */
const atMostTwoDecimals = (percent: number): boolean => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6;

export const businessSettingsSchema = z
  .object({
    /** The registered business name ('' = the receipt names the shop by `merchantName`, with no tax identity). */
    name: printableText(100).trim(),
    /** The registered address, one line (a printer wraps it): printed under the name. */
    address: printableText(200).trim(),
    /** Singapore: the GST registration number; Malaysia: the SST registration number. '' = not registered. */
    taxNumber: printableText(32).trim(),
    /**
     * The shop's prices include the tax. The amount a payment takes is always what the customer pays, tax
     * included; this only says how the receipt shows it: with the tax in (the total and the tax in it) or added
     * (the total before tax, the tax, the total).
     */
    pricesIncludeTax: z.boolean(),
    /** 0–100 with at most two decimals (Singapore's GST 9, Malaysia's service tax 8 or 6). */
    taxRatePercent: z.number().min(0).max(100).refine(atMostTwoDecimals, 'at most two decimals'),
  })
  .superRefine((business, ctx) => {
    // A tax number alone is no tax receipt: the law asks for the name and address with it. Said as a text that is
    // too short, so Settings shows it as the field being required (electron/core/settings/settings-issues.ts).
    if (business.taxNumber === '') return;
    for (const field of ['name', 'address'] as const) {
      if (business[field] === '')
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: 1,
          inclusive: true,
          input: business[field],
          path: [field],
          message: 'Needed with a tax registration number',
        });
    }
  });
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = {
  name: '',
  address: '',
  taxNumber: '',
  pricesIncludeTax: true,
  taxRatePercent: 0,
};

/**
 * The rate in basis points (9 % → 900): the only form any sum uses. The setting has at most two decimals, so
 * rounding its hundredfold only undoes the binary fraction (8.25 × 100 = 824.999…).
 */
export function taxRateBasisPoints(business: Pick<BusinessSettings, 'taxRatePercent'>): number {
  return Math.round(business.taxRatePercent * 100);
}

/**
 * The tax inside a total that includes it: total × rate ÷ (100 % + rate), in integer minor units, rounded half up
 * to the nearest minor unit (IRAS and the RMCD both accept the tax rounded to the nearest cent / sen on an
 * invoice). BigInt: a large total times 10 000 stays exact.
 */
export function taxIncludedMinor(totalMinor: number, rateBasisPoints: number): number {
  if (totalMinor <= 0 || rateBasisPoints <= 0) return 0;
  const divisor = 10_000n + BigInt(rateBasisPoints);
  return Number((2n * BigInt(totalMinor) * BigInt(rateBasisPoints) + divisor) / (2n * divisor));
}

/** The rate as the receipt prints it: 9 → "9%", 8.25 → "8.25%" (from basis points, never a float's digits). */
export function ratePercentText(rateBasisPoints: number): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const hundredths = rateBasisPoints % 100;
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A business whose receipts are tax receipts: registered, with the name and address the law asks for. */
export function isTaxRegistered(business: BusinessSettings | undefined): boolean {
  return business !== undefined && business.taxNumber !== '' && business.name !== '' && business.address !== '';
}

/** The markets whose tax receipt the till knows (shared/receipt-tax.ts); others print the identity only. */
export type TaxMarket = Extract<CountryCode, 'SG' | 'MY'>;
