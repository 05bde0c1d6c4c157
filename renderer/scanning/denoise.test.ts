import { describe, expect, it } from 'vitest';
import { boxFilteredLuminance } from './denoise.ts';
import type { Pixels } from './frame-decoders.ts';

function greyPixels(width: number, height: number, level: (x: number, y: number) => number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      data.fill(level(x, y), p, p + 3);
      data[p + 3] = 255;
    }
  return { data, width, height };
}

const greyAt = (pixels: Pixels, x: number, y: number): number => pixels.data[(y * pixels.width + x) * 4]!;

describe('box filter of the luminance (the camera plan’s pass for noisy phone screens)', () => {
  it('keeps a flat grey exactly, edges and corners included, as opaque grey RGBA', () => {
    const out = boxFilteredLuminance(greyPixels(5, 4, () => 137));
    for (let y = 0; y < 4; y++) for (let x = 0; x < 5; x++) expect(greyAt(out, x, y)).toBe(137);
    expect(Array.from(out.data.subarray(0, 4))).toEqual([137, 137, 137, 255]);
  });

  it('averages each pixel with its eight neighbours', () => {
    // One bright pixel of 225 in black: each of its 3×3 neighbourhood becomes 225 / 9 = 25.
    const out = boxFilteredLuminance(greyPixels(5, 5, (x, y) => (x === 2 && y === 2 ? 225 : 0)));
    expect(greyAt(out, 1, 1)).toBe(25);
    expect(greyAt(out, 2, 2)).toBe(25);
    expect(greyAt(out, 3, 3)).toBe(25);
    expect(greyAt(out, 0, 0)).toBe(0);
    expect(greyAt(out, 4, 2)).toBe(0);
  });

  it('divides alternating noise of ±40 around a level by about three', () => {
    const noisy = greyPixels(30, 30, (x, y) => 128 + ((x + y) % 2 === 0 ? 40 : -40));
    const out = boxFilteredLuminance(noisy);
    for (let y = 1; y < 29; y++)
      for (let x = 1; x < 29; x++) expect(Math.abs(greyAt(out, x, y) - 128)).toBeLessThanOrEqual(Math.ceil(40 / 9));
  });
});
