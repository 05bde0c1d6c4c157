// English strings of the language settings (spread into screens.ts): the customer-facing language.
// Every key must exist in the other languages' languages.ts too (the type checks it).

export const LANGUAGES_EN = {
  'settings.customerLocale': 'Customer-facing language (customer display and kiosk)',
  'settings.customerLocale.same': 'Same as the till ({name})',
} as const;
