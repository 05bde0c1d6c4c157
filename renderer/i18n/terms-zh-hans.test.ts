import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/locales/index.ts';

// One term per thing in Simplified Chinese, as a Singapore shop says it, whatever screen, reason or paper says it:
// the terminal is 终端机, our reference 参考编号, the provider 支付商, a linked customer is 绑定 (bound), Settings
// is 设置, to print is 打印, the camera 摄像头, cashback 现金回扣, a hold is 撤销 (voided). No Hong Kong wording
// (列印, 设定, 镜头, 连结…) and no Cantonese (埋单, 唔, 咗…): zh-Hans began as a copy of zh-HK.

const zhHans = LANGUAGES['zh-Hans'];
const EVERY_ZH_HANS_TEXT: readonly [string, string][] = [
  ...Object.entries(zhHans.screens),
  ...Object.entries(zhHans.errors),
  ...Object.entries(zhHans.notices),
  ...Object.entries(zhHans.receipt).map(([key, text]): [string, string] => [`receipt.${key}`, text]),
  ...Object.entries(zhHans.dayReport).map(([key, text]): [string, string] => [`day-report.${key}`, text]),
];

const NOT_SAID: readonly [RegExp, string][] = [
  [/终端(?!机)/, 'the terminal is 终端机'],
  [/我方参考编号|我们的参考编号/, 'our reference is 参考编号'],
  [/服务商/, 'the provider is 支付商'],
  [/连结|链接顾客|已链接/, 'a linked customer is 绑定'],
  [/设定/, 'Settings is 设置'],
  [/列印/, 'to print is 打印'],
  [/镜头/, 'the camera is 摄像头'],
  [/现金回赠/, 'cashback is 现金回扣'],
  [/释放/, 'a hold is 撤销'],
  [/储存|档案|程式(?!序)|萤幕|伺服器|连接埠|金钥|预设|登入|搜寻|资讯|讯息|阔度/, 'Hong Kong wording'],
  [/埋单|唔|咗|嘅|係|佢|喺|冇|啱|哋/, 'Cantonese'],
];

describe('Simplified Chinese terms', () => {
  it.each(NOT_SAID)('never %s (%s)', (pattern) => {
    expect(EVERY_ZH_HANS_TEXT.filter(([, text]) => pattern.test(text)).map(([key]) => key)).toEqual([]);
  });
});
