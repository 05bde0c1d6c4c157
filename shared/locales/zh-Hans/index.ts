import type { Language } from '../language.ts';
import { ERRORS_ZH_HANS } from './errors.ts';
import { NOTICES_ZH_HANS } from './notices.ts';
import { DAY_REPORT_ZH_HANS, RECEIPT_ZH_HANS } from './paper.ts';
import { SCREENS_ZH_HANS } from './screens.ts';

// 简体中文: Simplified Chinese as written in Singapore and Malaysia.
// Singapore Mandarin wording (终端机, 收银机, 参考编号, 设置, 打印, 二维码); the customer is addressed as 您.

export const ZH_HANS: Language = {
  name: '简体中文',
  dateLocale: 'zh-Hans-SG',
  screens: SCREENS_ZH_HANS,
  notices: NOTICES_ZH_HANS,
  errors: ERRORS_ZH_HANS,
  receipt: RECEIPT_ZH_HANS,
  dayReport: DAY_REPORT_ZH_HANS,
};
