import type { CustomerAttemptRow } from './rows.ts';

// Questions about one charge or hold row that the sends, the hold operations and the resolver all ask.

/** Nothing more to find out: the request's outcome is known and the provider will not move it by itself soon. */
export function isSettled(row: Pick<CustomerAttemptRow, 'state' | 'providerStatus'>): boolean {
  return !(
    row.state === 'sending' ||
    row.state === 'checking' ||
    row.state === 'capturing' ||
    row.state === 'voiding' ||
    row.providerStatus === 'PENDING'
  );
}

export function isCaptured(row: CustomerAttemptRow): boolean {
  return row.state === 'final' && (row.providerStatus === 'CAPTURE_INITIATED' || row.providerStatus === 'CAPTURED');
}
