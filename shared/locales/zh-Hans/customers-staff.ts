import type { CUSTOMERS_STAFF_EN } from '../en/customers-staff.ts';

// 简体中文（新加坡）: who did what on the linked-customer screen. Same keys as ../en/customers-staff.ts.

export const CUSTOMERS_STAFF_ZH_HANS: Readonly<Record<keyof typeof CUSTOMERS_STAFF_EN, string>> = {
  'customers.staff.col': '员工',
  'customers.staff.chargedBy': '由 {name} 收款',
  'customers.staff.placedBy': '由 {name} 创建',
  'customers.staff.approvedBy': '由 {name} 批准',
  'customers.staff.capturedBy': '由 {name} 扣款',
  'customers.staff.captureTriedBy': '{name} 曾尝试扣款',
  'customers.staff.voidedBy': '由 {name} 撤销',
};
