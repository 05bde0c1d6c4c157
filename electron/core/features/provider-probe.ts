import type { ConnectionTestResult } from '../../../shared/settings.ts';
import type { ProviderAccess } from '../provider/provider-access.ts';
import type { StatusBudget } from '../status/status-budget.ts';

// The provider's connection test, as the status bar's probe and "Check this till" both make it: a status
// request like the payments' own, so it takes a slot of the terminal's budget, in the screen lane (a person
// is looking, and must not wait behind a queue of background polls).

export interface ProviderProbe {
  /** Health's test: rejects when nothing is set up to test. */
  testConnection(): Promise<ConnectionTestResult>;
  /** The status bar's: never throws for provider trouble (the test describes it); nothing set up → null (unknown). */
  probe(): Promise<ConnectionTestResult | null>;
}

export function providerProbe(provider: ProviderAccess, statusBudget: StatusBudget): ProviderProbe {
  type Client = Awaited<ReturnType<ProviderAccess['instoreClient']>>;
  const testThrough = async (client: Client): Promise<ConnectionTestResult> => {
    const release = await statusBudget.acquire('screen');
    try {
      return await client.testConnection();
    } finally {
      release();
    }
  };
  return {
    testConnection: async () => testThrough(await provider.instoreClient()),
    probe: async () => {
      const client = await provider.instoreClient().catch(() => null);
      return client ? testThrough(client) : null;
    },
  };
}
