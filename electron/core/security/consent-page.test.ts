import { describe, expect, it } from 'vitest';
import { consentPageDecision, consentPageHost, isExpectedConsentPage, type ConsentGateway } from './consent-page.ts';

// The provider's link-session answer names the page the consent window opens with the customer's app token.
// Hostile or mistaken answers must never be opened.

const EMBEDDED: ConsentGateway = { environment: 'embedded-sandbox', baseUrl: 'http://127.0.0.1:8787/demo/merchant' };
const SANDBOX: ConsentGateway = {
  environment: 'provider-sandbox',
  baseUrl: 'https://integrations-sandbox.shopback.com/demo/merchant',
};
const PRODUCTION: ConsentGateway = {
  environment: 'sg-production',
  baseUrl: 'https://prod-merchant-service.hoolah.co/merchant',
};
const CUSTOM: ConsentGateway = { environment: 'custom', baseUrl: 'https://gateway.shop.example/merchant' };
const CUSTOM_LOCAL: ConsentGateway = { environment: 'custom', baseUrl: 'http://localhost:9000/merchant' };

describe('consent page trust', () => {
  it.each<[string, ConsentGateway]>([
    ['http://127.0.0.1:8787/demo/merchant/consent/lt_1', EMBEDDED],
    ['https://integrations-sandbox.shopback.com/demo/merchant/consent', SANDBOX],
    ['https://consent.shopback.com/link?x=1', SANDBOX],
    ['https://prod-merchant-service.hoolah.co/merchant/consent', PRODUCTION],
    ['https://app.shopback.sg/consent', PRODUCTION],
    ['https://www.shopback.com.hk/consent', { ...PRODUCTION, environment: 'hk-production' }],
    ['https://gateway.shop.example/consent/abc', CUSTOM],
    ['http://localhost:9000/consent/abc', CUSTOM_LOCAL],
  ])('opens %s', (url, gateway) => {
    expect(consentPageDecision(url, gateway)).toEqual({ ok: true });
  });

  it.each<[string, ConsentGateway, string]>([
    // Plain http, any scheme but https
    ['http://integrations-sandbox.shopback.com/demo/merchant/consent', SANDBOX, 'not-https'],
    ['http://prod-merchant-service.hoolah.co/merchant/consent', PRODUCTION, 'not-https'],
    ['javascript:alert(document.cookie)', SANDBOX, 'not-https'],
    ['data:text/html,<form action=https://evil.example>', PRODUCTION, 'not-https'],
    ['file:///etc/passwd', PRODUCTION, 'not-https'],
    ['ftp://consent.shopback.com/', SANDBOX, 'not-https'],
    ['ws://consent.shopback.com/', SANDBOX, 'not-https'],
    ['app://wallet-pos/', PRODUCTION, 'not-https'],
    ['javascript:alert(1)', EMBEDDED, 'not-https'],
    // Other hosts and lookalikes
    ['https://evil.example/consent', SANDBOX, 'unexpected-host'],
    ['https://shopback.com.evil.example/consent', SANDBOX, 'unexpected-host'],
    ['https://evilshopback.com/consent', SANDBOX, 'unexpected-host'],
    ['https://consent.shopback.com./x', SANDBOX, 'unexpected-host'],
    ['https://xn--shopbck-jwa.com/consent', SANDBOX, 'unexpected-host'],
    ['https://hoolah.co.evil.example/', PRODUCTION, 'unexpected-host'],
    ['https://app.shopback.sg/consent', SANDBOX, 'unexpected-host'],
    ['https://127.0.0.1/consent', PRODUCTION, 'unexpected-host'],
    ['https://[::1]/consent', PRODUCTION, 'unexpected-host'],
    ['https://10.0.0.5/consent', CUSTOM, 'unexpected-host'],
    ['https://other.shop.example/consent', CUSTOM, 'unexpected-host'],
    // Credentials tricks, ports
    ['https://consent.shopback.com@evil.example/', SANDBOX, 'credentials'],
    ['https://user:pass@consent.shopback.com/', SANDBOX, 'credentials'],
    ['https://consent.shopback.com:8443/', SANDBOX, 'port'],
    // The embedded sandbox: its own loopback origin only
    ['http://127.0.0.1:9999/demo/merchant/consent/lt_1', EMBEDDED, 'unexpected-host'],
    ['http://localhost:8787/demo/merchant/consent/lt_1', EMBEDDED, 'unexpected-host'],
    ['https://127.0.0.1:8787/demo/merchant/consent/lt_1', EMBEDDED, 'unexpected-host'],
    ['https://integrations-sandbox.shopback.com/demo/merchant/consent', EMBEDDED, 'unexpected-host'],
    ['http://192.168.1.20:8787/consent', EMBEDDED, 'unexpected-host'],
    ['http://localhost:9001/consent/abc', CUSTOM_LOCAL, 'unexpected-host'],
    ['http://127.0.0.1:9000/consent/abc', CUSTOM, 'not-https'],
    // Not a URL
    ['', SANDBOX, 'unparseable'],
    ['/consent/relative', SANDBOX, 'unparseable'],
    ['https://', SANDBOX, 'unparseable'],
  ])('refuses %s', (url, gateway, reason) => {
    expect(consentPageDecision(url, gateway)).toEqual({ ok: false, reason });
    expect(isExpectedConsentPage(url, gateway)).toBe(false);
  });

  it('refuses anything when the gateway itself is not a URL', () => {
    expect(
      consentPageDecision('https://consent.shopback.com/', { environment: 'provider-sandbox', baseUrl: 'not a url' }),
    ).toEqual({ ok: false, reason: 'unparseable' });
  });

  it('names a refused page by scheme and host only (path and query may carry tokens)', () => {
    expect(consentPageHost('http://evil.example:8080/consent?appToken=secret#x')).toBe('http://evil.example:8080');
    expect(consentPageHost('nonsense')).toBe('(not a web address)');
  });
});
