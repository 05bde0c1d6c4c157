import type { PrintAs } from '../../../shared/printer.ts';
import type { ChineseCodePage } from './code-page.ts';
import * as cmd from './escpos-commands.ts';
import { drawBand, type LineStyle, type PaperLine } from './raster-band.ts';
import { rasterImage } from './raster-command.ts';
import type { RasterScript } from './raster-fonts.ts';

// Where the layout's lines go: as text in the printer's font and code page (escpos-commands.ts), or as pictures
// of the same lines (raster-band.ts → GS v 0) for a printer with no Chinese code page. Commands that are not
// lines — alignment, the printer's own QR, feed, cut — go as they are either way; the lines between two of them
// make one picture (a band), so the picture and the commands keep their order on the paper.

export interface PaperWriterOptions {
  readonly printAs: PrintAs;
  readonly codePage: ChineseCodePage;
  /** The head's width in dots: 576 (80 mm), 384 (58 mm). */
  readonly widthDots: number;
  /** The fonts' script for a picture: the Hong Kong forms for a zh-HK till, Simplified for every other. */
  readonly script: RasterScript;
}

export interface PaperWriter {
  command(bytes: Uint8Array): void;
  align(where: cmd.Align): void;
  bold(on: boolean): void;
  large(on: boolean): void;
  /** A line of text; `as` overrides the printer's setting (the test page prints its sample both ways). */
  line(text: string, as?: PrintAs): void;
  /** Label left, value right: as text, the layout's `columns` (the two on one line, or the value under the label). */
  pair(label: string, value: string, columns: readonly string[]): void;
  bytes(): Uint8Array;
}

/** Lines in one picture at most: a band stays far below the rows one GS v 0 may carry. */
const BAND_LINES = 24;

export function paperWriter(options: PaperWriterOptions): PaperWriter {
  const parts: Uint8Array[] = [];
  let band: PaperLine[] = [];
  let style: LineStyle = { bold: false, large: false, align: 'left' };
  const flush = (): void => {
    if (band.length === 0) return;
    parts.push(rasterImage(drawBand(band, options.widthDots, options.script)));
    band = [];
  };
  const command = (bytes: Uint8Array): void => {
    flush();
    parts.push(bytes);
  };
  const picture = (line: PaperLine): void => {
    band.push(line);
    if (band.length >= BAND_LINES) flush();
  };
  const line = (text: string, as: PrintAs = options.printAs): void => {
    if (as === 'text') command(cmd.line(text, options.codePage));
    else picture({ kind: 'text', text, style });
  };
  // Bold and size are the printer's modes for text; a picture draws them itself (they do not touch GS v 0).
  const mode = (bytes: Uint8Array, next: LineStyle): void => {
    style = next;
    if (options.printAs === 'text') command(bytes);
  };
  return {
    command,
    // ESC a goes either way: it places the printer's QR too.
    align: (where) => {
      style = { ...style, align: where };
      command(cmd.align(where));
    },
    bold: (on) => mode(cmd.bold(on), { ...style, bold: on }),
    large: (on) => mode(cmd.large(on), { ...style, large: on }),
    line,
    pair: (label, value, columns) => {
      if (options.printAs === 'picture') picture({ kind: 'pair', label, value, style });
      else for (const text of columns) line(text);
    },
    bytes: () => {
      flush();
      return cmd.concat(parts);
    },
  };
}
