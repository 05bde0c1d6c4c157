import type { EnvironmentId } from '../../../shared/settings.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { isLoopbackHost } from '../http/base-url.ts';

// Which consent page the till may open with the customer's app token (wire-details §3.3). The provider's
// link-session answer names the page (`redirectUrl`); a wrong or tampered answer must not make the consent
// window (Electron) or the broker (web preview) load some other site with the app token, nor send it in clear
// text. So: https only, on the default port, no credentials, and only on the hosts the environment's provider
// serves from. The embedded sandbox serves its page from its own loopback origin, and a custom gateway on
// this computer (plain http on loopback) may serve it from that exact origin; nothing else gets http.
//
// The live consent page's address is not published: we expect it on the provider's own domains (the
// gateway's, and for production the wallet's market domains). If the provider moves it elsewhere, linking
// is refused with the address named, never opened.

/** The gateway a link session was created at: where its consent page is expected. */
export interface ConsentGateway {
  readonly environment: EnvironmentId;
  /** The tokenized profile's base URL (scheme, host, base path). */
  readonly baseUrl: string;
}

export type ConsentPageRefusal = 'unparseable' | 'credentials' | 'not-https' | 'port' | 'unexpected-host';
export type ConsentPageDecision = { readonly ok: true } | { readonly ok: false; readonly reason: ConsentPageRefusal };

/** Registrable domains the provider's consent pages may be served under, per published environment. */
export const PROVIDER_CONSENT_DOMAINS = {
  'provider-sandbox': ['shopback.com'],
  production: ['hoolah.co', 'shopback.com', 'shopback.sg', 'shopback.com.hk', 'shopback.co.th'],
} as const satisfies Record<string, readonly string[]>;

export function consentPageDecision(url: string, gateway: ConsentGateway): ConsentPageDecision {
  const page = parse(url);
  const base = parse(gateway.baseUrl);
  if (page === null || base === null) return refuse('unparseable');
  if (page.username !== '' || page.password !== '') return refuse('credentials');
  const webScheme = page.protocol === 'https:' || page.protocol === 'http:';

  // Gateways on this computer (the embedded sandbox; a custom gateway on loopback): exactly their origin.
  const localGateway =
    isLoopbackHost(base.hostname) && (gateway.environment === 'embedded-sandbox' || gateway.environment === 'custom');
  if (localGateway || gateway.environment === 'embedded-sandbox') {
    if (localGateway && page.protocol === base.protocol && page.host === base.host) return { ok: true };
    return refuse(webScheme ? 'unexpected-host' : 'not-https');
  }
  if (page.protocol !== 'https:') return refuse('not-https');
  if (page.port !== base.port) return refuse('port');
  const host = page.hostname.toLowerCase();
  const expected =
    gateway.environment === 'custom'
      ? [base.hostname]
      : gateway.environment === 'provider-sandbox'
        ? [base.hostname, ...PROVIDER_CONSENT_DOMAINS['provider-sandbox']]
        : [base.hostname, ...PROVIDER_CONSENT_DOMAINS.production];
  // A custom gateway's page: that host only. The provider's: its gateway host or a host under its domains.
  const fits = gateway.environment === 'custom' ? host === base.hostname.toLowerCase() : underAny(host, expected);
  return fits ? { ok: true } : refuse('unexpected-host');
}

export function isExpectedConsentPage(url: string, gateway: ConsentGateway): boolean {
  return consentPageDecision(url, gateway).ok;
}

/**
 * For the openers (Electron's consent window, the web host's broker) and the core at link start: throws
 * link.failed naming the refused address, so the page is never loaded and the app token never sent.
 */
export function assertExpectedConsentPage(url: string, gateway: ConsentGateway): void {
  const decision = consentPageDecision(url, gateway);
  if (!decision.ok) {
    throw new PosError('link.failed', {
      notice: notice('link.consent-untrusted', { address: consentPageHost(url) }),
      details: { reason: decision.reason },
    });
  }
}

/** The host as a person would read it in a message (no path, no query: those may carry tokens). */
export function consentPageHost(url: string): string {
  const parsed = parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}` : '(not a web address)';
}

function underAny(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => {
    const d = domain.toLowerCase();
    return host === d || host.endsWith(`.${d}`);
  });
}

function parse(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}

function refuse(reason: ConsentPageRefusal): ConsentPageDecision {
  return { ok: false, reason };
}
