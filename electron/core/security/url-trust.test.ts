import { describe, expect, it } from 'vitest';
import { PRODUCTION_APP_ORIGIN, originOf } from './app-origin.ts';
import { isTrustedUrl } from './url-trust.ts';

const DEV = 'http://localhost:5173';

describe('isTrustedUrl (production app:// origin)', () => {
  it.each([
    'app://wallet-pos/',
    'app://wallet-pos/customer-display',
    'app://wallet-pos/assets/index-abc123.js?x=1#y',
    'APP://WALLET-POS/',
  ])('trusts our own page %s', (url) => {
    expect(isTrustedUrl(url, PRODUCTION_APP_ORIGIN)).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: disguised', ' javascript:fetch("app://wallet-pos/")'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:app://wallet-pos/0b2c4f70-0000-4000-8000-000000000000'],
    ['lookalike host suffix', 'app://wallet-pos.evil/'],
    ['lookalike host prefix', 'app://evil-wallet-pos/'],
    ['lookalike subdomain', 'app://wallet-pos.attacker.com/'],
    ['other scheme same host', 'https://wallet-pos/'],
    ['userinfo trick', 'app://wallet-pos@evil.com/'],
    ['userinfo with password', 'app://user:pass@wallet-pos/'],
    ['port on custom origin', 'app://wallet-pos:8080/'],
    ['about:blank', 'about:blank'],
    ['chrome: page', 'chrome://settings'],
    ['devtools', 'devtools://devtools/bundled/inspector.html'],
    ['empty string', ''],
    ['garbage', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(isTrustedUrl(url, PRODUCTION_APP_ORIGIN)).toBe(false);
  });
});

describe('isTrustedUrl (dev server / web host on loopback)', () => {
  it('trusts the same scheme, host and port', () => {
    expect(isTrustedUrl('http://localhost:5173/customer-display', DEV)).toBe(true);
  });

  it.each([
    ['other port', 'http://localhost:5174/'],
    ['no port', 'http://localhost/'],
    ['https instead of http', 'https://localhost:5173/'],
    ['127.0.0.1 is another origin than localhost', 'http://127.0.0.1:5173/'],
    ['userinfo trick', 'http://127.0.0.1@evil.com/'],
    ['userinfo trick with our host as user', 'http://localhost:5173@evil.com/'],
    ['lookalike host', 'http://localhost.evil.com:5173/'],
    ['ws scheme', 'ws://localhost:5173/'],
  ])('refuses %s', (_label, url) => {
    expect(isTrustedUrl(url, DEV)).toBe(false);
  });

  it('treats a default port as the same origin, as browsers do', () => {
    expect(isTrustedUrl('http://example.test:80/', 'http://example.test')).toBe(true);
  });

  it('refuses everything when the app origin itself is unusable', () => {
    expect(isTrustedUrl('javascript:1', 'javascript:1')).toBe(false);
    expect(isTrustedUrl('', '')).toBe(false);
  });
});

describe('originOf', () => {
  it('builds custom-scheme origins that URL.origin reports as "null"', () => {
    expect(new URL('app://wallet-pos/x').origin).toBe('null');
    expect(originOf('app://wallet-pos/x')).toBe('app://wallet-pos');
  });
});
