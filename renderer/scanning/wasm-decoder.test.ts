import { describe, expect, it } from 'vitest';
import { loadWasmDecoder } from './wasm-decoder.ts';

// The camera falls back to @zxing/browser's decoder when the WebAssembly module cannot load. A module that
// failed must not stay cached as failed, or the camera would never get the fast decoder back in that session
// (the app passes one overrides object for the whole session, and zxing-wasm caches the module per object).
// Decoding with the real module is tested in Node, on the fake camera's frames (e2e/fixtures/y4m.test.ts).

describe('the WebAssembly QR decoder loader', () => {
  it('rejects when the module cannot load, and tries again on the next call with the same overrides', async () => {
    // Bytes with the WebAssembly magic number but a wrong version: what a broken download looks like.
    const damaged = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0xde, 0xad, 0xbe, 0xef]).buffer;
    let loads = 0;
    const overrides = {
      get wasmBinary(): ArrayBuffer {
        loads += 1;
        return damaged;
      },
    };
    await expect(loadWasmDecoder(overrides)).rejects.toThrow();
    await expect(loadWasmDecoder(overrides)).rejects.toThrow();
    expect(loads).toBe(2);
  });

  it('gives up after the timeout when the module never arrives', async () => {
    // A download that never ends: the module waits for ever for its bytes.
    const never = { instantiateWasm: (): Record<string, never> => ({}) };
    await expect(loadWasmDecoder(never, 50)).rejects.toThrow('did not load within 50 ms');
  });
});
