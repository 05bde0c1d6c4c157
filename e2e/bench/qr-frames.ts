import QRCode from 'qrcode';
import type { Pixels } from '../../renderer/scanning/frame-decoders.ts';
import { gaussian, seededRandom } from '../fixtures/y4m.ts';

// Synthetic camera frames for the decoder bench: a QR code placed in a 640×480 grey frame through a
// perspective transform (so rotation, tilt and size are one code path), supersampled for anti-aliased edges,
// then blurred, and for the phone-screen case given low contrast, a glare gradient and sensor noise.

export interface FrameCase {
  readonly name: string;
  /** The code's side (quiet zone included) as a share of the frame's shorter side. */
  readonly share: number;
  readonly rotationDeg: number;
  /** The code's right edge this share shorter than its left (a phone tilted away). */
  readonly perspective: number;
  /** Gaussian blur, sigma in pixels (focus, motion). */
  readonly blurSigma: number;
  /** [dark module, light module] grey levels (0–255). */
  readonly levels: readonly [number, number];
  readonly noiseSigma: number;
  readonly glareSpan: number;
  /** Only the payloads a wallet shows (not the URL-style one, which no decoder reads at ~2 px a module). */
  readonly walletCodesOnly?: boolean;
}

const BASE: FrameCase = {
  name: '',
  share: 0.6,
  rotationDeg: 0,
  perspective: 0,
  blurSigma: 0,
  levels: [20, 235],
  noiseSigma: 0,
  glareSpan: 0,
};

export const FRAME_CASES: readonly FrameCase[] = [
  { ...BASE, name: 'clean' },
  { ...BASE, name: 'small (code 25% of the height)', share: 0.25 },
  { ...BASE, name: 'rotated 20°', rotationDeg: 20 },
  { ...BASE, name: 'blurred (σ 2.5 px)', blurSigma: 2.5 },
  { ...BASE, name: 'noisy low-contrast (phone screen)', levels: [112, 152], noiseSigma: 10, glareSpan: 24 },
  { ...BASE, name: 'skewed + rotated 15° + blurred', perspective: 0.3, rotationDeg: 15, blurSigma: 1.5 },
  // Issue 25's shop light: a wallet's code on a phone screen 135 px across (28% of 480), 45% contrast, sensor
  // noise of about ±40 grey levels (σ 20), slightly tilted and turned, a little out of focus.
  {
    ...BASE,
    name: 'shop light (135 px, 45% contrast, noise ±40, tilt)',
    share: 0.28,
    rotationDeg: 6,
    perspective: 0.08,
    blurSigma: 0.8,
    levels: [70, 185],
    noiseSigma: 20,
    glareSpan: 16,
    walletCodesOnly: true,
  },
];

/** Three payload lengths: a wallet code, a longer token, a URL-style payload. */
export const PAYLOADS: readonly string[] = [
  'SBCQ7K2M9XQ4HT8WZP3N',
  'SBCQ-7K2M9XQ4HT8WZP3N-2026-11-25-TERMINAL-0042-POS-7781',
  'https://wallet.example/pay/consumer?code=SBCQ7K2M9XQ4HT8WZP3N&terminal=0042&pos=7781&nonce=9f8e7d6c5b4a39281706f5e4d3c2b1a0',
];

/** The payloads a case is rendered with. */
export function payloadsOf(frameCase: FrameCase): readonly string[] {
  return frameCase.walletCodesOnly ? PAYLOADS.slice(0, 2) : PAYLOADS;
}

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
const QUIET = 4;
const SUPERSAMPLE = 3;

/** One frame of `text` as `frameCase` describes it; `seed` varies the noise between repetitions. */
export function renderFrame(text: string, frameCase: FrameCase, seed: string): Pixels {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const count = size + QUIET * 2;
  const [dark, light] = frameCase.levels;
  const toCode = inverseMapping(frameCase);

  const grey = new Float32Array(FRAME_WIDTH * FRAME_HEIGHT);
  for (let y = 0; y < FRAME_HEIGHT; y++) {
    for (let x = 0; x < FRAME_WIDTH; x++) {
      let darkSamples = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const [u, v] = toCode(x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE);
          if (u < 0 || v < 0 || u >= 1 || v >= 1) continue;
          const col = Math.floor(u * count) - QUIET;
          const row = Math.floor(v * count) - QUIET;
          if (row >= 0 && col >= 0 && row < size && col < size && qr.modules.get(row, col)) darkSamples++;
        }
      }
      const darkShare = darkSamples / (SUPERSAMPLE * SUPERSAMPLE);
      grey[y * FRAME_WIDTH + x] = light + (dark - light) * darkShare;
    }
  }
  const blurred = frameCase.blurSigma > 0 ? gaussianBlur(grey, FRAME_WIDTH, FRAME_HEIGHT, frameCase.blurSigma) : grey;
  const random = seededRandom(`${seed}:${text}:${frameCase.name}`);
  const data = new Uint8ClampedArray(FRAME_WIDTH * FRAME_HEIGHT * 4);
  for (let i = 0; i < blurred.length; i++) {
    const x = i % FRAME_WIDTH;
    let value = blurred[i]!;
    if (frameCase.glareSpan) value += (x / FRAME_WIDTH - 0.5) * frameCase.glareSpan;
    if (frameCase.noiseSigma) value += gaussian(random) * frameCase.noiseSigma;
    const level = Math.max(0, Math.min(255, Math.round(value)));
    data[i * 4] = level;
    data[i * 4 + 1] = level;
    data[i * 4 + 2] = level;
    data[i * 4 + 3] = 255;
  }
  return { data, width: FRAME_WIDTH, height: FRAME_HEIGHT };
}

type Mapping = (x: number, y: number) => readonly [u: number, v: number];

/** Frame pixel → position in the code's unit square (quiet zone included), through the inverse homography. */
function inverseMapping(frameCase: FrameCase): Mapping {
  const side = Math.min(FRAME_WIDTH, FRAME_HEIGHT) * frameCase.share;
  const half = side / 2;
  const narrow = half * (1 - frameCase.perspective);
  // Corners of the code in the frame, clockwise from the top-left: (0,0) (1,0) (1,1) (0,1) of the unit square.
  const local: readonly (readonly [number, number])[] = [
    [-half, -half],
    [half, -narrow],
    [half, narrow],
    [-half, half],
  ];
  const angle = (frameCase.rotationDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const corners = local.map(
    ([x, y]) => [FRAME_WIDTH / 2 + x * cos - y * sin, FRAME_HEIGHT / 2 + x * sin + y * cos] as const,
  );
  const forward = squareToQuad(corners);
  const inverse = invert3(forward);
  return (x, y) => {
    const w = inverse[6] * x + inverse[7] * y + inverse[8];
    return [(inverse[0] * x + inverse[1] * y + inverse[2]) / w, (inverse[3] * x + inverse[4] * y + inverse[5]) / w];
  };
}

type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** Heckbert's closed form: the homography taking the unit square's corners to the quad's. */
function squareToQuad(quad: readonly (readonly [number, number])[]): Matrix3 {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const dx3 = x0 - x1 + x2 - x3;
  const dy3 = y0 - y1 + y2 - y3;
  if (dx3 === 0 && dy3 === 0) return [x1 - x0, x2 - x1, x0, y1 - y0, y2 - y1, y0, 0, 0, 1];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / den;
  const h = (dx1 * dy3 - dx3 * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert3(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** Separable Gaussian blur, edges clamped. */
function gaussianBlur(source: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel: number[] = [];
  for (let k = -radius; k <= radius; k++) kernel.push(Math.exp(-(k * k) / (2 * sigma * sigma)));
  const sum = kernel.reduce((total, weight) => total + weight, 0);
  const weights = kernel.map((weight) => weight / sum);
  const pass = (input: Float32Array, horizontal: boolean): Float32Array => {
    const output = new Float32Array(input.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let total = 0;
        for (let k = -radius; k <= radius; k++) {
          const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
          const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
          total += input[sy * width + sx]! * weights[k + radius]!;
        }
        output[y * width + x] = total;
      }
    }
    return output;
  };
  return pass(pass(source, true), false);
}
