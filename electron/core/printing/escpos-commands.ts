import { isAscii } from './big5.ts';
import { encodeChinese, type ChineseCodePage } from './code-page.ts';
import { paperText } from './paper-text.ts';

// The few ESC/POS commands a receipt needs, as bytes (Epson's ESC/POS reference; every thermal receipt printer
// sold to shops understands this subset). Written here rather than taken from a library: see README.md.

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const EOT = 0x04;
const LF = 0x0a;

export type Align = 'left' | 'center' | 'right';

/** ESC @: forget whatever a previous job left set (size, alignment, code page). */
export const init = (): Uint8Array => Uint8Array.of(ESC, 0x40);

export const align = (where: Align): Uint8Array =>
  Uint8Array.of(ESC, 0x61, where === 'left' ? 0 : where === 'center' ? 1 : 2);

export const bold = (on: boolean): Uint8Array => Uint8Array.of(ESC, 0x45, on ? 1 : 0);

/** GS !: double width and height (titles, the amount), or normal. */
export const large = (on: boolean): Uint8Array => Uint8Array.of(GS, 0x21, on ? 0x11 : 0x00);

export const feed = (lines: number): Uint8Array => Uint8Array.of(ESC, 0x64, lines);

/**
 * One line of text. ASCII goes as it is; anything else goes in the printer's double-byte (Chinese) mode,
 * FS & … FS ., in the printer's code page (code-page.ts): Big5 for Traditional, GB18030 for Simplified.
 */
export function line(raw: string, codePage: ChineseCodePage = 'big5'): Uint8Array {
  const text = paperText(raw);
  if (isAscii(text)) return concat([new TextEncoder().encode(text), Uint8Array.of(LF)]);
  return concat([Uint8Array.of(FS, 0x26), encodeChinese(text, codePage), Uint8Array.of(FS, 0x2e, LF)]);
}

/** QR error correction M (15 %): survives a scuffed thermal print, still small at 203 dpi. */
const QR_ERROR_CORRECTION_M = 0x31;

/**
 * The printer's own QR code (GS ( k, function 165/167/169/180/181): model 2, module size in dots, error
 * correction M, store the data, print it. Printed by the printer, so it is as sharp as its head can make it.
 */
export function qrCode(content: string, moduleDots: number): Uint8Array {
  const data = new TextEncoder().encode(content);
  const storeLength = data.length + 3;
  return concat([
    Uint8Array.of(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0x00), // fn 165: model 2
    Uint8Array.of(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, moduleDots), // fn 167: module size
    Uint8Array.of(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, QR_ERROR_CORRECTION_M), // fn 169: error correction
    Uint8Array.of(GS, 0x28, 0x6b, storeLength & 0xff, storeLength >> 8, 0x31, 0x50, 0x30), // fn 180: store…
    data,
    Uint8Array.of(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30), // fn 181: print
  ]);
}

/** GS V 66 n: feed to the cutter and cut (a partial cut where the printer has only that). */
export const cut = (): Uint8Array => Uint8Array.of(GS, 0x56, 0x42, 0x03);

/** ESC p m t1 t2: a pulse on the drawer connector (pin 2), on and off times in units of 2 ms. */
export function drawerKick(onMs: number, offMs: number): Uint8Array {
  const units = (ms: number): number => Math.min(255, Math.max(1, Math.round(ms / 2)));
  return Uint8Array.of(ESC, 0x70, 0x00, units(onMs), units(offMs));
}

/** DLE EOT n: real-time status; 1 printer, 2 offline cause, 3 error cause, 4 paper sensor. One byte answers. */
export const statusQuery = (n: 1 | 2 | 3 | 4): Uint8Array => Uint8Array.of(DLE, EOT, n);

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
