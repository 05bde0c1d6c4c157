import type { CUSTOMERS_STAFF_EN } from '../en/customers-staff.ts';

// 繁體中文（香港）: who did what on the linked-customer screen. Same keys as ../en/customers-staff.ts.

export const CUSTOMERS_STAFF_ZH_HK: Readonly<Record<keyof typeof CUSTOMERS_STAFF_EN, string>> = {
  'customers.staff.col': '員工',
  'customers.staff.chargedBy': '由 {name} 收款',
  'customers.staff.placedBy': '由 {name} 建立',
  'customers.staff.approvedBy': '由 {name} 批准',
  'customers.staff.capturedBy': '由 {name} 扣取',
  'customers.staff.captureTriedBy': '{name} 曾嘗試扣取',
  'customers.staff.voidedBy': '由 {name} 撤銷',
};
