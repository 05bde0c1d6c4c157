import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { noticeInEnglish } from '../../../shared/notices.ts';
import { CURRENCIES, COUNTRIES, CURRENCY_OF_COUNTRY } from '../../../shared/money.ts';
import { HEADER_PREFIXES, idempotencyHeaderName } from '../provider/header-names.ts';
import { assertCurrencyPair, resolveProfile } from './profiles.ts';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof PosError ? error.code : 'not-a-PosError';
  }
}

describe('environment profiles', () => {
  it('uses the published base URLs and the X-ShopBack- prefix for the provider environments', () => {
    expect(resolveProfile({ environment: 'provider-sandbox' })).toMatchObject({
      baseUrl: 'https://integrations-sandbox.shopback.com/posi-sandbox',
      headerPrefix: 'X-ShopBack-',
      live: false,
    });
    expect(resolveProfile({ environment: 'sg-production' })).toMatchObject({
      baseUrl: 'https://integrations.shopback.sg/posi',
      headerPrefix: 'X-ShopBack-',
      live: true,
    });
    expect(resolveProfile({ environment: 'hk-production' })).toMatchObject({
      baseUrl: 'https://integrations.shopback.com.hk/posi',
      headerPrefix: 'X-ShopBack-',
      live: true,
    });
    expect(resolveProfile({ environment: 'th-production' })).toMatchObject({
      baseUrl: 'https://integrations.shopback.co.th/posi',
      headerPrefix: 'X-ShopBack-',
      live: true,
    });
  });

  it("labels Thailand as listed only in the provider's older document (the current one names SG and HK)", () => {
    expect(noticeInEnglish(resolveProfile({ environment: 'th-production' }).name)).toBe(
      "Thailand production (only in the provider's older document)",
    );
    expect(noticeInEnglish(resolveProfile({ environment: 'sg-production' }).name)).toBe('Singapore production');
  });

  it('takes the embedded sandbox URL at run time, with the X-Service- prefix', () => {
    const profile = resolveProfile({
      environment: 'embedded-sandbox',
      embeddedBaseUrl: 'http://127.0.0.1:41234/posi-sandbox/',
    });
    expect(profile).toMatchObject({
      id: 'embedded-sandbox',
      baseUrl: 'http://127.0.0.1:41234/posi-sandbox',
      headerPrefix: 'X-Service-',
      live: false,
    });
    expect(codeOf(() => resolveProfile({ environment: 'embedded-sandbox' }))).toBe('settings.invalid');
  });

  it('names the idempotency header from the prefix', () => {
    expect(idempotencyHeaderName(HEADER_PREFIXES.embedded)).toBe('X-Service-Idempotent-Id');
    expect(idempotencyHeaderName(HEADER_PREFIXES.provider)).toBe('X-ShopBack-Idempotent-Id');
  });

  it('accepts a custom https URL (AU, proxy) and defaults to the provider prefix', () => {
    const profile = resolveProfile({
      environment: 'custom',
      customBaseUrl: ' https://pos-proxy.example.com.au/posi/ ',
    });
    expect(profile).toMatchObject({
      baseUrl: 'https://pos-proxy.example.com.au/posi',
      headerPrefix: 'X-ShopBack-',
      live: true,
    });
    expect(
      resolveProfile({
        environment: 'custom',
        customBaseUrl: 'http://localhost:8080/posi',
        customHeaderPrefix: 'X-Service-',
      }).headerPrefix,
    ).toBe('X-Service-');
  });

  it('refuses plain http off this computer, garbage, queries and odd prefixes', () => {
    expect(codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: 'http://10.0.0.5/posi' }))).toBe(
      'settings.invalid',
    );
    expect(codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: 'http://pos.example.com/posi' }))).toBe(
      'settings.invalid',
    );
    expect(codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: '' }))).toBe('settings.invalid');
    expect(codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: 'ftp://x.example.com' }))).toBe(
      'settings.invalid',
    );
    expect(
      codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: 'https://x.example.com/posi?x=1' })),
    ).toBe('settings.invalid');
    expect(
      codeOf(() => resolveProfile({ environment: 'custom', customBaseUrl: 'https://user:pw@x.example.com/posi' })),
    ).toBe('settings.invalid');
    expect(
      codeOf(() =>
        resolveProfile({
          environment: 'custom',
          customBaseUrl: 'https://x.example.com',
          customHeaderPrefix: 'Bad Prefix',
        }),
      ),
    ).toBe('settings.invalid');
  });
});

describe('country ↔ currency pairs', () => {
  it('allows exactly SG-SGD, HK-HKD, AU-AUD, MY-MYR, TH-THB', () => {
    const allowed: string[] = [];
    for (const country of COUNTRIES) {
      for (const currency of CURRENCIES) {
        const code = codeOf(() => assertCurrencyPair(country, currency));
        if (code === null) allowed.push(`${country}-${currency}`);
        else expect(code).toBe('currency.unsupported');
      }
    }
    expect(allowed.sort()).toEqual(['AU-AUD', 'HK-HKD', 'MY-MYR', 'SG-SGD', 'TH-THB']);
    expect(Object.keys(CURRENCY_OF_COUNTRY)).toHaveLength(5);
  });

  it('says which currency the country needs and that nothing was sent', () => {
    try {
      assertCurrencyPair('SG', 'HKD');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PosError);
      expect((error as PosError).message).toBe('HKD cannot be used in SG: the provider accepts only SGD there.');
      expect((error as PosError).details).toMatchObject({ outcomeUnknown: false });
    }
  });
});
