import type { BUSINESS_EN } from '../en/business.ts';

// 繁體中文（香港）: the business behind the till, its tax receipt and the register's lines. Same keys as ../en/business.ts.

export const BUSINESS_ZH_HK: Readonly<Record<keyof typeof BUSINESS_EN, string>> = {
  'business.legend': '收據上的商號',
  'business.hint': '用於可作稅務收據的收據：註冊名稱及地址，以及 GST（新加坡）或 SST（馬來西亞）登記號碼。',
  'business.name': '註冊商號名稱',
  'business.address': '註冊地址',
  'business.taxNumber': '稅務登記號碼',
  'business.pricesIncludeTax': '價格已含稅',
  'business.taxRatePercent': '稅率（%）',
  'business.rateNotANumber': '請輸入 0 至 100 的百分比，最多兩位小數。',
  'taxReceipt.gstNumber': 'GST 登記號碼 {number}',
  'taxReceipt.sstNumber': 'SST 登記號碼 {number}',
  'taxReceipt.taxNumber': '稅號 {number}',
  'taxReceipt.totalInclTax': '總額（含 {tax}）',
  'taxReceipt.totalExclTax': '總額（不含 {tax}）',
  'taxReceipt.taxAt': '{tax} {rate}',
  'taxReceipt.taxIncluded': '已含 {tax} {rate}',
  'taxReceipt.tax': '稅',
  'taxReceipt.pricePayableIncludesGst': 'Price Payable includes GST（應付價格已含 GST）',
  'taxReceipt.fullInvoiceAvailable': '完整稅務發票可向本店索取。',
  'saleLines.title': '貨品',
  'saleLines.quantityTimesUnit': '{quantity} × {unit}',
};
