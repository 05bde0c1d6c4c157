import type { ConsentOpening, RequestOf } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { CoreApi } from '../core-api.ts';

// `customers.openConsent` belongs to the transport, not to the customer module: only main can show the
// consent page with the app-token header (Electron: a dedicated window; browser preview: the web host's
// broker behind a popup). The core answers with a clear refusal; each transport puts its own opener in.

/** The core's own answer: no transport here can show the page. */
export async function consentNotAvailable(_request: RequestOf<'customers.openConsent'>): Promise<ConsentOpening> {
  throw new PosError('link.failed', { message: 'This screen cannot show the customer’s consent page. Link the customer from the till app.' });
}

/** The same core, with `customers.openConsent` served by `open`. */
export function withConsentOpener(core: CoreApi, open: (linkToken: string) => Promise<ConsentOpening>): CoreApi {
  return {
    handlers: { ...core.handlers, 'customers.openConsent': (request) => open(request.linkToken) },
    onEvent: (listener) => core.onEvent(listener),
    consent: core.consent,
  };
}
