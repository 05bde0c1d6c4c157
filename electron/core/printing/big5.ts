// Text to the printer's Big5 code page. The table is the inverse of the WHATWG Big5 decoder that Node ships
// (TextDecoder('big5'), Big5 with the Hong Kong HKSCS additions): no dependency, and the virtual printer's
// decoder is the same table, so "what was sent decodes back to the same text" holds by construction.

const LEAD_FIRST = 0x81;
const LEAD_LAST = 0xfe;
const TRAIL_BYTES = [...range(0x40, 0x7e), ...range(0xa1, 0xfe)];
/** Standard Big5 starts at lead 0xA1; below it is HKSCS, which fewer printers carry: standard wins a tie. */
const STANDARD_LEAD_FIRST = 0xa1;

let table: Map<string, number> | null = null;

/** The Big5 bytes of `text`; a character Big5 lacks becomes "?" (the printer would print garbage for it). */
export function encodeBig5(text: string): Uint8Array {
  const map = (table ??= buildTable());
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    const pair = map.get(char);
    if (pair === undefined) bytes.push(0x3f);
    else bytes.push(pair >> 8, pair & 0xff);
  }
  return Uint8Array.from(bytes);
}

/** Whether every character of `text` is ASCII (printed as it is, without the double-byte mode). */
export function isAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

function buildTable(): Map<string, number> {
  const decoder = new TextDecoder('big5');
  const map = new Map<string, number>();
  for (let lead = LEAD_FIRST; lead <= LEAD_LAST; lead += 1) {
    for (const trail of TRAIL_BYTES) {
      const char = decoder.decode(Uint8Array.of(lead, trail));
      // Unmapped pairs decode to U+FFFD (or to two characters); a few pairs decode to a sequence of two code points.
      if (char === '\uFFFD' || [...char].length !== 1) continue;
      const known = map.get(char);
      if (known === undefined || (known >> 8 < STANDARD_LEAD_FIRST && lead >= STANDARD_LEAD_FIRST))
        map.set(char, (lead << 8) | trail);
    }
  }
  return map;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
