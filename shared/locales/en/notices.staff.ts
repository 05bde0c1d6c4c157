// English notices of the people at the till (electron/core/staff/): the rights and roles in words, why a
// sign-in, a right or an approval was refused, what is wrong with a person's save. Spread into notices.ts.

export const STAFF_NOTICES_EN = {
  'staff.role.cashier': 'Cashier',
  'staff.role.supervisor': 'Supervisor',
  'staff.role.admin': 'Admin',
  'staff.right.sell': 'Sell',
  'staff.right.scan': 'Scan customer codes',
  'staff.right.cancel-own': 'Cancel their own open sale',
  'staff.right.reprint': 'Reprint receipts',
  'staff.right.payments-today': "See today's payments",
  'staff.right.refund': 'Refund',
  'staff.right.cancel-any': 'Cancel any sale',
  'staff.right.approve-refund': "Approve a cashier's refund",
  'staff.right.x-report': 'Read the X report',
  'staff.right.close-shift': 'Close a shift',
  'staff.right.payments-any-day': 'See the payments of any day',
  'staff.right.drawer': 'Open the cash drawer',
  'staff.right.training': 'Train staff',
  'staff.right.settings': 'Change Settings',
  'staff.right.staff': 'Manage staff',
  'staff.right.register-keys': 'Manage register keys',
  'staff.right.go-live': 'Go live',
  'auth.not-allowed-right': 'A {role} may not do this (“{right}”). Ask a supervisor.',
  'auth.approver-not-allowed':
    'This PIN belongs to someone who may not approve refunds. A supervisor or an admin enters their own PIN.',
  'auth.refund-confirm-pin': 'Confirm the refund with your own PIN.',
  'auth.refund-needs-approval': "A cashier's refund needs a supervisor's PIN.",
  'auth.refund-needs-approval-over': "A cashier's refund above {limit} needs a supervisor's PIN.",
  'auth.refund-needs-approval-payment-over':
    "{refunded} of this payment went back already: a cashier's refunds of one payment above {limit} in all need a supervisor's PIN.",
  'auth.refund-needs-approval-shift-cap':
    'You refunded {refunded} without approval this shift: above {cap} in a shift, a supervisor approves with their PIN.',
  'auth.badge-unknown': 'This badge is not known at this till, or its owner is not active.',
  'staff.built-in-role': 'The built-in Admin and Supervisor keep their role. Add a new person for another role.',
  'staff.built-in-active':
    'The built-in Admin and Supervisor are always active. Remove their PIN in Settings → PINs instead.',
  'staff.pin-required': 'A new person needs a PIN of 4 to 8 digits.',
  'staff.pin-taken': 'Someone else already has this PIN. Choose another one.',
  'staff.badge-taken': 'Someone else already has this badge.',
  'training.not-on-kiosk': 'A kiosk never trains: training is for a till with a cashier.',
  'training.no-such-person': 'There is no active person with this id to train.',
  'training.no-open-sale': 'There is no open training sale to act on.',
  'training.not-on': 'Training is not on.',
} as const;
