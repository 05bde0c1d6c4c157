import { createRequire } from 'node:module';
import type * as Canvas from '@napi-rs/canvas';

// @napi-rs/canvas (Skia, a native addon) loaded on the first picture, not when the core starts: a till that
// prints text, or no receipts at all, never pays its load (about 120 ms) nor depends on its binary being there.

const require = createRequire(import.meta.url);
let library: typeof Canvas | null = null;

export function canvasLibrary(): typeof Canvas {
  library ??= require('@napi-rs/canvas') as typeof Canvas;
  return library;
}
