import type { CurrencyCode } from '../../../shared/money.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { DEMO_LINK_CALLBACK_URL, DEMO_TOKENIZED_CREDENTIALS, DEMO_TOKENIZED_MERCHANT } from '../provider/demo.ts';
import type { CoreContext } from '../core-context.ts';
import { createTokenizedClient, type TokenizedClient, type TokenizedClientConfig } from '../tokenized/client.ts';
import { resolveTokenizedProfile } from '../tokenized/wire.ts';

// The tokenized client as the settings say right now: in demo mode the embedded sandbox with its published
// demo merchant (MERCHANT_DEMO / TK_…), otherwise the environment's published address with the merchant id
// from Settings and its secret from the vault. One client per configuration, rebuilt after any settings
// change (a new merchant must never reuse the old merchant's token).

export type TokenizedClientTuning = Pick<
  TokenizedClientConfig,
  'timeouts' | 'retry' | 'sleep' | 'random' | 'onExchange'
>;

export interface TokenizedConnection {
  readonly client: TokenizedClient;
  readonly merchantId: string;
  readonly currency: CurrencyCode;
  /** Where the consent page sends the customer back (intercepted by the consent window). */
  readonly linkCallbackUrl: string;
  readonly demo: boolean;
}

export interface TokenizedAccess {
  connection(): Promise<TokenizedConnection>;
  close(): void;
}

export function createTokenizedAccess(context: CoreContext, tuning: TokenizedClientTuning): TokenizedAccess {
  let generation = 0;
  let cached: { generation: number; connection: Promise<TokenizedConnection> } | null = null;
  const stop = context.settings.onChange(() => {
    generation += 1;
  });

  async function build(): Promise<TokenizedConnection> {
    const settings = context.settings.current();
    const demo = settings.environment === 'embedded-sandbox';
    if (demo) {
      const sandbox = await context.provider.ensureSandbox();
      const profile = resolveTokenizedProfile({
        environment: settings.environment,
        embeddedBaseUrl: sandbox.tokenizedBaseUrl,
      });
      return {
        client: createTokenizedClient({
          ...tuning,
          profile,
          credentials: DEMO_TOKENIZED_CREDENTIALS,
          currency: DEMO_TOKENIZED_MERCHANT.currency,
          fetch: context.fetch,
        }),
        merchantId: DEMO_TOKENIZED_CREDENTIALS.merchantId,
        currency: DEMO_TOKENIZED_MERCHANT.currency,
        linkCallbackUrl: settings.tokenized.callbackUrl || DEMO_LINK_CALLBACK_URL,
        demo,
      };
    }
    const merchantId = settings.tokenized.merchantId.trim();
    const secret = (await context.settings.readSecret('tokenizedMerchantSecret')) ?? '';
    if (!merchantId || !secret) {
      throw new PosError('auth.missing', { notice: notice('customers.credentials-missing') });
    }
    if (!settings.tokenized.callbackUrl) {
      throw new PosError('settings.invalid', { notice: notice('customers.callback-missing') });
    }
    // The custom address is read only for `custom`; the published environments ignore it.
    const profile = resolveTokenizedProfile({
      environment: settings.environment,
      customBaseUrl: settings.tokenized.customBaseUrl.trim() || undefined,
    });
    return {
      client: createTokenizedClient({
        ...tuning,
        profile,
        credentials: { merchantId, secret },
        currency: settings.currency,
        fetch: context.fetch,
      }),
      merchantId,
      currency: settings.currency,
      linkCallbackUrl: settings.tokenized.callbackUrl,
      demo,
    };
  }

  return {
    connection() {
      if (cached && cached.generation === generation) return cached.connection;
      const entry = { generation, connection: build() };
      // A failure (no credentials yet) is not cached: the next call tries again.
      entry.connection.catch(() => {
        if (cached === entry) cached = null;
      });
      cached = entry;
      return entry.connection;
    },
    close: stop,
  };
}
