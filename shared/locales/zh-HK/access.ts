import type { ACCESS_EN } from '../en/access.ts';

// 繁體中文（香港）: 無障礙功能 — 設定中的顧客輔助. Same keys as ../en/access.ts.

export const ACCESS_ZH_HK: Readonly<Record<keyof typeof ACCESS_EN, string>> = {
  'access.customerHelp': '顧客輔助（自助機及顧客顯示屏）',
  'access.largeText': '為顧客放大字體',
  'access.soundOnResult': '顧客顯示屏在付款成功及失敗時發出提示聲',
  'access.customerHelpHint': '不適用於收銀員畫面。自助機一律會發出提示聲。',
};
