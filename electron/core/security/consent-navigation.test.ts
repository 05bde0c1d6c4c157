import { describe, expect, it } from 'vitest';
import { consentNavigation, isCallbackUrl } from './consent-navigation.ts';

const target = {
  consentUrl: 'http://127.0.0.1:8787/demo/merchant/consent/4b1c-77',
  callbackUrl: 'https://till.wallet-pos.invalid/link/callback',
};

describe('isCallbackUrl', () => {
  it.each([
    'https://till.wallet-pos.invalid/link/callback?state=abc&code=xyz',
    'https://till.wallet-pos.invalid/link/callback',
    'HTTPS://TILL.WALLET-POS.INVALID/link/callback?code=1',
    'https://till.wallet-pos.invalid:443/link/callback?state=s',
  ])('recognises the callback %s', (url) => {
    expect(isCallbackUrl(url, target.callbackUrl)).toBe(true);
  });

  it.each([
    ['another path', 'https://till.wallet-pos.invalid/link/callback/extra?code=1'],
    ['a path prefix', 'https://till.wallet-pos.invalid/link/call?code=1'],
    ['plain http', 'http://till.wallet-pos.invalid/link/callback?code=1'],
    ['another port', 'https://till.wallet-pos.invalid:8443/link/callback?code=1'],
    ['a lookalike host', 'https://till.wallet-pos.invalid.evil.com/link/callback?code=1'],
    ['userinfo trick', 'https://till.wallet-pos.invalid@evil.com/link/callback?code=1'],
    ['credentials on the callback host', 'https://user:pw@till.wallet-pos.invalid/link/callback?code=1'],
    ['javascript:', 'javascript:location="https://till.wallet-pos.invalid/link/callback"'],
    ['data:', 'data:text/html,https://till.wallet-pos.invalid/link/callback'],
    ['garbage', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(isCallbackUrl(url, target.callbackUrl)).toBe(false);
  });
});

describe('consentNavigation', () => {
  it('lets the consent page move within its own origin (its form posts)', () => {
    expect(consentNavigation('http://127.0.0.1:8787/demo/merchant/consent/4b1c-77', target)).toBe('allow');
    expect(consentNavigation('http://127.0.0.1:8787/demo/merchant/consent/4b1c-77?step=2', target)).toBe('allow');
  });

  it('catches the redirect to the callback', () => {
    expect(consentNavigation('https://till.wallet-pos.invalid/link/callback?state=s&code=c', target)).toBe('callback');
  });

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['another port on the same host', 'http://127.0.0.1:8788/demo/merchant/consent/4b1c-77'],
    ['localhost is another origin than 127.0.0.1', 'http://localhost:8787/demo/merchant/consent/4b1c-77'],
    ['https instead of http', 'https://127.0.0.1:8787/demo/merchant/consent/4b1c-77'],
    ['our own app pages', 'app://wallet-pos/'],
    ['the callback host on another path', 'https://till.wallet-pos.invalid/elsewhere'],
    ['userinfo trick', 'http://127.0.0.1:8787@evil.com/'],
    ['file:', 'file:///etc/passwd'],
    ['about:blank', 'about:blank'],
    ['javascript:', 'javascript:alert(1)'],
  ])('denies %s', (_label, url) => {
    expect(consentNavigation(url, target)).toBe('deny');
  });

  it('denies everything when the consent address itself is unusable', () => {
    expect(consentNavigation('http://127.0.0.1:8787/x', { ...target, consentUrl: 'javascript:void 0' })).toBe('deny');
  });
});
