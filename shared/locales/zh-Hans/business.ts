import type { BUSINESS_EN } from '../en/business.ts';

// 简体中文: the business behind the till, its tax receipt and the register's lines. Same keys as ../en/business.ts.

export const BUSINESS_ZH_HANS: Readonly<Record<keyof typeof BUSINESS_EN, string>> = {
  'business.legend': '收据上的商家',
  'business.hint': '用于可作税务收据的收据：注册名称和地址，以及 GST（新加坡）或 SST（马来西亚）注册号码。',
  'business.name': '注册商家名称',
  'business.address': '注册地址',
  'business.taxNumber': '税务注册号码',
  'business.pricesIncludeTax': '价格已含税',
  'business.taxRatePercent': '税率（%）',
  'business.rateNotANumber': '请输入 0 至 100 的百分比，最多两位小数。',
  'taxReceipt.gstNumber': 'GST 注册号码 {number}',
  'taxReceipt.sstNumber': 'SST 注册号码 {number}',
  'taxReceipt.taxNumber': '税号 {number}',
  'taxReceipt.totalInclTax': '总额（含 {tax}）',
  'taxReceipt.totalExclTax': '总额（不含 {tax}）',
  'taxReceipt.taxAt': '{tax} {rate}',
  'taxReceipt.taxIncluded': '已含 {tax} {rate}',
  'taxReceipt.tax': '税',
  'taxReceipt.pricePayableIncludesGst': 'Price Payable includes GST（应付价格已含 GST）',
  'taxReceipt.fullInvoiceAvailable': '完整税务发票可向本店索取。',
  'saleLines.title': '商品',
  'saleLines.quantityTimesUnit': '{quantity} × {unit}',
};
