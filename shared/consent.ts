import { z } from 'zod';
import { linkToken } from './request-atoms.ts';

// The consent page a customer approves a link on (shared/customers.ts starts the link): served by the transport
// that shows it, not the customer module (the Electron consent window, or the web host's consent broker).

/**
 * Where the consent page went: Electron's consent window (on the customer display's screen when there is
 * one), or the customer display of the browser preview, where the customer opens it themselves. Never a page
 * the cashier could approve on.
 */
export type ConsentOpening =
  { readonly kind: 'window'; readonly onCustomerDisplay?: boolean } | { readonly kind: 'customer-display' };

/** The consent page for the customer display to offer: its ticketed address on the web host. */
export interface ConsentOnDisplay {
  readonly linkToken: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** Served by the transport, not the customer module: only main can open a window with the app-token header. */
export interface ConsentChannels {
  'customers.openConsent': { request: { linkToken: string }; response: ConsentOpening };
}

export const consentRequestSchemas: { [K in keyof ConsentChannels]: z.ZodType<ConsentChannels[K]['request']> } = {
  'customers.openConsent': z.object({ linkToken }).strict(),
};

export interface ConsentEvents {
  /** Browser preview: the customer display offers this consent page to the customer (see ConsentOpening). */
  'customers.consentOnDisplay': ConsentOnDisplay;
}
