import type { EnvironmentId } from '../../../shared/settings.ts';
import type { PreAuthStatus } from '../../../shared/customer-holds.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { normaliseBaseUrl } from '../http/base-url.ts';
import { appTokenHeaderName, HEADER_PREFIXES, idempotencyHeaderName } from '../provider/header-names.ts';

// The tokenized API's fixed vocabulary (tokenized-payment-api.md, wire-details §1 and §3): where it lives per
// environment, its paths, states and error codes. The header prefix is the provider's
// (provider/header-names.ts: one place for both APIs). The embedded sandbox keeps its own copy, written from the documents;
// provider/embedded-sandbox-wire.test.ts checks that the two agree.

/** Every endpoint path starts with this, below the merchant gateway base URL. */
export const API_PREFIX = '/tokenized-payment/v1';
/** Merchant login, directly below the base URL (wire-details §3.1). */
export const LOGIN_PATH = '/auth/login';
/** The path our embedded sandbox serves the tokenized API under. */
export const EMBEDDED_TOKENIZED_BASE_PATH = '/demo/merchant';

export const PATHS = {
  link: `${API_PREFIX}/link-sessions/link`,
  linkStatus: (linkToken: string) => `${API_PREFIX}/link-sessions/link/${encodeURIComponent(linkToken)}`,
  exchange: `${API_PREFIX}/link-sessions/token`,
  unlink: `${API_PREFIX}/tokens/unlink`,
  cashback: `${API_PREFIX}/tokens/cashback-balance`,
  preAuths: `${API_PREFIX}/pre-auths`,
  preAuth: (id: string) => `${API_PREFIX}/pre-auths/${encodeURIComponent(id)}`,
  capture: (id: string) => `${API_PREFIX}/pre-auths/${encodeURIComponent(id)}/capture`,
  void: (id: string) => `${API_PREFIX}/pre-auths/${encodeURIComponent(id)}/void`,
  charge: `${API_PREFIX}/charge`,
} as const;

/** Published base URLs (wire-details §3.1). Production is one address for every market. */
export const PUBLISHED_TOKENIZED_BASE_URLS = {
  'provider-sandbox': 'https://integrations-sandbox.shopback.com/demo/merchant',
  production: 'https://prod-merchant-service.hoolah.co/merchant',
} as const;

export { PRE_AUTH_STATUSES, type PreAuthStatus } from '../../../shared/customer-holds.ts';
/** No transition leaves these (the document's rule 2). */
export const FINAL_PRE_AUTH_STATUSES: ReadonlySet<PreAuthStatus> = new Set([
  'CAPTURED',
  'VOIDED',
  'DECLINED',
  'EXPIRED',
]);

export const LINK_SESSION_STATUSES = ['PENDING', 'CODE_ISSUED', 'COMPLETED', 'EXPIRED'] as const;
export type LinkSessionStatus = (typeof LINK_SESSION_STATUSES)[number];

export const CHARGE_STATUSES = ['APPROVED', 'REJECTED'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** Webhook `order_status`: the document shows SUCCESS and FAILED; the live online API also sends ERROR. */
export const ORDER_OUTCOME_STATUSES = ['SUCCESS', 'FAILED', 'ERROR'] as const;
export type OrderOutcomeStatus = (typeof ORDER_OUTCOME_STATUSES)[number];

/** The document's error table, `error` (or `code`) values. */
export const TOKENIZED_ERROR_CODES = [
  'bad-request',
  'link-session.not-found',
  'auth-code.expired',
  'auth-code.invalid',
  'payment-token.invalid',
  'pre-auth.not-found',
  'pre-auth.already-captured',
  'pre-auth.already-voided',
  'pre-auth.declined',
  'pre-auth.expired',
  'unauthorized',
] as const;
export type TokenizedErrorCode = (typeof TOKENIZED_ERROR_CODES)[number];

/** Limits the document and wire-details §3.2 publish. */
export const LIMITS = {
  metadataKeys: 5,
  metadataValueChars: 200,
  phoneHintChars: 30,
  emailHintChars: 254,
  voidReasonChars: 500,
  linkSessionMs: 20 * 60 * 1000,
  authCodeMs: 60 * 1000,
  merchantTokenMs: 8 * 60 * 60 * 1000,
} as const;

export interface TokenizedProfile {
  readonly environment: EnvironmentId;
  /** Scheme + host + base path, no trailing slash; endpoint URL = base + path. */
  readonly baseUrl: string;
  readonly idempotencyHeader: string;
  readonly appTokenHeader: string;
}

export interface TokenizedProfileInput {
  readonly environment: EnvironmentId;
  /** `tokenizedBaseUrl` of the running embedded sandbox (embedded-sandbox only). */
  readonly embeddedBaseUrl?: string | null | undefined;
  /** For `custom`: the merchant gateway address (a proxy, or a market whose address is not published). */
  readonly customBaseUrl?: string | undefined;
  readonly customHeaderPrefix?: string | undefined;
}

export function resolveTokenizedProfile(input: TokenizedProfileInput): TokenizedProfile {
  switch (input.environment) {
    case 'embedded-sandbox':
      if (!input.embeddedBaseUrl) {
        throw new PosError('settings.invalid', { notice: notice('provider.demo-not-running') });
      }
      return profile(input.environment, normaliseBaseUrl(input.embeddedBaseUrl), HEADER_PREFIXES.embedded);
    case 'provider-sandbox':
      return profile(input.environment, PUBLISHED_TOKENIZED_BASE_URLS['provider-sandbox'], HEADER_PREFIXES.provider);
    case 'sg-production':
    case 'hk-production':
    case 'th-production':
      return profile(input.environment, PUBLISHED_TOKENIZED_BASE_URLS.production, HEADER_PREFIXES.provider);
    case 'custom':
      if (!input.customBaseUrl) {
        throw new PosError('settings.invalid', { notice: notice('customers.gateway-missing') });
      }
      return profile(
        input.environment,
        normaliseBaseUrl(input.customBaseUrl),
        input.customHeaderPrefix ?? HEADER_PREFIXES.provider,
      );
  }
}

function profile(environment: EnvironmentId, baseUrl: string, prefix: string): TokenizedProfile {
  return {
    environment,
    baseUrl,
    idempotencyHeader: idempotencyHeaderName(prefix),
    appTokenHeader: appTokenHeaderName(prefix),
  };
}
