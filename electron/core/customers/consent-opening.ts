import type { ConsentOnDisplay, ConsentOpening } from '../../../shared/consent.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// `customers.openConsent` belongs to the transport, not to the customer module: only main can show the
// consent page with the app-token header (Electron: a dedicated window; browser preview: the web host's
// broker behind a popup). Each transport passes its opener to createCore; without one, this refusal.

/**
 * A transport's way to show a linking session's consent page to the customer: its own window (Electron), or
 * `showOnCustomerDisplay`, which sends the page's address to the customer display (browser preview).
 */
export type ConsentOpener = (
  linkToken: string,
  showOnCustomerDisplay: (page: ConsentOnDisplay) => void,
) => Promise<ConsentOpening>;

/** The core's own answer: no transport here can show the page. */
export async function consentNotAvailable(_linkToken: string): Promise<ConsentOpening> {
  throw new PosError('link.failed', { notice: notice('link.consent-not-here') });
}
