import type { CUSTOMERS_STAFF_EN } from '../en/customers-staff.ts';

// Bahasa Melayu: who did what on the linked-customer screen. Same keys as ../en/customers-staff.ts.

export const CUSTOMERS_STAFF_MS: Readonly<Record<keyof typeof CUSTOMERS_STAFF_EN, string>> = {
  'customers.staff.col': 'Kakitangan',
  'customers.staff.chargedBy': 'Dicaj oleh {name}',
  'customers.staff.placedBy': 'Dibuat oleh {name}',
  'customers.staff.approvedBy': 'Diluluskan oleh {name}',
  'customers.staff.capturedBy': 'Dituntut oleh {name}',
  'customers.staff.captureTriedBy': 'Tuntutan dicuba oleh {name}',
  'customers.staff.voidedBy': 'Dilepaskan oleh {name}',
};
