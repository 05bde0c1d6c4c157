// Camera decoder bench (issue 17): the app's two QR decoders side by side on the same generated 640×480
// frames, decoder core only (the exact functions the camera uses, renderer/scanning/frame-decoders.ts), in
// Node, which runs the same V8 and WebAssembly engine as Chromium. A benchmark, not a test: it prints figures.
//
//   node --experimental-strip-types --no-warnings=ExperimentalWarning e2e/bench/decoders.bench.ts
//   options: --reps=5 (each frame decoded this many times; the noisy frames get fresh noise each time)
//            --save-frames=DIR (writes every generated frame as a PNG there, to look at)
//
// Columns: `zxing-js` = @zxing/browser's decoder (@zxing/library, TRY_HARDER), the fallback; `wasm` =
// zxing-wasm (zxing-cpp, tryHarder), whole frame; `wasm, app plan` = what the camera does per frame: the
// centre crop first, the whole frame only when the crop has no code, then both box-filtered when neither read
// (renderer/scanning/frame-loop.ts, denoise.ts).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { createZxingJsDecoder, type FrameDecoder, type Pixels } from '../../renderer/scanning/frame-decoders.ts';
import { loadWasmDecoder } from '../../renderer/scanning/wasm-decoder.ts';
import { boxFilteredLuminance } from '../../renderer/scanning/denoise.ts';
import { decodePlan } from '../../renderer/scanning/frame-loop.ts';
import { printTable } from './bench-kit.ts';
import { FRAME_CASES, FRAME_HEIGHT, FRAME_WIDTH, PAYLOADS, payloadsOf, renderFrame } from './qr-frames.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value ?? 'true'] as const;
  }),
);
const REPS = Number(args.get('reps') ?? 5);
const SAVE_DIR = args.get('save-frames');
const WARM_UP = 3;

interface Sample {
  readonly ok: boolean;
  readonly ms: number;
}

type Method = (pixels: Pixels) => Promise<string | null>;

/** Nearest-rank percentile. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

/** The camera's per-frame plan: regions in order, first code found wins. */
function appPlan(decoder: FrameDecoder): Method {
  return async (pixels) => {
    for (const { region, denoise } of decodePlan(pixels.width, pixels.height)) {
      const cropped = crop(pixels, region.x, region.y, region.width, region.height);
      const text = await decoder.decode(denoise ? boxFilteredLuminance(cropped) : cropped);
      if (text !== null) return text;
    }
    return null;
  };
}

/** getImageData of a region, as the camera does it (the copy is part of the cost). */
function crop(pixels: Pixels, x: number, y: number, width: number, height: number): Pixels {
  if (x === 0 && y === 0 && width === pixels.width && height === pixels.height)
    return { data: pixels.data.slice(), width, height };
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++)
    data.set(
      pixels.data.subarray(((y + row) * pixels.width + x) * 4, ((y + row) * pixels.width + x + width) * 4),
      row * width * 4,
    );
  return { data, width, height };
}

async function time(method: Method, pixels: Pixels, expected: string): Promise<Sample> {
  const started = performance.now();
  const text = await method(pixels);
  return { ok: text === expected, ms: performance.now() - started };
}

function savePng(pixels: Pixels, file: string): void {
  const png = new PNG({ width: pixels.width, height: pixels.height });
  png.data.set(pixels.data);
  writeFileSync(file, PNG.sync.write(png));
}

async function main(): Promise<void> {
  if (!(REPS >= 1)) throw new Error('--reps must be at least 1');
  if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
  const wasmFile = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const loadStarted = performance.now();
  const wasm = await loadWasmDecoder({ wasmBinary: readFileSync(wasmFile).buffer as ArrayBuffer });
  const wasmLoadMs = performance.now() - loadStarted;
  const zxingJs = createZxingJsDecoder();
  const methods: readonly (readonly [string, Method])[] = [
    ['zxing-js', (pixels) => zxingJs.decode(pixels)],
    ['wasm', (pixels) => wasm.decode(pixels)],
    ['wasm, app plan', appPlan(wasm)],
  ];

  // Warm up both engines' JIT on a frame outside the figures.
  const warm = renderFrame(PAYLOADS[0]!, FRAME_CASES[0]!, 'warm-up');
  for (let i = 0; i < WARM_UP; i++) for (const [, method] of methods) await method(warm);

  const loadBefore = loadavg();
  console.log(
    `Decoding ${PAYLOADS.length} payloads × ${FRAME_CASES.length} cases × ${REPS} repetitions (${FRAME_WIDTH}×${FRAME_HEIGHT}) with ${methods.length} methods …`,
  );
  const byCase = new Map<string, Map<string, Sample[]>>();
  for (const frameCase of FRAME_CASES) {
    const perMethod = new Map(methods.map(([name]) => [name, [] as Sample[]]));
    byCase.set(frameCase.name, perMethod);
    for (const payload of payloadsOf(frameCase)) {
      for (let rep = 0; rep < REPS; rep++) {
        const pixels = renderFrame(payload, frameCase, `rep-${rep}`);
        if (SAVE_DIR && rep === 0)
          savePng(pixels, join(SAVE_DIR, `${frameCase.name.replace(/[^a-z0-9]+/gi, '-')}-${payload.length}.png`));
        // Alternate the order so neither decoder always runs on a cache the other warmed.
        const order = rep % 2 === 0 ? methods : [...methods].reverse();
        for (const [name, method] of order) perMethod.get(name)!.push(await time(method, pixels, payload));
      }
    }
  }

  const header = ['case', ...methods.flatMap(([name]) => [`${name} read`, 'median', 'p95'])];
  const rows: string[][] = [header];
  const totals = new Map(methods.map(([name]) => [name, [] as Sample[]]));
  for (const [caseName, perMethod] of byCase) {
    const row = [caseName];
    for (const [name] of methods) {
      const samples = perMethod.get(name)!;
      totals.get(name)!.push(...samples);
      const times = samples.map((sample) => sample.ms);
      row.push(
        `${samples.filter((sample) => sample.ok).length}/${samples.length}`,
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
      );
    }
    rows.push(row);
  }
  const totalRow = ['all frames'];
  for (const [name] of methods) {
    const samples = totals.get(name)!;
    const times = samples.map((sample) => sample.ms);
    totalRow.push(
      `${samples.filter((sample) => sample.ok).length}/${samples.length}`,
      ms(percentile(times, 50)),
      ms(percentile(times, 95)),
    );
  }
  rows.push(totalRow);

  const cpu = cpus();
  console.log('');
  console.log(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after`,
  );
  console.log(
    `Node ${process.version}; zxing-wasm module compiled and instantiated in ${ms(wasmLoadMs)}; ${WARM_UP} warm-up decodes per method dropped`,
  );
  console.log('');
  printTable(rows);
  console.log('');
  console.log(
    '"read" = frames decoded to the exact payload / frames tried (payloads × repetitions). Times per frame, decode',
  );
  console.log(
    'call only (the frame is generated before the clock starts); a frame with no read still costs its full search.',
  );
  const median = (name: string): number =>
    percentile(
      totals.get(name)!.map((sample) => sample.ms),
      50,
    );
  console.log(`wasm vs zxing-js, median of all frames: ${(median('zxing-js') / median('wasm')).toFixed(1)}× faster.`);
}

await main();
