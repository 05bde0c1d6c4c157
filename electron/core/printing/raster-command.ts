// GS v 0: a raster bit image, the one picture command every ESC/POS receipt printer understands (Epson's
// reference; clones from Xprinter to Rongta copy it). What a printer without a Chinese code page gets instead of
// text: the till draws the lines (raster-band.ts) and sends their dots.

const GS = 0x1d;

/** One row of dots per `widthBytes` bytes, left to right, the high bit first; a set bit is a black dot. */
export interface Bitmap {
  readonly widthBytes: number;
  readonly height: number;
  readonly bits: Uint8Array;
}

/** The largest height one command may carry: yH ≤ 8 on Epson's printers (2303 rows); bands stay well below. */
export const MAX_RASTER_ROWS = 2_303;

/** GS v 0 m xL xH yL yH d1…dk, m = 0 (normal size): `widthBytes` bytes a row, `height` rows. */
export function rasterImage(bitmap: Bitmap): Uint8Array {
  const { widthBytes, height, bits } = bitmap;
  if (bits.length !== widthBytes * height) throw new Error('the bitmap’s bits do not fill its width and height');
  if (height < 1 || height > MAX_RASTER_ROWS) throw new Error(`a raster band of ${height} rows`);
  const head = Uint8Array.of(GS, 0x76, 0x30, 0, widthBytes & 0xff, widthBytes >> 8, height & 0xff, height >> 8);
  const out = new Uint8Array(head.length + bits.length);
  out.set(head);
  out.set(bits, head.length);
  return out;
}
