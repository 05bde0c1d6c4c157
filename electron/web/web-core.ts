import { createCore, type CreateCoreOptions } from '../core/core.ts';
import type { Core } from '../core/core-api.ts';
import { createConsentBroker, type ConsentBroker } from './consent-broker.ts';

// The core as the browser preview (and the web host's tests) run it: customers.openConsent is served by the
// web host's consent broker, whose ticketed page the customer display offers the customer (in a popup there). The broker needs the core (consent
// requests, completing the link) and the core needs the broker's opener, so the broker is made first and
// reaches the core through a function that only runs once both exist.

export interface WebCore {
  readonly core: Core;
  readonly consent: ConsentBroker;
}

export async function createWebCore(options: Omit<CreateCoreOptions, 'transport' | 'openConsent'>): Promise<WebCore> {
  let core: Core | null = null;
  const consent = createConsentBroker({
    core: () => {
      if (!core) throw new Error('the consent broker was used before the core started');
      return core;
    },
  });
  // The page goes to the customer display, never to the cashier's screen: the customer approves, not the cashier.
  core = await createCore({
    ...options,
    transport: 'web',
    openConsent: async (linkToken, showOnCustomerDisplay) => {
      showOnCustomerDisplay(await consent.open(linkToken));
      return { kind: 'customer-display' };
    },
  });
  return { core, consent };
}
