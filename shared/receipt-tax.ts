import {
  isTaxRegistered,
  ratePercentText,
  taxIncludedMinor,
  taxRateBasisPoints,
  type BusinessSettings,
  type TaxMarket,
} from './business.ts';
import { LANGUAGES } from './locales/index.ts';
import { formatMoney, money, type CountryCode, type Money } from './money.ts';
import type { SaleLine } from './sale-lines.ts';
import type { Locale } from './settings.ts';

// What makes a receipt a tax receipt, by market, and the register's lines on it (shared/receipt.ts lays out the
// rest). Pure, like the receipt itself.
//
// Singapore (GST): a simplified tax invoice for a sale of S$1,000 or less, GST included — the supplier's name,
// address and GST registration number, an identifying number (our reference), the date, a description of what
// was sold (the register's lines when it sends them), the total payable including GST and the words "Price
// Payable includes GST". Source: GST (General) Regulations reg. 13, https://laws.sg/legislation/sub-leg-1993-gsta-rg1/reg-13,
// and IRAS, "Invoicing customers",
// https://www.iras.gov.sg/IRASHome/GST/GST-registered-businesses/Learning-the-basics/How-to-implement-GST/Displaying-and-Quoting-Prices/Invoicing-Customers/.
// Above S$1,000 only a full tax invoice (the customer's name and address…) will do: the receipt says the shop
// issues one.
//
// Malaysia (SST): the registered person's name, address and SST registration number, a serial number (our
// reference), the date, a description, the rate and the amount of the tax, and the total including it. Sources:
// Service Tax Regulations 2018 as summarised by Coupa, "Malaysia" invoice content requirements,
// https://success.coupa.com/en-us/products/product-documentation/supplier-resources/for-suppliers/integration-resources/malaysia,
// and "SST Invoice Format Malaysia", https://invoice-diy.com/sst-invoice-format (the tax must be shown apart from
// the total). The buyer's name and address are asked of a full invoice to a business, not of a till's receipt.

/** The most a Singapore simplified tax invoice may total, GST included: S$1,000.00. */
export const SG_SIMPLIFIED_INVOICE_LIMIT_MINOR = 100_000;

/** A tax receipt's facts that shared/receipt.ts prints among its lines. */
export type ReceiptTaxField = 'totalExclTax' | 'tax' | 'totalInclTax';

export interface ReceiptTaxPart {
  /** The registered name, or null to keep the shop's own (merchantName). */
  readonly name: string | null;
  /** Printed under the name: the address, the tax registration number. */
  readonly identity: readonly string[];
  /** The receipt's tax facts, in print order (none on a refund slip, which carries the identity only). */
  readonly lines: readonly { field: ReceiptTaxField; label: string; value: string }[];
  /** Printed after the facts: what the law asks the receipt to say. */
  readonly notes: readonly string[];
}

export interface ReceiptTaxInput {
  readonly business: BusinessSettings | undefined;
  readonly country: CountryCode | undefined;
  /** What the customer paid, tax included. */
  readonly amount: Money;
  readonly locale: Locale;
  readonly slip: boolean;
}

const TAX_NAME: Readonly<Record<TaxMarket, string>> = { SG: 'GST', MY: 'SST' };
const NUMBER_WORD = { SG: 'taxReceipt.gstNumber', MY: 'taxReceipt.sstNumber' } as const;

function taxMarketOf(country: CountryCode | undefined): TaxMarket | null {
  return country === 'SG' || country === 'MY' ? country : null;
}

export function receiptTaxPart(input: ReceiptTaxInput): ReceiptTaxPart {
  const { business } = input;
  const words = LANGUAGES[input.locale].screens;
  const none: ReceiptTaxPart = { name: null, identity: [], lines: [], notes: [] };
  if (!business || business.name === '') return none;
  const market = taxMarketOf(input.country);
  const identity = business.address === '' ? [] : [business.address];
  if (!isTaxRegistered(business)) return { ...none, name: business.name, identity };
  const numberWord = market ? NUMBER_WORD[market] : 'taxReceipt.taxNumber';
  identity.push(words[numberWord].replace('{number}', business.taxNumber));
  if (input.slip) return { ...none, name: business.name, identity };

  const tax = market ? TAX_NAME[market] : words['taxReceipt.tax'];
  const rate = taxRateBasisPoints(business);
  const fill = (template: string): string => template.replace('{tax}', tax).replace('{rate}', ratePercentText(rate));
  const show = (minor: number): string => formatMoney(money(minor, input.amount.currency), input.locale);
  const totalMinor = input.amount.amountMinor;
  const taxMinor = taxIncludedMinor(totalMinor, rate);
  const total = {
    field: 'totalInclTax' as const,
    label: fill(words['taxReceipt.totalInclTax']),
    value: show(totalMinor),
  };
  // Malaysia's receipt shows the tax apart from the total whatever the shelf prices say.
  const lines =
    business.pricesIncludeTax && market !== 'MY'
      ? [total, { field: 'tax' as const, label: fill(words['taxReceipt.taxIncluded']), value: show(taxMinor) }]
      : [
          {
            field: 'totalExclTax' as const,
            label: fill(words['taxReceipt.totalExclTax']),
            value: show(totalMinor - taxMinor),
          },
          { field: 'tax' as const, label: fill(words['taxReceipt.taxAt']), value: show(taxMinor) },
          total,
        ];
  const notes: string[] = [];
  if (market === 'SG') {
    notes.push(
      totalMinor <= SG_SIMPLIFIED_INVOICE_LIMIT_MINOR
        ? words['taxReceipt.pricePayableIncludesGst']
        : words['taxReceipt.fullInvoiceAvailable'],
    );
  }
  return { name: business.name, identity, lines, notes };
}

/** One of the register's lines as printed: what, how many at what price (when more than one), and its amount. */
export interface ReceiptItem {
  readonly description: string;
  readonly detail: string | null;
  readonly amount: string;
}

export function receiptItems(
  lines: readonly SaleLine[] | undefined,
  currency: Money['currency'],
  locale: Locale,
): ReceiptItem[] {
  const words = LANGUAGES[locale].screens;
  const show = (minor: number): string => formatMoney(money(minor, currency), locale);
  return (lines ?? []).map((line) => ({
    description: line.description,
    detail:
      line.quantity === 1
        ? null
        : words['saleLines.quantityTimesUnit']
            .replace('{quantity}', String(line.quantity))
            .replace('{unit}', show(line.unitMinor)),
    amount: show(line.amountMinor),
  }));
}
