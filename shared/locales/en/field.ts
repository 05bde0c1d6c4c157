// English strings of running a till in the field (issue 27): Settings → About, where the logs are and the
// support bundle. Spread into screens.ts. Every key must exist in the other languages' field.ts too.

export const FIELD_SUPPORT_EN = {
  'settings.tab.about': 'About',
  'about.logsTitle': 'Logs',
  'about.logsWhere': 'This till writes its logs to this folder:',
  'about.logsHint':
    'Each log keeps its newest five files of 5 MB. No secret, PIN, key or token is ever written to them.',
  'about.logsUnknown': 'The log folder cannot be shown right now.',
  'about.bundleTitle': 'Support bundle',
  'about.bundleHint':
    'One .zip file for whoever supports this till: the logs, the settings without secrets, the health of the payment records and the status bar. It holds no secret and no customer’s name.',
  'about.saveBundle': 'Save support bundle',
  'about.savingBundle': 'Saving…',
  'about.bundleSaved': 'Support bundle saved ({size}):',
} as const;
