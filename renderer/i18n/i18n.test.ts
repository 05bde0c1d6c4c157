import { describe, expect, it } from 'vitest';
import { translate } from './i18n.tsx';

// That every language has every key with the same placeholders: shared/locales/locales.test.ts.

describe('strings', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'sale.charge', { amount: 'S$12.34' })).toBe('Charge S$12.34');
    expect(translate('zh-HK', 'sale.charge', { amount: 'HK$12.34' })).toBe('收款 HK$12.34');
    expect(translate('en', 'sale.charge')).toBe('Charge {amount}');
  });
});
