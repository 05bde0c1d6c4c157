import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { Pixels } from './frame-decoders.ts';
import { loadWasmDecoder } from './wasm-decoder.ts';

// The camera falls back to @zxing/browser's decoder when the WebAssembly module cannot load; a module that
// failed must not stay cached as failed, or the camera would never get the fast decoder back.

const WASM_FILE = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

function qrPixels(text: string): Pixels {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 6;
  const side = (qr.modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < qr.modules.size && col < qr.modules.size && qr.modules.get(row, col)) {
        data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
  }
  return { data, width: side, height: side };
}

describe('the WebAssembly QR decoder', () => {
  it('rejects when its module cannot load, and loads on a later try with the same overrides', async () => {
    // The app passes one overrides object for the whole session; here its first load gets damaged bytes (as a
    // broken download would), the next the real file.
    const damaged = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0xde, 0xad, 0xbe, 0xef]).buffer;
    let loads = 0;
    const overrides = {
      get wasmBinary(): ArrayBuffer {
        loads += 1;
        return loads === 1 ? damaged : (readFileSync(WASM_FILE).buffer as ArrayBuffer);
      },
    };
    await expect(loadWasmDecoder(overrides)).rejects.toThrow();
    const decoder = await loadWasmDecoder(overrides);
    expect(loads).toBe(2);
    expect(decoder.kind).toBe('wasm');
    expect(await decoder.decode(qrPixels('SBCQ0123456789ABCDEF'))).toBe('SBCQ0123456789ABCDEF');
  });

  it('answers null for a frame without a code', async () => {
    const decoder = await loadWasmDecoder({ wasmBinary: readFileSync(WASM_FILE).buffer as ArrayBuffer });
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    expect(await decoder.decode(blank)).toBeNull();
  });
});
