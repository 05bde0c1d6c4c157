// PINs and the admin's rights held by the core (electron/core/settings/, electron/core/staff/): the longer PIN
// asked of admins and supervisors, and lockouts told to the next admin.

export const PIN_RIGHTS_NOTICES_EN = {
  'settings.pin-digits-approver': 'An admin or supervisor PIN needs 6 to 12 digits.',
  'staff.pin-digits-approver': 'An admin or supervisor needs a PIN of 6 to 8 digits.',
} as const;
