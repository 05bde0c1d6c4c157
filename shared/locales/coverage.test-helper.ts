import { LANGUAGES, type Language, type Locale } from './index.ts';

// What "translated" means, for the coverage test (locales.test.ts) and for the e2e runs that look for English
// left on a translated screen (e2e/web/languages.spec.ts). One place, so a translator reads one list.

export const SECTIONS = ['screens', 'notices', 'errors', 'receipt', 'dayReport'] as const;

/**
 * Whether each language's translation is finished. A finished language may not leave a text equal to the English
 * one (except SAME_AS_ENGLISH) nor a character of another script. A language being translated stays `false`,
 * so main stays green meanwhile; the translator sets `true` when done and the test lists what is left.
 * A new language must be added here (the type asks for every registered one).
 */
export const TRANSLATION_COMPLETE: Readonly<Record<Locale, boolean>> = {
  en: true,
  'zh-HK': true,
  'zh-Hans': true,
  ms: true,
};

/** The script a language is written in, checked on every text of a finished language. */
export const SCRIPT: Readonly<Record<Locale, 'latin' | 'traditional-chinese' | 'simplified-chinese'>> = {
  en: 'latin',
  'zh-HK': 'traditional-chinese',
  'zh-Hans': 'simplified-chinese',
  ms: 'latin',
};

/**
 * Texts that may equal the English one in every language: a key the cashier presses, templates made only of
 * parameters. A text is also allowed when nothing but {params}, digits, punctuation and TERMS is left.
 */
export const SAME_AS_ENGLISH: ReadonlySet<string> = new Set(['screens sale.chargeHint']);

/**
 * Words that stay as they are in every language: brand and product names, codes, protocols, units, keys on the
 * keyboard, and the provider's own status words. On a translated screen they are not "English left".
 */
export const TERMS: readonly string[] = [
  'ShopBack',
  'Wallet POS',
  'posId',
  'merchantRef',
  'Idempotency-Key',
  'Content-Type',
  'application/json',
  'X-ShopBack-',
  'Asia/Singapore',
  'GNOME Keyring',
  'KWallet',
  'Windows',
  'SQLite',
  'Webhook',
  'ESC/POS',
  'SHA-256',
  'HTTPS',
  'https',
  'http',
  'JSON',
  'ASCII',
  'Big5',
  'GB18030',
  'USB',
  'CSV',
  'API',
  'IP',
  'ID',
  'QR',
  'PIN',
  'Enter',
  'Esc',
  'Tab',
  'CAPTURED',
  'REJECTED',
  'SUCCESS',
  'curl',
  'pinnedpubkey',
  'sha256',
  'dev',
  'usb',
  'lp0',
  'COM3',
  'wal',
  'mark',
  'mm',
  'S$',
  'SGD',
  'HK$',
  'HKD',
];

/**
 * Words a language writes exactly as English does (Malay took "status", "terminal", "port" from English): in that
 * language they are translated already. Whole words only, as the language writes them.
 */
export const COGNATES: Readonly<Partial<Record<Locale, readonly string[]>>> = {
  ms: ['Status', 'status', 'Terminal', 'terminal', 'Port', 'port'],
};

const params = /\{\w+\}/g;

/** What is left of a text once its parameters and the allowed terms are taken out: letters here need a translation. */
function withoutTerms(text: string, locale?: Locale): string {
  let rest = text.replace(params, ' ');
  const words = [...TERMS, ...((locale && COGNATES[locale]) ?? [])].sort((a, b) => b.length - a.length);
  for (const word of words) rest = rest.replace(wholeWord(word), ' ');
  return rest;
}

/** A term as a whole word: "ID" in "ID 12" but not in "IDEA", "mm" in "58 mm" but not in "Summary". */
function wholeWord(word: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
}

/** Whether a text may be the same as the English one in a language (see SAME_AS_ENGLISH, TERMS, COGNATES). */
export function mayEqualEnglish(id: string, english: string, locale?: Locale): boolean {
  return SAME_AS_ENGLISH.has(id) || !/\p{L}{2,}/u.test(withoutTerms(english, locale));
}

/**
 * Characters of Traditional Chinese that Simplified Chinese writes differently: every such character the zh-HK
 * texts use (generated once with OpenCC, hk → cn). One of them in zh-Hans is an untranslated zh-HK text.
 */
const TRADITIONAL_ONLY =
  '並佔併來個們偵備傳僅償儲內兩冪凍別刪則剛動務匯區參員問啟單嗎嘗國圖執報壞夠夥夾實審寫將尋對屬帳幣庫張後從復態憑應戶掃換損擇據擬敗數斷於時暫曆會條業構標機檔檢檯櫃欄權歡決沒況淨減測準瀏為無營牆狀獲現環畫當發監盤確碼種稱筆範篩簽紀紋紙終組結絕絡統綁經維網綴緒線編總繼續聽脈腦臨與舊蓋處虛號螢衝補裝製複見視覽觸訂計訊記設許註詢試話該詳誌認語誤誰調請論謝證識議護讀變讓貨貴買費貼資贈較載輕輪輸轉這連進運過達適選遺還邊郵釋銀銷錄錢錯鍵鎖鏡鐘鑰長閉開間閘閱闊關陣階隨隱離電頁項須預頭題額類顧顯餘體麼點';

/** What in a text is not in the language's script: Han in a Latin language, Traditional forms in Simplified. */
export function outOfScript(locale: Locale, text: string): string[] {
  const script = SCRIPT[locale];
  const chars = [...text.replace(params, '')];
  const found =
    script === 'latin'
      ? chars.filter((c) => /\p{Script=Han}/u.test(c))
      : script === 'simplified-chinese'
        ? chars.filter((c) => TRADITIONAL_ONLY.includes(c))
        : [];
  return [...new Set(found)];
}

/** Every text of a language that still needs a translation, as "section key: reason". */
export function untranslated(locale: Locale, language: Language = LANGUAGES[locale]): string[] {
  if (locale === 'en') return [];
  const found: string[] = [];
  for (const section of SECTIONS) {
    const english: Readonly<Record<string, string>> = LANGUAGES.en[section];
    const other: Readonly<Record<string, string>> = language[section];
    for (const [key, text] of Object.entries(other)) {
      const id = `${section} ${key}`;
      if (text === english[key] && !mayEqualEnglish(id, text, locale)) found.push(`${id}: still the English text`);
      const foreign = outOfScript(locale, text);
      if (foreign.length > 0) found.push(`${id}: ${foreign.join('')} is not ${SCRIPT[locale]}`);
    }
  }
  return found;
}

/**
 * The pieces of the English templates (the text between their {params}) found in a screen's visible text: English
 * left on a translated screen. Pieces made only of TERMS, and single words under four letters, are not counted.
 */
export function englishLeftIn(visibleText: string, locale?: Locale): string[] {
  const seen = new Set<string>();
  const words = visibleText.replace(/\s+/g, ' ');
  for (const section of SECTIONS) {
    for (const template of Object.values(LANGUAGES.en[section] as Readonly<Record<string, string>>)) {
      for (const raw of template.split(params)) {
        const piece = raw.trim().replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
        if (!/\p{L}{3,}/u.test(withoutTerms(piece, locale))) continue;
        if (!/\s/.test(piece) && piece.length < 4) continue;
        const at = new RegExp(`(^|[^\\p{L}])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
        if (at.test(words)) seen.add(piece);
      }
    }
  }
  return [...seen];
}
