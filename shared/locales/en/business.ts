// English of the business behind the till (Settings → Terminal), what a tax receipt prints of it
// (shared/receipt-tax.ts) and the register's lines (receipt, customer display). Spread into screens.ts; every key
// must exist in the other languages' business.ts too (the type checks it).

export const BUSINESS_EN = {
  'business.legend': 'Business on the receipt',
  'business.hint':
    'For receipts that count as tax receipts: the registered name and address and the GST (Singapore) or SST (Malaysia) registration number.',
  'business.name': 'Registered business name',
  'business.address': 'Registered address',
  'business.taxNumber': 'Tax registration number',
  'business.pricesIncludeTax': 'Prices include tax',
  'business.taxRatePercent': 'Tax rate (%)',
  'business.rateNotANumber': 'Enter a percent from 0 to 100, with at most two decimals.',
  'taxReceipt.gstNumber': 'GST Reg. No. {number}',
  'taxReceipt.sstNumber': 'SST Reg. No. {number}',
  'taxReceipt.taxNumber': 'Tax No. {number}',
  'taxReceipt.totalInclTax': 'Total incl. {tax}',
  'taxReceipt.totalExclTax': 'Total excl. {tax}',
  'taxReceipt.taxAt': '{tax} {rate}',
  'taxReceipt.taxIncluded': '{tax} {rate} included',
  'taxReceipt.tax': 'Tax',
  // IRAS asks for these words on a simplified tax invoice: keep them in English in every language.
  'taxReceipt.pricePayableIncludesGst': 'Price Payable includes GST',
  'taxReceipt.fullInvoiceAvailable': 'A full tax invoice is available from the shop.',
  'saleLines.title': 'Items',
  'saleLines.quantityTimesUnit': '{quantity} × {unit}',
} as const;
