// English strings of running a till in the field (issue 27): Settings → About, where the logs are and the
// support bundle; and the app's shell (its windows' titles, the box when it cannot start). Spread into
// screens.ts. Every key must exist in the other languages' field.ts too.

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
  'about.chainBroken': 'The records of this till do not fit their audit chain.',
  'about.chainTitle': 'Records you can prove',
  'about.chainHint':
    'Every payment, refund, cancel and shift is chained in the payment records as it is written: a record changed or removed afterwards shows in Check this till. An auditor checks an export with `npm run verify-journal -- --export FILE` and this key.',
  'about.chainKey': 'This till’s key:',
  'about.chainHead': 'Last entry:',
  'about.exportChain': 'Export for an auditor',
  'about.exportingChain': 'Exporting…',
  'about.chainExported': 'Signed export saved ({entries} entries):',
  // The app's shell as the system shows it (electron/main.ts): its windows' titles, and the box shown when the
  // till cannot start at all (no screen of ours is up to say it).
  'shell.window.cashier': 'Wallet POS',
  'shell.window.customerDisplay': 'Wallet POS — customer display',
  'shell.window.consent': 'Link customer — wallet consent',
  'shell.startFailed.title': 'Wallet POS cannot start',
  'shell.startFailed.body': 'The payment core did not start: {reason}',
} as const;
