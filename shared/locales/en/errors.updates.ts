// Error texts of updates (electron/core/updates/), spread at the end of ./errors.ts.

export const UPDATE_ERRORS_EN = {
  'updates.payment-open':
    'A payment is still open on this till. The update installs once it is finished; press Restart to update again then.',
  'updates.payment-in-doubt':
    'A payment’s outcome is still being checked with the provider (Unresolved). The update installs once it is settled; press Restart to update again then.',
  'updates.nothing-waiting': 'No update is downloaded and waiting to install.',
  'updates.not-available': 'This till cannot install updates when it runs in a browser. Updates install in the app.',
  'updates.signature-invalid':
    'The update feed is not signed by the Wallet POS publisher (no signature, a wrong one or another key’s), so nothing was downloaded or installed. Ask your IT to check the feed.',
} as const;
