import { type CountryCode, CURRENCY_OF_COUNTRY } from '../../../shared/money.ts';
import type { EnvironmentId } from '../../../shared/settings.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import { normaliseBaseUrl } from '../http/base-url.ts';
import { HEADER_PREFIXES } from '../provider/header-names.ts';

// Where the in-store API lives and which header prefix it expects, per environment (wire-details §1, §2.1).
// The embedded sandbox keeps its own copy of these facts, written from the documents;
// provider/embedded-sandbox-wire.test.ts checks that the two agree.

/** Published base URLs; endpoint URL = base + `/v1/instore/order/...`. */
export const PUBLISHED_BASE_URLS = {
  'provider-sandbox': 'https://integrations-sandbox.shopback.com/posi-sandbox',
  'sg-production': 'https://integrations.shopback.sg/posi',
  'hk-production': 'https://integrations.shopback.com.hk/posi',
  'th-production': 'https://integrations.shopback.co.th/posi',
} as const;

/** The path our embedded sandbox serves the in-store API under (its origin is chosen at run time). */
export const EMBEDDED_BASE_PATH = '/posi-sandbox';

export interface EnvironmentProfile {
  readonly id: EnvironmentId;
  /** Which provider environment this is, for the admin (rendered in the till's language). */
  readonly name: Notice;
  /** Scheme + host + base path, no trailing slash. */
  readonly baseUrl: string;
  /** `X-Service-` or `X-ShopBack-`. */
  readonly headerPrefix: string;
  /** True where payments move real money (production, or a custom address we cannot vouch for). */
  readonly live: boolean;
}

export interface ProfileInput {
  readonly environment: EnvironmentId;
  /** Required for `custom`: AU production (URL unpublished) or a proxy. */
  readonly customBaseUrl?: string | undefined;
  /** Required for `embedded-sandbox`: `instoreBaseUrl` of the running simulator. */
  readonly embeddedBaseUrl?: string | null | undefined;
  /** A proxy in front of our own sandbox may need `X-Service-`; the real provider needs `X-ShopBack-`. */
  readonly customHeaderPrefix?: string | undefined;
}

export function resolveProfile(input: ProfileInput): EnvironmentProfile {
  const { environment } = input;
  switch (environment) {
    case 'embedded-sandbox': {
      if (!input.embeddedBaseUrl) {
        throw new PosError('settings.invalid', { notice: notice('provider.demo-not-running') });
      }
      return profile(environment, normaliseBaseUrl(input.embeddedBaseUrl), HEADER_PREFIXES.embedded, false);
    }
    case 'provider-sandbox':
      return profile(environment, PUBLISHED_BASE_URLS[environment], HEADER_PREFIXES.provider, false);
    case 'sg-production':
    case 'hk-production':
    case 'th-production':
      return profile(environment, PUBLISHED_BASE_URLS[environment], HEADER_PREFIXES.provider, true);
    case 'custom': {
      const prefix = input.customHeaderPrefix ?? HEADER_PREFIXES.provider;
      if (!/^X-[A-Za-z0-9]+-$/.test(prefix)) {
        throw new PosError('settings.invalid', { notice: notice('provider.header-prefix-invalid') });
      }
      return profile(environment, normaliseBaseUrl(input.customBaseUrl ?? ''), prefix, true);
    }
  }
}

function profile(id: EnvironmentId, baseUrl: string, headerPrefix: string, live: boolean): EnvironmentProfile {
  return { id, name: notice(`environment.${id}`), baseUrl, headerPrefix, live };
}

/** The in-store API accepts only fixed country ↔ currency pairs; refuse others before anything is sent. */
export function assertCurrencyPair(country: CountryCode, currency: CurrencyCode): void {
  if (CURRENCY_OF_COUNTRY[country] !== currency) {
    throw new PosError('currency.unsupported', {
      notice: notice('provider.currency-not-in-country', { currency, country, accepted: CURRENCY_OF_COUNTRY[country] }),
      details: { country, currency, outcomeUnknown: false },
    });
  }
}
