// English strings of the lost-journal screen and its status-bar item (spread into screens.ts). Every key must
// exist in ../zh-HK/journal.ts too (the type checks it).

export const JOURNAL_EN = {
  'journal.status': 'Journal problem: payments stopped',
  'journal.statusOpen': 'A journal was refused at start. Open what to do',
  'journal.title': 'Payments are stopped: a journal is not the one this till wrote',
  'journal.name.payments': 'Payment journal (in-store payments)',
  'journal.name.customers': 'Linked-customer journal (charges and holds)',
  'journal.kind.missing': 'The file is missing.',
  'journal.kind.empty': 'The file is empty.',
  'journal.kind.replaced': 'The file is another journal, not the one this till wrote.',
  'journal.kind.behind': 'The file is an older copy of this till’s journal.',
  'journal.kind.corrupt': 'The file is damaged.',
  'journal.kind.mark-unreadable':
    'The till’s own record of this journal (the .mark file next to it) cannot be read, so the journal cannot be checked.',
  'journal.recorded': 'This till had written {writes} changes to it, the last at {at}.',
  'journal.recordedNever': 'This till had started it but not written to it yet.',
  'journal.found': 'The file has {writes} changes, the last at {at}.',
  'journal.foundNone': 'The file has no changes this till can recognise.',
  'journal.missingSince':
    '{missing} changes are not in the file: payments, refunds and holds recorded after {at} are missing from this till. The provider’s merchant portal lists what it received.',
  'journal.allMissing':
    'Everything this till recorded there is missing from this computer. The provider’s merchant portal lists what it received.',
  'journal.detail': 'SQLite says: {detail}',
  'journal.file': 'File: {path}',
  'journal.refused':
    'Until this is resolved, the till takes no payments on this side: nothing could be recorded safely.',
  'journal.restoreHelp':
    'To restore: copy your backup of this journal to the file above (with its -wal file if the backup has one), then press “Check again”.',
  'journal.recheck': 'Check again',
  'journal.accept': 'Keep this file as it is',
  'journal.acceptHelp':
    'The file that is there becomes this till’s journal; what it lacks stays missing. This is recorded in the journal.',
  'journal.startNew': 'Start a new journal',
  'journal.startNewHelp':
    'The file is set aside (renamed with today’s date, never deleted) and an empty journal begins. This is recorded in the new journal.',
  'journal.confirmStartNew':
    'Start a new, empty journal? The current file is kept aside, but this till will not show its payments.',
  'journal.confirm': 'Yes, start a new journal',
  'journal.cancel': 'Cancel',
  'journal.adminNeeded': 'An admin must confirm this with the admin PIN.',
  'journal.unlockAndDo': 'Confirm with admin PIN',
  'journal.stillRefused': 'Checked again: the journal is still refused.',
  'journal.resolved': 'The journal is in order. Payments can be taken again.',
} as const;
