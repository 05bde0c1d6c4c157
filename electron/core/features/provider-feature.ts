import type { CoreModule } from '../core-module.ts';
import { DEMO_CREDENTIALS, startSandbox } from '../provider/demo.ts';
import { createProviderAccess, type DemoCredentials, type ProviderAccess } from '../provider/provider-access.ts';
import type { CoreBase } from './core-base.ts';
import type { StaffGives } from './staff-feature.ts';

// The provider as configured (the embedded sandbox in demo mode). Closed after every service that calls it.

export interface ProviderGives {
  readonly provider: ProviderAccess;
  readonly demoCredentials: DemoCredentials;
}

export const providerFeature: CoreModule<CoreBase & StaffGives, ProviderGives> = {
  name: 'provider',
  async start({ options, settings, fetch }) {
    const demoCredentials = options.demoCredentials ?? DEMO_CREDENTIALS;
    const provider = createProviderAccess({
      settings,
      fetch,
      startSandbox: options.startSandbox ?? startSandbox,
      demoCredentials,
      sandboxPort: options.sandbox?.port,
    });
    // Demo mode: the sandbox is up before the first screen asks for app.info (and before preview prints its URL).
    if (settings.current().environment === 'embedded-sandbox') {
      await provider.ensureSandbox().catch(async (error: unknown) => {
        await provider.close();
        throw error;
      });
    }
    return { close: () => provider.close(), gives: { provider, demoCredentials } };
  },
};
