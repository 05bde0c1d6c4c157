// Reads an ESC/POS byte stream the way a receipt printer does, independently of the till's encoder (so a test
// that passes proves the bytes on the wire, not that the encoder agrees with itself). Knows the subset the
// till sends; any other ESC/GS command is kept as "unknown" so a test can see it.

export type JobItem =
  | {
      readonly type: 'text';
      readonly text: string;
      readonly bold: boolean;
      readonly large: boolean;
      readonly align: number;
    }
  | {
      readonly type: 'qr';
      readonly content: string;
      readonly model: number;
      readonly moduleDots: number;
      readonly errorCorrection: string;
    }
  | {
      /** A GS v 0 picture: `widthBytes` × 8 dots wide, `height` rows, one bit a dot (high bit left, 1 = black). */
      readonly type: 'raster';
      readonly widthBytes: number;
      readonly height: number;
      readonly bits: Uint8Array;
      readonly align: number;
    };

export interface DecodedJob {
  readonly items: JobItem[];
  /** Started with ESC @. */
  init: boolean;
  cut: boolean;
  /** Lines that were sent in the double-byte (Chinese) mode, as raw bytes: a test checks the code page. */
  readonly doubleByteLines: Uint8Array[];
  readonly unknown: string[];
}

export type DecoderEvent =
  | { readonly type: 'status-query'; readonly n: number }
  | { readonly type: 'job-done'; readonly job: DecodedJob }
  | { readonly type: 'drawer-kick'; readonly onMs: number; readonly offMs: number };

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const LF = 0x0a;
/**
 * The code page of the printer's double-byte mode, fixed in a real printer's firmware: Big5 (Traditional Chinese
 * models) or GB18030 (Simplified). Decoded with the WHATWG decoders Node ships, not the till's encoders.
 */
export type PrinterCodePage = 'big5' | 'gb18030';

/** Where the printer is in the stream: the job and line being built, and the modes the commands set. */
interface DecoderState {
  readonly onEvent: (event: DecoderEvent) => void;
  readonly doubleByte: TextDecoder;
  job: DecodedJob | null;
  line: number[];
  kanji: boolean;
  lineHadKanji: boolean;
  bold: boolean;
  large: boolean;
  align: number;
  readonly qr: { model: number; moduleDots: number; errorCorrection: string; data: Uint8Array };
}

export function createDecoder(onEvent: (event: DecoderEvent) => void, codePage: PrinterCodePage = 'big5') {
  const state: DecoderState = {
    onEvent,
    doubleByte: new TextDecoder(codePage),
    job: null,
    line: [],
    kanji: false,
    lineHadKanji: false,
    bold: false,
    large: false,
    align: 0,
    qr: { model: 0, moduleDots: 0, errorCorrection: '', data: new Uint8Array() },
  };
  let pending: number[] = [];

  return {
    feed(chunk: Uint8Array): void {
      pending = pending.concat([...chunk]);
      for (;;) {
        if (pending.length === 0) return;
        const used = step(state, pending);
        if (used === 0) return;
        pending = pending.slice(used);
      }
    },
  };
}

const current = (state: DecoderState): DecodedJob =>
  (state.job ??= { items: [], init: false, cut: false, doubleByteLines: [], unknown: [] });

function endLine(state: DecoderState): void {
  const bytes = Uint8Array.from(state.line);
  const text = state.lineHadKanji ? state.doubleByte.decode(bytes) : String.fromCharCode(...bytes);
  if (state.lineHadKanji) current(state).doubleByteLines.push(bytes);
  const { bold, large, align } = state;
  current(state).items.push({ type: 'text', text, bold, large, align });
  state.line = [];
  state.lineHadKanji = false;
}

/** How many bytes the command at the start of `b` takes, or 0 when more must arrive first. */
function step(state: DecoderState, b: number[]): number {
  const [first, second] = b;
  if (first === DLE) {
    if (b.length < 3) return 0;
    if (b[1] === 0x04) state.onEvent({ type: 'status-query', n: b[2]! });
    return 3;
  }
  if (first === ESC) return escCommand(state, b);
  if (first === FS) return fsCommand(state, b);
  if (first === GS) return gsCommand(state, b);
  if (first === LF) {
    endLine(state);
    return 1;
  }
  // Text: in the double-byte mode a byte from 0x81 up leads a two-byte character.
  if (state.kanji && first! >= 0x81) {
    if (b.length < 2) return 0;
    state.line.push(first!, second!);
    state.lineHadKanji = true;
    return 2;
  }
  state.line.push(first!);
  return 1;
}

/** ESC @ (initialise), ESC p (drawer kick), ESC a / E / d (align, bold, feed lines). */
function escCommand(state: DecoderState, b: number[]): number {
  const need = (count: number): boolean => b.length >= count;
  const second = b[1];
  if (!need(2)) return 0;
  if (second === 0x40) {
    const { job } = state;
    if (job && (job.items.length > 0 || state.line.length > 0)) current(state).unknown.push('ESC @ inside a job');
    state.job = { items: [], init: true, cut: false, doubleByteLines: [], unknown: [] };
    state.bold = state.large = state.kanji = false;
    state.align = 0;
    return 2;
  }
  if (second === 0x70) {
    if (!need(5)) return 0;
    state.onEvent({ type: 'drawer-kick', onMs: b[3]! * 2, offMs: b[4]! * 2 });
    return 5;
  }
  if (!need(3)) return 0;
  if (second === 0x61) state.align = b[2]!;
  else if (second === 0x45) state.bold = b[2] === 1;
  else if (second === 0x64) {
    const { bold, large, align } = state;
    for (let i = 0; i < b[2]!; i += 1) current(state).items.push({ type: 'text', text: '', bold, large, align });
  } else current(state).unknown.push(`ESC ${second!.toString(16)}`);
  return 3;
}

/** FS & and FS . : the double-byte mode on and off. */
function fsCommand(state: DecoderState, b: number[]): number {
  if (b.length < 2) return 0;
  const second = b[1];
  if (second === 0x26) state.kanji = true;
  else if (second === 0x2e) state.kanji = false;
  else current(state).unknown.push(`FS ${second!.toString(16)}`);
  return 2;
}

/** GS ! (size), GS V (cut: the job is done), GS ( k (the QR code's settings, data and print), GS v 0 (picture). */
function gsCommand(state: DecoderState, b: number[]): number {
  const need = (count: number): boolean => b.length >= count;
  const second = b[1];
  if (!need(2)) return 0;
  if (second === 0x21) {
    if (!need(3)) return 0;
    state.large = b[2] !== 0;
    return 3;
  }
  if (second === 0x56) {
    if (!need(3)) return 0;
    const length = b[2] === 0x41 || b[2] === 0x42 ? 4 : 3;
    if (!need(length)) return 0;
    if (state.line.length > 0) endLine(state);
    const done = current(state);
    done.cut = true;
    state.job = null;
    state.onEvent({ type: 'job-done', job: done });
    return length;
  }
  if (second === 0x28 && b[2] === 0x6b) return qrCommand(state, b);
  if (second === 0x76 && b[2] === 0x30) return rasterCommand(state, b);
  current(state).unknown.push(`GS ${second!.toString(16)}`);
  return 2;
}

/** GS ( k pL pH cn fn …: one step of a QR code (model, module size, error correction, data, print). */
function qrCommand(state: DecoderState, b: number[]): number {
  if (b.length < 5) return 0;
  const length = b[3]! + b[4]! * 256;
  if (b.length < 5 + length) return 0;
  const { qr } = state;
  const body = b.slice(5, 5 + length);
  const fn = body[1];
  if (fn === 0x41) qr.model = body[2]! - 0x30;
  else if (fn === 0x43) qr.moduleDots = body[2]!;
  else if (fn === 0x45) qr.errorCorrection = ['L', 'M', 'Q', 'H'][body[2]! - 0x30] ?? '?';
  else if (fn === 0x50) qr.data = Uint8Array.from(body.slice(3));
  else if (fn === 0x51)
    current(state).items.push({
      type: 'qr',
      content: new TextDecoder().decode(qr.data),
      model: qr.model,
      moduleDots: qr.moduleDots,
      errorCorrection: qr.errorCorrection,
    });
  return 5 + length;
}

/** GS v 0 m xL xH yL yH d1…dk: a raster picture, k = x × y bytes, printed where the line would be. */
function rasterCommand(state: DecoderState, b: number[]): number {
  if (b.length < 8) return 0;
  const widthBytes = b[4]! + b[5]! * 256;
  const height = b[6]! + b[7]! * 256;
  const length = 8 + widthBytes * height;
  if (b.length < length) return 0;
  if (b[3] !== 0) current(state).unknown.push(`GS v 0 scaled (m = ${b[3]})`);
  if (state.line.length > 0) endLine(state);
  const bits = Uint8Array.from(b.slice(8, length));
  current(state).items.push({ type: 'raster', widthBytes, height, bits, align: state.align });
  return length;
}
