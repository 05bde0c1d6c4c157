import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { InStoreClient, type InStoreClientConfig } from './client.ts';
import { resolveProfile } from './profiles.ts';
import type { HttpExchange } from '../http/exchange.ts';

// Shared by the in-store client's sandbox tests: a client for the demo merchant of an embedded sandbox
// (short retries and timeouts, every exchange recorded), and the PosError a call is expected to throw.

export function demoSandboxClient(
  instoreBaseUrl: string,
  overrides: Partial<InStoreClientConfig> = {},
): { client: InStoreClient; exchanges: HttpExchange[] } {
  const exchanges: HttpExchange[] = [];
  const client = new InStoreClient({
    profile: resolveProfile({ environment: 'embedded-sandbox', embeddedBaseUrl: instoreBaseUrl }),
    credentials: { accessKeyId: DEMO_CREDENTIALS.accessKeyId, accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
    posId: DEMO_CREDENTIALS.posId,
    country: 'SG',
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    timeouts: { connectMs: 2_000, readMs: 3_000 },
    onExchange: (exchange) => exchanges.push(exchange),
    ...overrides,
  });
  return { client, exchanges };
}
