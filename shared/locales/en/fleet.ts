// English words of a till in the field (issue 27): the fleet's policy file (electron/core/policy/) and the health
// check (electron/core/health/). FLEET_SCREENS_EN is spread into screens.ts, FLEET_NOTICES_EN into notices.ts.
// Every key must exist in ../zh-HK/fleet.ts, ../zh-Hans/fleet.ts and ../ms/fleet.ts too.

export const FLEET_SCREENS_EN = {
  'settings.tab.about': 'About',
  'fleet.setByOrganisation': 'Set by your organisation',
  'fleet.policyTitle': 'Managed by your organisation',
  'fleet.policyFile': 'Policy file: {file}',
  'fleet.policyLocked': 'Locked on this till: {fields}',
  'fleet.policyNothingLocked': 'The policy locks no setting on this till.',
  'fleet.policyProblems': 'Parts of the policy file are not used:',
  'fleet.check.title': 'Check this till',
  'fleet.check.intro': 'Asks each part of the till how it is, in a few seconds. Nothing is changed.',
  'fleet.check.run': 'Check this till',
  'fleet.check.running': 'Checking…',
  'fleet.check.ok': 'Working',
  'fleet.check.problem': 'Needs attention',
  'fleet.check.allOk': 'All {total} checks found nothing wrong.',
  'fleet.check.someWrong': '{count} of {total} checks found a problem.',
  'fleet.check.id.provider': 'Provider',
  'fleet.check.id.clock': 'Clock',
  'fleet.check.id.journal': 'Journals',
  'fleet.check.id.chain': 'Records you can prove',
  'fleet.check.id.disk': 'Disk space',
  'fleet.check.id.printer': 'Receipt printer',
  'fleet.check.id.scanner': 'USB scanner',
  'fleet.check.id.camera': 'Camera',
  'fleet.check.id.register': 'Register connection',
  'fleet.check.id.webhooks': 'Webhook listeners',
  'fleet.check.id.policy': 'Organisation policy',
  'fleet.check.id.updates': 'Updates',
  'fleet.check.id.logs': 'Logs to the collector',
  'settings.syslog.legend': 'Logs to the chain’s collector (syslog)',
  'settings.syslog.enabled': 'Also send the till’s log lines to the collector',
  'settings.syslog.host': 'Collector address',
  'settings.syslog.port': 'Collector port',
  'settings.syslog.tls': 'Encrypt with TLS (usually port 6514)',
  'settings.syslog.hint':
    'RFC 5424 over TCP. The log files on this till stay as they are, and no secret is in a line. A collector that is down never slows a sale: the lines it missed are counted in Check this till.',
  'fleet.statusLink': 'Something needs attention: check this till',
} as const;

export const FLEET_NOTICES_EN = {
  'policy.set-by-organisation': 'Set by your organisation: this till cannot change it.',
  'policy.unreadable': 'The policy file {file} is not valid JSON, so none of it is used.',
  'policy.not-an-object':
    'The policy file {file} must hold an object with "settings" and "locked", so none of it is used.',
  'policy.unknown-part': 'The policy file has a part "{name}" the till does not know; it is ignored.',
  'policy.not-a-setting': '"{name}" is not a setting; the policy’s value for it is ignored.',
  'policy.secret-not-allowed':
    '"{name}" is a secret, which a policy file never sets (it would be readable by everyone on the computer): type it in Settings on this till.',
  'policy.value-refused': 'The policy’s value for "{name}" is not used: {problem}',
  'policy.lock-unknown': '"{name}" is not a setting, so it cannot be locked; the lock is ignored.',
  'policy.not-admin-only':
    'The policy {file} is not used: {path} can be changed by someone who is not an administrator (it must be owned by root and writable by no one else).',
  'policy.unreadable-plist': 'The managed preferences {file} are not an XML property list, so none of it is used.',
  'policy.locked-not-a-list': '"locked" must be a list of setting names; no setting is locked.',
  'settings.syslog-host-missing': 'Enter the collector’s address (its IP address or name).',
  'health.syslog-off': 'Log lines stay on this till: no collector is set.',
  'health.syslog-connected': 'Sending log lines to {host}:{port} ({dropped} dropped since the till started).',
  'health.syslog-down':
    'The collector {host}:{port} is not taking log lines: {dropped} dropped since the till started. The till keeps trying.',
  'health.policy-none': 'No policy: this till is managed on its own.',
  'health.policy-ok': 'The organisation’s policy {file} is in force.',
  'health.policy-refused': 'The organisation’s policy {file} is not in force: see Settings → About.',
  'health.timed-out': 'No answer within {seconds} s.',
  'health.could-not-check': 'The check could not run: {reason}',
  'health.provider-not-set-up': 'Not set up: {reason}',
  'health.clock-ok': 'Within {skew} of the provider’s clock.',
  'health.clock-off':
    '{skew} off the provider’s clock: set the computer’s time (the provider refuses requests about a minute off).',
  'health.clock-unknown': 'Not measured: the provider did not answer.',
  'health.journals-ok': 'Both journals are open and pass SQLite’s check.',
  'health.chain-ok': 'The audit chain holds every record: {entries} entries, last {head}.',
  'health.chain-none': 'The payments journal has no audit chain to check (it is not open).',
  'health.chain-broken':
    '{finding} ({count} findings in all: `npm run verify-journal` lists them). Sales go on; tell the owner.',
  'health.chain.edited': 'Entry {seq} of the audit chain was changed',
  'health.chain.deleted': 'Entries of the audit chain were removed at entry {seq}',
  'health.chain.inserted': 'An entry was put into the audit chain before entry {seq}',
  'health.chain.reordered': 'Entries of the audit chain were moved at entry {seq}',
  'health.chain.truncated': 'The audit chain was cut short: {subject} is newer than its end',
  'health.chain.row-edited': 'The record {subject} was changed outside the till',
  'health.chain.row-deleted': 'The record {subject} was removed from the journal',
  'health.chain.row-unchained': 'The record {subject} was added outside the till',
  'health.journal-payments-refused':
    'The payments journal was refused at start: no payment is taken until an admin resolves it on the Sale screen.',
  'health.journal-customers-refused':
    'The linked-customer journal was refused at start: no linked-customer payment is taken until an admin resolves it.',
  'health.journal-payments-damaged':
    'SQLite finds damage in the payments journal ({detail}): restore it from a backup.',
  'health.journal-customers-damaged':
    'SQLite finds damage in the linked-customer journal ({detail}): restore it from a backup.',
  'health.disk-ok': '{free} MB free in the data folder.',
  'health.disk-low': 'Only {free} MB free in the data folder (at least {minimum} MB needed): free some space.',
  'health.printer-not-asked': 'Receipts go to the computer’s own printer, which the till cannot ask how it is.',
  'health.printer-ready': 'The receipt printer answers and is ready.',
  'health.printer-problem': '{problem}',
  'health.scanner-read': 'Last code read {minutes} min ago.',
  'health.scanner-no-read':
    'No read yet since the till started: scan any code to test it (the till sees a scanner only when it reads).',
  'health.scanner-not-reported':
    'The till cannot see a USB scanner from here: scan a code on the till’s screen to test it.',
  'health.camera-fast': 'The camera reads codes (fast decoder).',
  'health.camera-slow': 'The camera reads codes, with the slower built-in decoder (the fast one did not load).',
  'health.camera-not-started':
    'The camera has not been used since the till started: open a scan to test it (the till cannot test a camera by itself).',
  'health.register-off': 'The register connection is off (Settings → Register).',
  'health.register-listening': 'The register connection listens on port {port}.',
  'health.listener-off':
    '{listener} cannot listen on port {port}: another program holds it or the computer refuses it.',
  'health.listener.payment-notifications': 'Payment notifications',
  'health.listener.order-webhooks': 'Linked-customer webhooks',
  'health.listener.register-connection': 'The register connection',
  'health.webhooks-ok': 'Every webhook listener that should listen does.',
  'health.several': '{problems}',
  'health.updates-off': 'No update feed is set: this till does not look for updates.',
  'health.updates-unavailable': 'Updates install in the app only, not when the till runs in a browser.',
  'health.updates-ok': 'Runs version {version}; nothing is wrong with its updates.',
  'health.updates-waiting': 'Version {waiting} is downloaded and checked; it installs in the maintenance window.',
  'health.updates-failed':
    'The last update (version {version}) failed; this till keeps running its own. Settings → Updates says which step.',
} as const;
