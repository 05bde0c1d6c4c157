import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_SETTINGS,
  ratePercentText,
  taxIncludedMinor,
  taxRateBasisPoints,
  type BusinessSettings,
} from './business.ts';
import type { CountryCode } from './money.ts';
import { paidPaymentView } from './paid-payment.test-helper.ts';
import type { PaymentView, RefundView } from './payments.ts';
import { buildReceipt, type ReceiptDocument } from './receipt.ts';
import { DEFAULT_SETTINGS, settingsSchema } from './settings.ts';

// Each market's receipt against the list of what its law asks a receipt to carry (shared/receipt-tax.ts names
// the sources), and the integer tax arithmetic under it.

const SG_BUSINESS: BusinessSettings = {
  name: 'Harbour Bakery Pte Ltd',
  address: '1 Harbourfront Walk #01-23, Singapore 098585',
  taxNumber: 'M2-0123456-7',
  pricesIncludeTax: true,
  taxRatePercent: 9,
};
const MY_BUSINESS: BusinessSettings = {
  name: 'Kedai Kopi Sdn Bhd',
  address: '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
  taxNumber: 'W10-1808-31000123',
  pricesIncludeTax: true,
  taxRatePercent: 8,
};
const LINES = [
  { description: 'Kaya toast', quantity: 2, unitMinor: 250, amountMinor: 500 },
  { description: 'Kopi C', quantity: 1, unitMinor: 734, amountMinor: 734 },
];

function receipt(
  country: CountryCode,
  business: BusinessSettings,
  payment: Partial<PaymentView> = {},
  kind: 'receipt' | 'refund-slip' = 'receipt',
  refunds: RefundView[] = [],
): ReceiptDocument {
  return buildReceipt({
    detail: { payment: paidPaymentView({ lines: LINES, ...payment }), refunds, history: [], events: [] },
    kind,
    merchantName: 'Harbour Bakery',
    terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
    locale: 'en',
    timeZone: 'Asia/Singapore',
    business,
    country,
  });
}

const field = (doc: ReceiptDocument, name: string) => doc.lines.find((line) => line.field === name);

/** One required particular: where it is found on the document. */
type Required = readonly [particular: string, present: (doc: ReceiptDocument) => boolean];

const SG_SIMPLIFIED_INVOICE: readonly Required[] = [
  ['supplier name', (doc) => doc.merchantName === SG_BUSINESS.name],
  ['supplier address', (doc) => doc.identity.includes(SG_BUSINESS.address)],
  ['GST registration number', (doc) => doc.identity.includes('GST Reg. No. M2-0123456-7')],
  ['identifying number', (doc) => field(doc, 'reference')?.value === 'POS1-20261122-0007'],
  ['date of issue', (doc) => field(doc, 'time')?.value.startsWith('22/11/2026') === true],
  ['description of what was sold', (doc) => doc.items.map((item) => item.description).join() === 'Kaya toast,Kopi C'],
  ['total payable including GST', (doc) => field(doc, 'totalInclTax')?.value === 'S$12.34'],
  ['"Price Payable includes GST"', (doc) => doc.notes.includes('Price Payable includes GST')],
];

const MY_SST_RECEIPT: readonly Required[] = [
  ['registered person name', (doc) => doc.merchantName === MY_BUSINESS.name],
  ['address', (doc) => doc.identity.includes(MY_BUSINESS.address)],
  ['SST registration number', (doc) => doc.identity.includes('SST Reg. No. W10-1808-31000123')],
  ['serial number', (doc) => field(doc, 'reference')?.value === 'POS1-20261122-0007'],
  ['date', (doc) => field(doc, 'time')?.value.startsWith('22/11/2026') === true],
  ['description', (doc) => doc.items.length === 2],
  ['amount before tax', (doc) => field(doc, 'totalExclTax')?.value === 'RM11.43'],
  ['tax rate and amount', (doc) => field(doc, 'tax')?.label === 'SST 8%' && field(doc, 'tax')?.value === 'RM0.91'],
  ['total including tax', (doc) => field(doc, 'totalInclTax')?.value === 'RM12.34'],
];

const MYR = { amount: { amountMinor: 1234, currency: 'MYR' as const } };

describe('a tax receipt carries what its market asks for', () => {
  describe.each([
    ['Singapore: simplified tax invoice (S$1,000 or less)', 'SG' as const, SG_BUSINESS, {}, SG_SIMPLIFIED_INVOICE],
    ['Malaysia: SST receipt', 'MY' as const, MY_BUSINESS, MYR, MY_SST_RECEIPT],
  ])('%s', (_market, country, business, payment, required) => {
    const doc = receipt(country, business, payment);
    it.each(required.map(([particular, present]) => [particular, present] as const))('%s', (_particular, present) => {
      expect(present(doc)).toBe(true);
    });
  });

  it('Singapore above S$1,000: says a full tax invoice is available from the shop, not the simplified words', () => {
    const doc = receipt('SG', SG_BUSINESS, { amount: { amountMinor: 100_001, currency: 'SGD' }, lines: [] });
    expect(doc.notes).toEqual(['A full tax invoice is available from the shop.']);
    expect(field(doc, 'totalInclTax')?.value).toBe('S$1,000.01');
    // Exactly S$1,000.00 is still a simplified tax invoice.
    const limit = receipt('SG', SG_BUSINESS, { amount: { amountMinor: 100_000, currency: 'SGD' }, lines: [] });
    expect(limit.notes).toEqual(['Price Payable includes GST']);
  });

  it('Singapore with prices before GST: the total before GST, the GST and the total', () => {
    const doc = receipt('SG', { ...SG_BUSINESS, pricesIncludeTax: false });
    expect(doc.lines.slice(-3).map((line) => [line.label, line.value])).toEqual([
      ['Total excl. GST', 'S$11.32'],
      ['GST 9%', 'S$1.02'],
      ['Total incl. GST', 'S$12.34'],
    ]);
  });

  it('a refund slip carries the same identity, without the sale’s tax facts', () => {
    const refund: RefundView = {
      refundId: 'RF-1',
      referenceId: 'POS1-20261122-0007',
      amount: { amountMinor: 200, currency: 'SGD' },
      reason: 'Damaged',
      state: 'succeeded',
      failureReason: null,
      failureNotice: null,
      posId: 'POS-1',
      createdAt: '2026-11-22T06:00:00.000Z',
      updatedAt: '2026-11-22T06:00:01.000Z',
    };
    const slip = receipt('SG', SG_BUSINESS, {}, 'refund-slip', [refund]);
    const sale = receipt('SG', SG_BUSINESS);
    expect(slip.merchantName).toBe(sale.merchantName);
    expect(slip.identity).toEqual(sale.identity);
    expect(slip.notes).toEqual([]);
    expect(slip.items).toEqual([]);
    expect(field(slip, 'tax')).toBeUndefined();
  });

  it('without a tax number: the registered name and address only; without a name: the receipt as before', () => {
    const unregistered = receipt('SG', { ...SG_BUSINESS, taxNumber: '' });
    expect(unregistered.merchantName).toBe(SG_BUSINESS.name);
    expect(unregistered.identity).toEqual([SG_BUSINESS.address]);
    expect(unregistered.notes).toEqual([]);
    expect(field(unregistered, 'totalInclTax')).toBeUndefined();
    const plain = receipt('SG', DEFAULT_BUSINESS_SETTINGS);
    expect(plain.merchantName).toBe('Harbour Bakery');
    expect(plain.identity).toEqual([]);
  });

  it('prints the register’s lines with quantity × unit where more than one', () => {
    const doc = receipt('SG', DEFAULT_BUSINESS_SETTINGS);
    expect(doc.itemsTitle).toBe('Items');
    expect(doc.items).toEqual([
      { description: 'Kaya toast', detail: '2 × S$2.50', amount: 'S$5.00' },
      { description: 'Kopi C', detail: null, amount: 'S$7.34' },
    ]);
  });
});

describe('tax arithmetic in integers', () => {
  it.each([
    // total, basis points, tax inside: total × rate ÷ (100 % + rate), half up to the minor unit
    [1090, 900, 90],
    [1234, 900, 102], // 101.89
    [1234, 800, 91], // 91.41
    [3, 10_000, 2], // 1.5 rounds up
    [1, 900, 0],
    [0, 900, 0],
    [1234, 0, 0],
    [999_999_999_999, 900, 82_568_807_339], // 82 568 807 338.9…: no float error at the till's largest sums
  ])('%i minor units at %i bp hold %i of tax', (total, basisPoints, tax) => {
    expect(taxIncludedMinor(total, basisPoints)).toBe(tax);
  });

  it('reads the rate as basis points and prints it from them', () => {
    expect(taxRateBasisPoints({ taxRatePercent: 8.25 })).toBe(825);
    expect(taxRateBasisPoints({ taxRatePercent: 9 })).toBe(900);
    expect([900, 825, 850, 5, 0, 10_000].map(ratePercentText)).toEqual(['9%', '8.25%', '8.5%', '0.05%', '0%', '100%']);
  });
});

describe('settings: business', () => {
  const withBusiness = (business: Partial<BusinessSettings>) =>
    settingsSchema.safeParse({ ...DEFAULT_SETTINGS, business: { ...DEFAULT_SETTINGS.business, ...business } });
  const paths = (result: ReturnType<typeof withBusiness>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

  it('takes a rate of 0–100 with at most two decimals', () => {
    expect(withBusiness({ taxRatePercent: 8.25 }).success).toBe(true);
    expect(withBusiness({ taxRatePercent: 100 }).success).toBe(true);
    expect(paths(withBusiness({ taxRatePercent: 8.255 }))).toEqual(['business.taxRatePercent']);
    expect(paths(withBusiness({ taxRatePercent: 100.01 }))).toEqual(['business.taxRatePercent']);
    expect(paths(withBusiness({ taxRatePercent: -1 }))).toEqual(['business.taxRatePercent']);
  });

  it('refuses control characters, and a tax number without the name and address it needs', () => {
    expect(paths(withBusiness({ name: 'Bakery\u001b@' }))).toEqual(['business.name']);
    expect(paths(withBusiness({ taxNumber: 'M2-0123456-7' }))).toEqual(['business.name', 'business.address']);
    expect(withBusiness(SG_BUSINESS).success).toBe(true);
  });
});
