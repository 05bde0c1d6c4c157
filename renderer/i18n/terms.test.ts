import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/locales/index.ts';

// One term per thing in Traditional Chinese: the terminal is 終端機 (never 終端 alone), our reference is
// 參考編號 (never 我方／我們的參考編號 next to a bare one), the payment provider is 支付商 (never 服務商), whatever
// screen, reason or paper says it.

const EVERY_ZH_HK_TEXT: readonly [string, string][] = [
  ...Object.entries(LANGUAGES['zh-HK'].screens),
  ...Object.entries(LANGUAGES['zh-HK'].errors),
  ...Object.entries(LANGUAGES['zh-HK'].notices),
  ...Object.entries(LANGUAGES['zh-HK'].receipt).map(([key, text]): [string, string] => [`receipt.${key}`, text]),
  ...Object.entries(LANGUAGES['zh-HK'].dayReport).map(([key, text]): [string, string] => [`day-report.${key}`, text]),
];

describe('Traditional Chinese terms', () => {
  it('calls the terminal 終端機 everywhere', () => {
    for (const [key, text] of EVERY_ZH_HK_TEXT) expect(text, key).not.toMatch(/終端(?!機)/);
  });

  it('calls our reference 參考編號 everywhere', () => {
    for (const [key, text] of EVERY_ZH_HK_TEXT) expect(text, key).not.toMatch(/我方參考編號|我們的參考編號/);
  });

  it('calls the payment provider 支付商 everywhere', () => {
    for (const [key, text] of EVERY_ZH_HK_TEXT) expect(text, key).not.toMatch(/服務商/);
  });
});
