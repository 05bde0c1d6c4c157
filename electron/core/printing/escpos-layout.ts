import type { DayReportDocument } from '../../../shared/day-report-document.ts';
import type { ShiftReportDocument } from '../../../shared/shift-report-document.ts';
import type { Language } from '../../../shared/locales/index.ts';
import type { PrintAs } from '../../../shared/printer.ts';
import type { ReceiptDocument } from '../../../shared/receipt.ts';
import type { ChineseCodePage } from './code-page.ts';
import * as cmd from './escpos-commands.ts';
import { paperWriter } from './paper-writer.ts';
import type { RasterScript } from './raster-fonts.ts';
import { paperText } from './paper-text.ts';

// One paper layout for everything the till prints, as ESC/POS: a receipt or refund slip (shared/receipt.ts),
// the end-of-day report (shared/day-report-document.ts), a shift's X/Z report (shared/shift-report-document.ts)
// and the test page. Every job starts with ESC @ and
// ends with a cut, so a job never inherits the last one's settings and never runs into the next.

export type PaperWidthMm = 58 | 80;

/** Characters per line in font A (12 dots): 576 dots on an 80 mm head, 384 on a 58 mm one. */
const COLUMNS: Readonly<Record<PaperWidthMm, number>> = { 80: 48, 58: 32 };
/** The head's width in dots at 203 dpi: what a picture line spans. */
const HEAD_DOTS: Readonly<Record<PaperWidthMm, number>> = { 80: 576, 58: 384 };
/** QR module size in dots at 203 dpi: about 0.75 mm on 80 mm paper, 0.6 mm on 58 mm (a phone reads both). */
const QR_MODULE_DOTS: Readonly<Record<PaperWidthMm, number>> = { 80: 6, 58: 5 };

export interface TestPage {
  readonly kind: 'test-page';
  readonly merchantName: string;
  /** What the QR holds: something the virtual printer and a phone can show. */
  readonly qrText: string;
  readonly sample: string;
}

export type PrintableDocument = ReceiptDocument | DayReportDocument | ShiftReportDocument | TestPage;

export interface LayoutOptions {
  readonly widthMm: PaperWidthMm;
  /** The receipt's words in the till's language (shared/locales/<lang>/paper.ts): Copy, the test page. */
  readonly words: Language['receipt'];
  /** A reprint after a first good print: marked so nobody takes it for a second sale. */
  readonly copy: boolean;
  /** The code page of the printer's Chinese (code-page.ts: by the receipt's language). */
  readonly codePage: ChineseCodePage;
  /** Text in the printer's font (when not said), or pictures of the lines for a printer without a Chinese code page. */
  readonly printAs?: PrintAs;
  /** The fonts of a picture: zh-HK's Hong Kong forms, or Simplified (raster-fonts.ts; when not said). */
  readonly script?: RasterScript;
}

export function escposJob(document: PrintableDocument, options: LayoutOptions): Uint8Array {
  const columns = COLUMNS[options.widthMm];
  const paper = paperWriter({
    printAs: options.printAs ?? 'text',
    codePage: options.codePage,
    widthDots: HEAD_DOTS[options.widthMm],
    script: options.script ?? 'sc',
  });
  const line = (text: string): void => paper.line(text);
  const bold = (text: string): void => {
    paper.bold(true);
    line(text);
    paper.bold(false);
  };
  paper.command(cmd.init());
  // A receipt's identity (its registered address and tax number) goes under the name, before the title.
  const header = (title: string, merchantName: string, identity: readonly string[] = []): void => {
    paper.align('center');
    if (options.copy) bold(options.words.copy);
    if (merchantName) bold(merchantName);
    for (const text of identity) line(text);
    paper.large(true);
    line(title);
    paper.large(false);
    paper.align('left');
    line('');
  };
  const pair = (label: string, value: string): void => paper.pair(label, value, twoColumns(label, value, columns));
  const qr = (content: string, caption: string): void => {
    line('');
    paper.align('center');
    paper.command(cmd.qrCode(content, QR_MODULE_DOTS[options.widthMm]));
    if (caption) line(caption);
    paper.align('left');
  };

  // A shift's X or Z report has the day report's shape: facts, then titled sections of rows.
  if (document.kind === 'day-report' || document.kind === 'shift-report') {
    header(document.title, document.merchantName);
    for (const fact of document.facts) pair(fact.label, fact.value);
    for (const section of document.sections) {
      line('');
      bold(section.title);
      for (const row of section.rows) {
        const label = (row.part ? '  ' : '') + row.label;
        pair(label, row.count ? `${row.count}  ${row.amount}` : row.amount);
      }
    }
  } else if (document.kind === 'test-page') {
    header(options.words.testPageTitle, document.merchantName);
    pair(options.words.testPageWidth, `${options.widthMm} mm`);
    // The sample both ways, whatever the setting: the admin sees at once which one this printer can print.
    paper.line(`${options.words.testPageChineseText}: ${document.sample}`, 'text');
    paper.line(`${options.words.testPageChinesePicture}: ${document.sample}`, 'picture');
    line(options.words.testPageQr);
    qr(document.qrText, document.qrText);
    line('');
    line(options.words.testPageEnd);
  } else {
    header(document.title, document.merchantName, document.identity);
    if (document.items.length > 0) {
      bold(document.itemsTitle);
      for (const item of document.items) {
        pair(item.description, item.amount);
        if (item.detail) line(`  ${item.detail}`);
      }
      line('');
    }
    for (const entry of document.lines) pair(entry.label, entry.value);
    if (document.notes.length > 0) {
      paper.align('center');
      for (const note of document.notes) line(note);
      paper.align('left');
    }
    if (document.refunds.length > 0) {
      line('');
      bold(document.refundsTitle);
      for (const refund of document.refunds) {
        pair(refund.time, refund.amount);
        pair(refund.refundId, refund.state);
        if (refund.reason) line(`  ${refund.reason}`);
      }
    }
    if (document.refundTotals) {
      const totals = document.refundTotals;
      pair(totals.refundedSoFarLabel, totals.refundedSoFar);
      pair(totals.refundableNowLabel, totals.refundableNow);
    }
    qr(document.qrText, document.qrCaption);
    line('');
    paper.align('center');
    line(document.footer);
    paper.align('left');
  }
  paper.command(cmd.feed(3));
  paper.command(cmd.cut());
  return paper.bytes();
}

/** Label left, value right on one line when both fit; else the label, then the value on its own line, right-aligned. */
export function twoColumns(label: string, value: string, columns: number): string[] {
  const gap = columns - printedWidth(label) - printedWidth(value);
  if (gap >= 1) return [label + ' '.repeat(gap) + value];
  const pad = Math.max(0, columns - printedWidth(value));
  return [label, ' '.repeat(pad) + value];
}

/**
 * Columns a text takes on the paper: ASCII one; anything else is sent in the double-byte mode (escpos-commands.ts),
 * where every character is full width — two columns, a Chinese character as much as a "·".
 */
export function printedWidth(text: string): number {
  let width = 0;
  for (const char of paperText(text)) width += char.codePointAt(0)! < 0x80 ? 1 : 2;
  return width;
}
