import type { Locale } from './settings.ts';

// Words the receipt printer puts on paper beyond a document's own (shared/receipt.ts, day-report-document.ts):
// the mark on a reprint and the test page. In the till's language, like the rest of the paper.

export const PRINTED_WORDS = {
  en: {
    copy: '*** COPY ***',
    testPageTitle: 'Printer test page',
    testPageWidth: 'Paper width',
    testPageChinese: 'Chinese',
    testPageQr: 'The QR below is printed by the printer itself.',
    testPageEnd: 'If you can read this, the printer is set up.',
  },
  'zh-HK': {
    copy: '*** 副本 ***',
    testPageTitle: '打印機測試頁',
    testPageWidth: '紙張闊度',
    testPageChinese: '中文',
    testPageQr: '以下二維碼由打印機自行列印。',
    testPageEnd: '如能閱讀此頁，打印機已設定妥當。',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type PrintedWords = (typeof PRINTED_WORDS)[Locale];
