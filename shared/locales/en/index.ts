import type { Language } from '../language.ts';
import { ERRORS_EN } from './errors.ts';
import { NOTICES_EN } from './notices.ts';
import { DAY_REPORT_EN, RECEIPT_EN } from './paper.ts';
import { SCREENS_EN } from './screens.ts';

// English: the language that defines the keys, and the one the core writes into its logs and journals.

export const EN: Language = {
  name: 'English',
  // Plain 'en' is US order (month first, 12-hour) in Intl.
  dateLocale: 'en-GB',
  screens: SCREENS_EN,
  notices: NOTICES_EN,
  errors: ERRORS_EN,
  receipt: RECEIPT_EN,
  dayReport: DAY_REPORT_EN,
};
