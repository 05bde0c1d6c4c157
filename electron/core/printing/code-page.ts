import iconv from 'iconv-lite';
import type { Locale } from '../../../shared/settings.ts';
import { encodeBig5 } from './big5.ts';

// The double-byte code page a receipt's Chinese goes in. A Chinese receipt printer has one in its firmware, chosen
// when it is bought, not by a command: Hong Kong and Taiwan printers read Big5, Singapore, Malaysia and mainland
// printers read GB18030 (GBK's superset; the "Simplified Chinese" model of every ESC/POS printer maker). The till
// picks by the receipt's language: a zh-Hans till prints for a Simplified printer, every other till keeps the
// Big5 it has always sent (English and Malay receipts are ASCII, so only a merchant's Chinese name depends on it).

export type ChineseCodePage = 'big5' | 'gb18030';

export function codePageOf(locale: Locale): ChineseCodePage {
  return locale === 'zh-Hans' ? 'gb18030' : 'big5';
}

/** The bytes of `text` in the code page; a character Big5 lacks becomes "?" (GB18030 has every character). */
export function encodeChinese(text: string, codePage: ChineseCodePage): Uint8Array {
  return codePage === 'gb18030' ? Uint8Array.from(iconv.encode(text, 'gb18030')) : encodeBig5(text);
}

/** A line the test page prints in the code page's own script, so a wrong code page shows at once. */
export const CODE_PAGE_SAMPLE: Readonly<Record<ChineseCodePage, string>> = {
  big5: '收據 退款 多謝',
  gb18030: '收据 退款 谢谢',
};
