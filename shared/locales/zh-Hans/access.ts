import type { ACCESS_EN } from '../en/access.ts';

// 简体中文（新加坡、马来西亚）: 无障碍功能 — 设置中的顾客辅助. Same keys as ../en/access.ts.

export const ACCESS_ZH_HANS: Readonly<Record<keyof typeof ACCESS_EN, string>> = {
  'access.customerHelp': '顾客辅助（自助机和顾客显示屏）',
  'access.largeText': '为顾客放大字体',
  'access.soundOnResult': '顾客显示屏在付款成功和失败时发出提示音',
  'access.customerHelpHint': '不适用于收银员屏幕。自助机始终会发出提示音。',
};
