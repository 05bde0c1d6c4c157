// English words of the accessibility features: the customer-facing help in Settings (spread into screens.ts).
// Every key must exist in the other languages' access.ts too (the type checks it).

export const ACCESS_EN = {
  'access.customerHelp': 'Help for customers (kiosk and customer display)',
  'access.largeText': 'Large text for customers',
  'access.soundOnResult': 'The customer display plays a sound on paid and on failed',
  'access.customerHelpHint': 'Never on the cashier’s screen. A kiosk always plays its sounds.',
} as const;
