import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Align } from './escpos-commands.ts';
import { paperText } from './paper-text.ts';
import { canvasLibrary } from './raster-canvas.ts';
import type { Bitmap } from './raster-command.ts';
import { rasterFont, type RasterScript } from './raster-fonts.ts';

// Lines of a receipt drawn as dots, for a printer that has no Chinese code page: the same lines, bold, size and
// alignment the text layout sends, drawn with the app's own fonts (raster-fonts.ts) onto a band as wide as the
// printer's head, then turned into black and white dots for GS v 0 (raster-command.ts).

/** A line as the layout means it: one text, or a label and a value (left and right). */
export type PaperLine =
  | { readonly kind: 'text'; readonly text: string; readonly style: LineStyle }
  | { readonly kind: 'pair'; readonly label: string; readonly value: string; readonly style: LineStyle };

export interface LineStyle {
  readonly bold: boolean;
  readonly large: boolean;
  readonly align: Align;
}

/** Font A on a 203 dpi head is 24 dots tall, a line 30 dots apart; double size is twice both. */
const FONT_DOTS = 24;
const LINE_DOTS = 30;
/** A dot darker than this (0 black … 255 white) prints: the glyphs' anti-aliased edges go half each way. */
const INK_BELOW = 144;

/** One printed line: its texts (a pair has two, left and right) and its height in dots. */
interface Row {
  readonly cells: readonly { readonly text: string; readonly font: string; readonly align: Align }[];
  readonly height: number;
}

/** The lines as one bitmap `widthDots` wide (a multiple of 8: 576 for 80 mm, 384 for 58 mm). */
export function drawBand(lines: readonly PaperLine[], widthDots: number, script: RasterScript): Bitmap {
  const { createCanvas } = canvasLibrary();
  const measure = createCanvas(8, 8).getContext('2d');
  const rows = lines.flatMap((line) => rowsOf(line, widthDots, script, measure));
  const height = rows.reduce((sum, row) => sum + row.height, 0);
  const canvas = createCanvas(widthDots, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, widthDots, height);
  context.fillStyle = '#000';
  context.textBaseline = 'alphabetic';
  let top = 0;
  for (const row of rows) {
    for (const cell of row.cells) {
      context.font = cell.font;
      context.textAlign = cell.align;
      const x = cell.align === 'left' ? 0 : cell.align === 'center' ? widthDots / 2 : widthDots;
      // The baseline at four fifths of the line: room below it for the descenders (g, y).
      context.fillText(cell.text, x, top + Math.round(row.height * 0.8));
    }
    top += row.height;
  }
  return toBitmap(context.getImageData(0, 0, widthDots, height).data, widthDots, height);
}

function rowsOf(line: PaperLine, widthDots: number, script: RasterScript, measure: SKRSContext2D): Row[] {
  const { bold, large, align } = line.style;
  const size = large ? FONT_DOTS * 2 : FONT_DOTS;
  const height = large ? LINE_DOTS * 2 : LINE_DOTS;
  const weight = bold ? 700 : 400;
  const cell = (text: string, where: Align) => ({ text, font: rasterFont(text, size, weight, script), align: where });
  const widthOf = (text: string): number => {
    measure.font = rasterFont(text, size, weight, script);
    return measure.measureText(text).width;
  };
  const rows = (texts: string[], where: Align): Row[] => texts.map((text) => ({ cells: [cell(text, where)], height }));
  if (line.kind === 'text') return rows(wrap(paperText(line.text), widthDots, widthOf), align);
  const label = paperText(line.label);
  const value = paperText(line.value);
  // Label left, value right on one line when both fit with a space between; else the value under the label.
  if (widthOf(`${label} ${value}`) <= widthDots)
    return [{ cells: [cell(label, 'left'), cell(value, 'right')], height }];
  return [...rows(wrap(label, widthDots, widthOf), 'left'), ...rows(wrap(value, widthDots, widthOf), 'right')];
}

/** The text in pieces that fit the width: broken at the last space that fits, else between two characters. */
export function wrap(text: string, widthDots: number, widthOf: (text: string) => number): string[] {
  const pieces: string[] = [];
  let rest = [...text];
  while (rest.length > 0 && widthOf(rest.join('')) > widthDots) {
    let fits = 1;
    while (fits < rest.length && widthOf(rest.slice(0, fits + 1).join('')) <= widthDots) fits += 1;
    const space = rest.slice(0, fits + 1).lastIndexOf(' ');
    const cut = space > 0 ? space : fits;
    pieces.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(space > 0 ? space + 1 : cut);
  }
  return [...pieces, rest.join('')];
}

/** RGBA → one bit a dot, eight dots a byte, the leftmost in the high bit (GS v 0's order). */
function toBitmap(rgba: Uint8ClampedArray, widthDots: number, height: number): Bitmap {
  const widthBytes = widthDots / 8;
  const bits = new Uint8Array(widthBytes * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < widthDots; x += 1) {
      const at = (y * widthDots + x) * 4;
      const grey = (rgba[at]! * 299 + rgba[at + 1]! * 587 + rgba[at + 2]! * 114) / 1000;
      const byte = y * widthBytes + (x >> 3);
      if (grey < INK_BELOW) bits[byte] = bits[byte]! | (0x80 >> (x & 7));
    }
  return { widthBytes, height, bits };
}
