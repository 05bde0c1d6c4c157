import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { NOTICES_EN } from '../notices.ts';
import { outOfScript, TRANSLATION_COMPLETE, untranslated } from './coverage.test-helper.ts';
import { LOCALES, LANGUAGES, type Language } from './index.ts';

// Every language says everything English says, with the same parameters: a template that names {amount} in
// English and {sum} in Chinese would show "{amount}" to a cashier. The types catch a missing key at build time;
// this catches an empty text, a key English does not have, and parameters that differ.

const SECTIONS = ['screens', 'notices', 'errors', 'receipt', 'dayReport'] as const;

const params = (text: string): string[] => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();

function differences(language: Language): string[] {
  const found: string[] = [];
  for (const section of SECTIONS) {
    const english: Readonly<Record<string, string>> = LANGUAGES.en[section];
    const other: Readonly<Record<string, string>> = language[section];
    for (const key of Object.keys(english)) {
      const text = other[key];
      if (typeof text !== 'string' || text.trim() === '') found.push(`${section} ${key}: no text`);
      else if (params(text).join() !== params(english[key]!).join())
        found.push(
          `${section} ${key}: {${params(text).join('}, {')}} where English has {${params(english[key]!).join('}, {')}}`,
        );
    }
    for (const key of Object.keys(other))
      if (!Object.hasOwn(english, key)) found.push(`${section} ${key}: not in English`);
  }
  return found;
}

describe('the languages', () => {
  it.each(LOCALES)('%s has a text for every key, with the same parameters as English', (locale) => {
    expect(differences(LANGUAGES[locale])).toEqual([]);
  });

  // A finished language (coverage.test-helper.ts, TRANSLATION_COMPLETE) has no text left in English and none in
  // another script. Each line of a failure names the section, the key and what is wrong with it.
  const complete = LOCALES.filter((locale) => TRANSLATION_COMPLETE[locale]);
  const inProgress = LOCALES.filter((locale) => !TRANSLATION_COMPLETE[locale]);

  it.each(complete)('%s is translated: no text still in English or in another script', (locale) => {
    expect(untranslated(locale)).toEqual([]);
  });

  if (inProgress.length > 0)
    it.each(inProgress)('%s is being translated: once nothing is left, mark it complete', (locale) => {
      // Fails when the translation is done, so the translator flips TRANSLATION_COMPLETE and the check above holds.
      expect(untranslated(locale).length, `${locale} has nothing left to translate`).toBeGreaterThan(0);
    });

  it('finds a text left in English, a Traditional character in Simplified, Han in a Latin language', () => {
    const hans = LANGUAGES['zh-Hans'];
    const broken: Language = {
      ...hans,
      screens: { ...hans.screens, 'sale.title': LANGUAGES.en.screens['sale.title'], 'sale.amount': '金額' },
    };
    expect(untranslated('zh-Hans', broken)).toEqual([
      'screens sale.title: still the English text',
      'screens sale.amount: 額 is not simplified-chinese',
    ]);
    expect(outOfScript('ms', 'Jumlah {amount} 金额')).toEqual(['金', '额']);
    // Malay writes "Status" as English does; it may not leave a whole English sentence.
    const ms = LANGUAGES.ms;
    const malay: Language = {
      ...ms,
      screens: { ...ms.screens, 'payments.status': 'Status', 'sale.title': LANGUAGES.en.screens['sale.title'] },
    };
    expect(untranslated('ms', malay)).toEqual(['screens sale.title: still the English text']);
    // Codes, keys and parameters may stay as they are.
    expect(untranslated('zh-HK', { ...LANGUAGES['zh-HK'] })).toEqual([]);
  });

  it('finds a missing text and a parameter that differs', () => {
    const en = LANGUAGES.en;
    const broken: Language = {
      ...en,
      screens: { ...en.screens, 'sale.charge': 'Charge {sum}' },
      errors: { ...en.errors, internal: '' },
    };
    expect(differences(broken)).toEqual([
      'screens sale.charge: {sum} where English has {amount}',
      'errors internal: no text',
    ]);
  });

  it('English covers every error code and notice key', () => {
    expect(ERROR_CODES.filter((code) => !LANGUAGES.en.errors[code])).toEqual([]);
    expect(Object.keys(LANGUAGES.en.notices)).toEqual(Object.keys(NOTICES_EN));
  });

  it('each language names itself and its date format', () => {
    for (const locale of LOCALES) {
      expect(LANGUAGES[locale].name).not.toBe('');
      expect(() => new Intl.DateTimeFormat(LANGUAGES[locale].dateLocale)).not.toThrow();
    }
  });
});
