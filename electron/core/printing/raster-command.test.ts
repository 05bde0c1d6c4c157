import { describe, expect, it } from 'vitest';
import { rasterImage } from './raster-command.ts';

// GS v 0's framing as Epson's reference gives it: GS v 0 m xL xH yL yH, then x × y bytes of dots.

describe('GS v 0, the raster picture command', () => {
  it('frames a bitmap: m = 0, the width in bytes and the height in rows, low byte first, then the dots', () => {
    const bits = Uint8Array.of(0x80, 0x01, 0xff, 0x00, 0x0f, 0xf0);
    expect([...rasterImage({ widthBytes: 2, height: 3, bits })]).toEqual([
      0x1d, 0x76, 0x30, 0x00, 0x02, 0x00, 0x03, 0x00, 0x80, 0x01, 0xff, 0x00, 0x0f, 0xf0,
    ]);
  });

  it('carries an 80 mm band: 72 bytes (576 dots) wide, a height above 255 in two bytes, x × y bytes of data', () => {
    const bytes = rasterImage({ widthBytes: 72, height: 300, bits: new Uint8Array(72 * 300) });
    expect([...bytes.subarray(0, 8)]).toEqual([0x1d, 0x76, 0x30, 0x00, 72, 0, 300 & 0xff, 300 >> 8]);
    expect(bytes.length).toBe(8 + 72 * 300);
  });

  it('refuses dots that do not fill the width and height, and a band taller than a printer takes', () => {
    expect(() => rasterImage({ widthBytes: 2, height: 3, bits: new Uint8Array(5) })).toThrow();
    expect(() => rasterImage({ widthBytes: 1, height: 2_304, bits: new Uint8Array(2_304) })).toThrow();
  });
});
