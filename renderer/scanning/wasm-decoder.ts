import {
  prepareZXingModule,
  purgeZXingModule,
  readBarcodes,
  type ReaderOptions,
  type ZXingModuleOverrides,
} from 'zxing-wasm/reader';
import type { FrameDecoder } from './frame-decoders.ts';

// The WebAssembly QR decoder: zxing-cpp compiled to WebAssembly (zxing-wasm). Where the .wasm comes from is
// the caller's choice (`overrides`): the app points it at the file its own build serves, the bench and the
// tests hand it the bytes from node_modules. Nothing here touches the DOM.

/** QR only (a wallet code is a QR; looking for 1-D codes too would cost time and invite misreads), one symbol,
 *  and the decoder's harder search: rotation, inversion (dark-mode wallets) and downscaling stay on. */
const WASM_READER_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 };

/**
 * Loads the WebAssembly module with these overrides (where the .wasm comes from) and returns the decoder once
 * it is ready; rejects when it cannot load in `timeoutMs`, and forgets the failed module so a later call may
 * try again.
 */
export async function loadWasmDecoder(overrides: ZXingModuleOverrides, timeoutMs = 10_000): Promise<FrameDecoder> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the barcode decoder did not load within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([prepareZXingModule({ overrides, fireImmediately: true }), timedOut]);
  } catch (error) {
    purgeZXingModule();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    kind: 'wasm',
    async decode(pixels) {
      const [result] = await readBarcodes(pixels as ImageData, WASM_READER_OPTIONS);
      return result?.isValid ? result.text : null;
    },
  };
}
