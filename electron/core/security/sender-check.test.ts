import { describe, expect, it } from 'vitest';
import { PRODUCTION_APP_ORIGIN } from './app-origin.ts';
import { isTrustedSender } from './sender-check.ts';

describe('isTrustedSender', () => {
  it('accepts the main frame of our own page', () => {
    expect(isTrustedSender('app://wallet-pos/', true, PRODUCTION_APP_ORIGIN)).toBe(true);
    expect(isTrustedSender('app://wallet-pos/customer-display', true, PRODUCTION_APP_ORIGIN)).toBe(true);
  });

  it('refuses a sub-frame, even one showing our origin', () => {
    expect(isTrustedSender('app://wallet-pos/', false, PRODUCTION_APP_ORIGIN)).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'app://wallet-pos.evil/',
    'data:text/html,hi',
    'about:blank',
    'file:///tmp/x.html',
    'http://localhost:5173/',
  ])('refuses a main frame showing %s', (url) => {
    expect(isTrustedSender(url, true, PRODUCTION_APP_ORIGIN)).toBe(false);
  });

  it('refuses a sender whose frame is gone (null/empty URL)', () => {
    expect(isTrustedSender(null, true, PRODUCTION_APP_ORIGIN)).toBe(false);
    expect(isTrustedSender(undefined, true, PRODUCTION_APP_ORIGIN)).toBe(false);
    expect(isTrustedSender('', true, PRODUCTION_APP_ORIGIN)).toBe(false);
  });
});
