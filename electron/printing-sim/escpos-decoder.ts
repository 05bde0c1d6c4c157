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

export function createDecoder(onEvent: (event: DecoderEvent) => void, codePage: PrinterCodePage = 'big5') {
  const doubleByte = new TextDecoder(codePage);
  let pending: number[] = [];
  let job: DecodedJob | null = null;
  let line: number[] = [];
  let kanji = false;
  let lineHadKanji = false;
  let bold = false;
  let large = false;
  let align = 0;
  const qr = { model: 0, moduleDots: 0, errorCorrection: '', data: new Uint8Array() };

  const current = (): DecodedJob => (job ??= { items: [], init: false, cut: false, doubleByteLines: [], unknown: [] });
  const endLine = (): void => {
    const bytes = Uint8Array.from(line);
    const text = lineHadKanji ? doubleByte.decode(bytes) : String.fromCharCode(...bytes);
    if (lineHadKanji) current().doubleByteLines.push(bytes);
    current().items.push({ type: 'text', text, bold, large, align });
    line = [];
    lineHadKanji = false;
  };

  /** How many bytes the command at the start of `bytes` takes, or 0 when more must arrive first. */
  const step = (b: number[]): number => {
    const need = (count: number): boolean => b.length >= count;
    const [first, second] = b;
    if (first === DLE) {
      if (!need(3)) return 0;
      if (b[1] === 0x04) onEvent({ type: 'status-query', n: b[2]! });
      return 3;
    }
    if (first === ESC) {
      if (!need(2)) return 0;
      if (second === 0x40) {
        if (job && (job.items.length > 0 || line.length > 0)) current().unknown.push('ESC @ inside a job');
        job = { items: [], init: true, cut: false, doubleByteLines: [], unknown: [] };
        bold = large = kanji = false;
        align = 0;
        return 2;
      }
      if (second === 0x70) {
        if (!need(5)) return 0;
        onEvent({ type: 'drawer-kick', onMs: b[3]! * 2, offMs: b[4]! * 2 });
        return 5;
      }
      if (!need(3)) return 0;
      if (second === 0x61) align = b[2]!;
      else if (second === 0x45) bold = b[2] === 1;
      else if (second === 0x64)
        for (let i = 0; i < b[2]!; i += 1) current().items.push({ type: 'text', text: '', bold, large, align });
      else current().unknown.push(`ESC ${second!.toString(16)}`);
      return 3;
    }
    if (first === FS) {
      if (!need(2)) return 0;
      if (second === 0x26) kanji = true;
      else if (second === 0x2e) kanji = false;
      else current().unknown.push(`FS ${second!.toString(16)}`);
      return 2;
    }
    if (first === GS) {
      if (!need(2)) return 0;
      if (second === 0x21) {
        if (!need(3)) return 0;
        large = b[2] !== 0;
        return 3;
      }
      if (second === 0x56) {
        if (!need(3)) return 0;
        const length = b[2] === 0x41 || b[2] === 0x42 ? 4 : 3;
        if (!need(length)) return 0;
        if (line.length > 0) endLine();
        const done = current();
        done.cut = true;
        job = null;
        onEvent({ type: 'job-done', job: done });
        return length;
      }
      if (second === 0x28 && b[2] === 0x6b) {
        if (!need(5)) return 0;
        const length = b[3]! + b[4]! * 256;
        if (!need(5 + length)) return 0;
        const body = b.slice(5, 5 + length);
        const fn = body[1];
        if (fn === 0x41) qr.model = body[2]! - 0x30;
        else if (fn === 0x43) qr.moduleDots = body[2]!;
        else if (fn === 0x45) qr.errorCorrection = ['L', 'M', 'Q', 'H'][body[2]! - 0x30] ?? '?';
        else if (fn === 0x50) qr.data = Uint8Array.from(body.slice(3));
        else if (fn === 0x51)
          current().items.push({
            type: 'qr',
            content: new TextDecoder().decode(qr.data),
            model: qr.model,
            moduleDots: qr.moduleDots,
            errorCorrection: qr.errorCorrection,
          });
        return 5 + length;
      }
      current().unknown.push(`GS ${second!.toString(16)}`);
      return 2;
    }
    if (first === LF) {
      endLine();
      return 1;
    }
    // Text: in the double-byte mode a byte from 0x81 up leads a two-byte character.
    if (kanji && first! >= 0x81) {
      if (!need(2)) return 0;
      line.push(first!, second!);
      lineHadKanji = true;
      return 2;
    }
    line.push(first!);
    return 1;
  };

  return {
    feed(chunk: Uint8Array): void {
      pending = pending.concat([...chunk]);
      for (;;) {
        if (pending.length === 0) return;
        const used = step(pending);
        if (used === 0) return;
        pending = pending.slice(used);
      }
    },
  };
}
