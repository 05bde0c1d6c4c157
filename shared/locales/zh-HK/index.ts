import type { Language } from '../language.ts';
import { ERRORS_ZH_HK } from './errors.ts';
import { NOTICES_ZH_HK } from './notices.ts';
import { DAY_REPORT_ZH_HK, RECEIPT_ZH_HK } from './paper.ts';
import { SCREENS_ZH_HK } from './screens.ts';

// 繁體中文（香港）: Traditional Chinese as written in Hong Kong.

export const ZH_HK: Language = {
  name: '繁體中文（香港）',
  dateLocale: 'zh-HK',
  screens: SCREENS_ZH_HK,
  notices: NOTICES_ZH_HK,
  errors: ERRORS_ZH_HK,
  receipt: RECEIPT_ZH_HK,
  dayReport: DAY_REPORT_ZH_HK,
};
