// English strings of who did what on the linked-customer screen (spread into screens.ts): who charged the customer
// or placed a hold, who approved it with their PIN, who captured or voided it. Every key must exist in the other
// languages' customers-staff.ts too (the type checks it).

export const CUSTOMERS_STAFF_EN = {
  'customers.staff.col': 'Staff',
  'customers.staff.chargedBy': 'Charged by {name}',
  'customers.staff.placedBy': 'Placed by {name}',
  'customers.staff.approvedBy': 'Approved by {name}',
  'customers.staff.capturedBy': 'Captured by {name}',
  'customers.staff.captureTriedBy': 'Capture tried by {name}',
  'customers.staff.voidedBy': 'Voided by {name}',
} as const;
