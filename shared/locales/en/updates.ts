// English strings of updates and the till's computer (Settings → Updates, issue 27). Spread into screens.ts.
// Every key must exist in ../zh-HK/updates.ts, ../zh-Hans/updates.ts and ../ms/updates.ts too.

export const UPDATES_EN = {
  'settings.tab.updates': 'Updates',
  'settings.section.updates': 'Updates',
  'settings.section.machine': 'This computer',
  'updates.running': 'This till runs version {version}.',
  'updates.phase.off': 'No update feed is set: this till does not look for updates.',
  'updates.phase.unavailable': 'Updates install in the app only, not when the till runs in a browser.',
  'updates.phase.idle': 'Up to date.',
  'updates.phase.checking': 'Looking for an update…',
  'updates.phase.downloading': 'Downloading version {version} in the background. Payments go on as usual.',
  'updates.phase.installing': 'Restarting to install version {version}…',
  'updates.notInRollout':
    'Version {version} is going to some tills first; this till gets it in a later stage of the release.',
  'updates.waiting': 'Version {version} is downloaded and checked.',
  'updates.installAt': 'It installs by itself at {time} (maintenance window), once no payment is open.',
  'updates.installNowInWindow': 'It installs by itself now (maintenance window), as soon as no payment is open.',
  'updates.held.payment-open': 'Waiting: a payment is still open.',
  'updates.held.payment-in-doubt': 'Waiting: a payment’s outcome is still being checked with the provider.',
  'updates.held.outside-window': 'Waiting for the maintenance window.',
  'updates.checked': 'Last checked {time}. Next check {next}.',
  'updates.notChecked': 'Not checked yet.',
  'updates.problem.feed':
    'The update feed could not be read or understood ({time}). This till keeps running version {running} and tries again at the next check.',
  'updates.problem.download':
    'Downloading version {version} failed ({time}). This till keeps running version {running} and tries again at the next check.',
  'updates.problem.verify':
    'Version {version} was refused ({time}): the downloaded file does not match the feed’s checksum or signature. This till keeps running version {running}.',
  'updates.problem.install':
    'Installing version {version} failed ({time}). This till keeps running version {running}. Press Restart to update to try again.',
  'updates.restart': 'Restart to update',
  'updates.restarting': 'Restarting…',
  'updates.restartHint':
    'Installs version {version} now: the till closes and opens again. Not while a payment is open or being checked.',
  'settings.updates.feedUrl': 'Update feed address',
  'settings.updates.feedUrlHint':
    'The https folder where your IT publishes Wallet POS updates (it holds latest.yml). Empty: no updates.',
  'settings.updates.windowStart': 'Maintenance window from (local time)',
  'settings.updates.windowEnd': 'Maintenance window until',
  'settings.updates.windowHint':
    'Updates install by themselves only in this window, and never while a payment is open. It may cross midnight (22:00 to 04:00).',
  'settings.machine.launchAtLogin': 'Start Wallet POS when someone signs in to this computer',
  'settings.machine.keepDisplayAwake': 'Keep the screen on while Wallet POS is in front',
  'settings.machine.hint':
    'Both work in the app only. Starting at sign-in works on Windows and macOS; on Linux, use the desktop’s autostart.',
} as const;
