import { toLuminance, type Pixels } from './frame-decoders.ts';

// A phone screen seen by a counter camera under shop light is a low-contrast code under sensor noise: each
// pixel ±40 grey levels around a module's level, and modules only ~115 levels apart. The decoder binarises
// pixel by pixel, so the noise flips modules and the code does not read. Averaging each pixel with its eight
// neighbours (a 3×3 box filter of the luminance) divides the noise by three while a module, 3 px or more
// across at the sizes a customer holds a phone, keeps its level: the same decoder then reads nearly every such
// frame (e2e/bench/decoders.bench.ts). It costs a pass over the pixels and a second decode, so the frame plan
// runs it only after the plain passes found nothing (frame-loop.ts): clean frames stay as fast.

/** The 3×3 box-filtered luminance of `pixels`, as grey RGBA (what both decoders take). Edges are clamped. */
export function boxFilteredLuminance(pixels: Pixels): Pixels {
  const { width, height } = pixels;
  const luminance = toLuminance(pixels);
  // Sums of three neighbours in a row (at most 765, so 16 bits), then of three such sums in a column.
  const rowSums = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = luminance[row + (x > 0 ? x - 1 : x)]!;
      const right = luminance[row + (x < width - 1 ? x + 1 : x)]!;
      rowSums[row + x] = left + luminance[row + x]! + right;
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const above = (y > 0 ? y - 1 : y) * width;
    const here = y * width;
    const below = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const sum = rowSums[above + x]! + rowSums[here + x]! + rowSums[below + x]!;
      // sum / 9, rounded, in integer arithmetic: 7282 / 65536 ≈ 1 / 9.
      const grey = (sum * 7282 + 32768) >> 16;
      const p = (here + x) * 4;
      data[p] = grey;
      data[p + 1] = grey;
      data[p + 2] = grey;
      data[p + 3] = 255;
    }
  }
  return { data, width, height };
}
