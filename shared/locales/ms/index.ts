import type { Language } from '../language.ts';
import { ERRORS_MS } from './errors.ts';
import { NOTICES_MS } from './notices.ts';
import { DAY_REPORT_MS, RECEIPT_MS } from './paper.ts';
import { SCREENS_MS } from './screens.ts';

// Bahasa Melayu: Malay as written in Singapore and Malaysia.

export const MS: Language = {
  name: 'Bahasa Melayu',
  dateLocale: 'ms-SG',
  screens: SCREENS_MS,
  notices: NOTICES_MS,
  errors: ERRORS_MS,
  receipt: RECEIPT_MS,
  dayReport: DAY_REPORT_MS,
};
