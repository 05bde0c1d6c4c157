import { describe, expect, it } from 'vitest';
import { buildDayReport } from '../../shared/day-report-document.ts';
import { money } from '../../shared/money.ts';
import { ERRORS_ZH_HK } from './errors.zh-HK.ts';
import { CUSTOMER_NOTICES_ZH_HK } from './notices.customers.zh-HK.ts';
import { PAYMENT_NOTICES_ZH_HK } from './notices.payments.zh-HK.ts';
import { PROVIDER_NOTICES_ZH_HK } from './notices.provider.zh-HK.ts';
import { ZH_HK } from './zh-HK.ts';

// One term per thing in Traditional Chinese: the terminal is 終端機 (never 終端 alone), our reference is
// 參考編號 (never 我方／我們的參考編號 next to a bare one), the payment provider is 支付商 (never 服務商), whatever
// screen, reason or paper says it.

const EVERY_ZH_HK_TEXT: readonly [string, string][] = [
  ...Object.entries(ZH_HK),
  ...Object.entries(ERRORS_ZH_HK),
  ...Object.entries(PAYMENT_NOTICES_ZH_HK),
  ...Object.entries(CUSTOMER_NOTICES_ZH_HK),
  ...Object.entries(PROVIDER_NOTICES_ZH_HK),
  ...buildDayReport({
    summary: {
      day: '2026-11-25',
      currency: 'HKD',
      byStatus: {},
      byMethod: {
        'merchant-qr': { count: 0, total: money(0, 'HKD') },
        'customer-qr': { count: 0, total: money(0, 'HKD') },
      },
      paid: { count: 0, total: money(0, 'HKD') },
      refunds: { count: 0, total: money(0, 'HKD') },
      net: money(0, 'HKD'),
    },
    merchantName: '',
    terminal: { posId: 'P', terminalReference: '' },
    locale: 'zh-HK',
    printedAt: '2026-11-25T00:00:00Z',
  }).facts.map((fact): [string, string] => [`day-report.${fact.key}`, fact.label]),
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
