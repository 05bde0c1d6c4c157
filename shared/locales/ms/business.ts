import type { BUSINESS_EN } from '../en/business.ts';

// Bahasa Melayu: the business behind the till, its tax receipt and the register's lines. Same keys as ../en/business.ts.

export const BUSINESS_MS: Readonly<Record<keyof typeof BUSINESS_EN, string>> = {
  'business.legend': 'Perniagaan pada resit',
  'business.hint':
    'Untuk resit yang sah sebagai resit cukai: nama dan alamat berdaftar serta nombor pendaftaran GST (Singapura) atau SST (Malaysia).',
  'business.name': 'Nama perniagaan berdaftar',
  'business.address': 'Alamat berdaftar',
  'business.taxNumber': 'Nombor pendaftaran cukai',
  'business.pricesIncludeTax': 'Harga termasuk cukai',
  'business.taxRatePercent': 'Kadar cukai (%)',
  'business.rateNotANumber': 'Masukkan peratus dari 0 hingga 100, dengan paling banyak dua tempat perpuluhan.',
  'taxReceipt.gstNumber': 'No. Daftar GST {number}',
  'taxReceipt.sstNumber': 'No. Pendaftaran SST {number}',
  'taxReceipt.taxNumber': 'No. Cukai {number}',
  'taxReceipt.totalInclTax': 'Jumlah termasuk {tax}',
  'taxReceipt.totalExclTax': 'Jumlah tidak termasuk {tax}',
  'taxReceipt.taxAt': '{tax} {rate}',
  'taxReceipt.taxIncluded': '{tax} {rate} termasuk',
  'taxReceipt.tax': 'Cukai',
  'taxReceipt.pricePayableIncludesGst': 'Price Payable includes GST (harga termasuk GST)',
  'taxReceipt.fullInvoiceAvailable': 'Invois cukai penuh boleh didapati dari kedai.',
  'saleLines.title': 'Barangan',
  'saleLines.quantityTimesUnit': '{quantity} × {unit}',
};
