import { BrowserQRCodeReader } from '@zxing/browser';
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  NotFoundException,
  ChecksumException,
  FormatException,
  RGBLuminanceSource,
} from '@zxing/library';

// The two QR decoders the camera can use, behind one small interface so the frame loop (and the bench, which
// runs these same functions in Node) does not care which one it has (the WebAssembly one is in
// wasm-decoder.ts, its own chunk, loaded alongside the camera's):
// - `wasm`: zxing-cpp compiled to WebAssembly (zxing-wasm). Faster, and reads what a phone screen looks like
//   to a counter camera: low contrast, sensor noise, tilt, a little blur.
// - `zxing-js`: @zxing/browser's own decoder (@zxing/library, pure JavaScript), the fallback when the
//   WebAssembly module cannot load (a browser that refuses WebAssembly, a damaged install).
// Neither touches the DOM: both take RGBA pixels, as a canvas's getImageData gives them.

/** RGBA pixels, 4 bytes a pixel, row by row (an ImageData, or anything shaped like one). */
export interface Pixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

export type DecoderKind = 'wasm' | 'zxing-js';

export interface FrameDecoder {
  readonly kind: DecoderKind;
  /** The text of a QR code in the pixels, or null when there is none that reads. */
  decode(pixels: Pixels): Promise<string | null>;
}

/** @zxing/browser's QR reader with TRY_HARDER (every row searched for finder patterns). */
export function createZxingJsDecoder(): FrameDecoder {
  const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]));
  return {
    kind: 'zxing-js',
    decode(pixels) {
      const luminance = toLuminance(pixels);
      const bitmap = new BinaryBitmap(
        new HybridBinarizer(new RGBLuminanceSource(luminance, pixels.width, pixels.height)),
      );
      try {
        return Promise.resolve(reader.decodeBitmap(bitmap).getText());
      } catch (error) {
        // "No code here" and "a code that does not read" are the normal answer for most frames.
        if (
          error instanceof NotFoundException ||
          error instanceof ChecksumException ||
          error instanceof FormatException
        )
          return Promise.resolve(null);
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/** RGBA → 8-bit luminance (Rec. 601 weights, integer arithmetic), the grey image both decoders work on. */
export function toLuminance(pixels: Pixels): Uint8ClampedArray {
  const { data } = pixels;
  const out = new Uint8ClampedArray(pixels.width * pixels.height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4)
    out[i] = (data[p]! * 306 + data[p + 1]! * 601 + data[p + 2]! * 117 + 512) >> 10;
  return out;
}
