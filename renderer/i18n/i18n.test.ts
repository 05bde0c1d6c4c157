import { describe, expect, it } from 'vitest';
import { EN } from './en.ts';
import { translate } from './i18n.tsx';
import { ZH_HK } from './zh-HK.ts';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('strings', () => {
  it('gives every English string a Traditional Chinese one with the same placeholders', () => {
    for (const key of Object.keys(EN) as (keyof typeof EN)[]) {
      expect(ZH_HK[key], key).toBeTruthy();
      expect(placeholders(ZH_HK[key]), key).toEqual(placeholders(EN[key]));
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'sale.charge', { amount: 'S$12.34' })).toBe('Charge S$12.34');
    expect(translate('zh-HK', 'sale.charge', { amount: 'HK$12.34' })).toBe('收款 HK$12.34');
    expect(translate('en', 'sale.charge')).toBe('Charge {amount}');
  });
});
