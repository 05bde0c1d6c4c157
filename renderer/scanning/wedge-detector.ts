// Tells a USB keyboard-wedge scanner from a person typing. A scanner "types" a whole code with a few
// milliseconds between keys and ends it with a terminator key (Enter or Tab); people leave 80–300 ms
// between keys. So: a run of printable keys, each within `maxInterKeyMs` of the previous one, at least
// `minLength` long, closed by the terminator promptly, is a scan. Anything else is left alone — human
// typing is never taken as a scan, however it ends.
//
// Pure logic: the caller feeds key events with their timestamps (KeyboardEvent.timeStamp, which is when
// the OS produced the key, so a busy main thread cannot make human keys look fast).

export interface WedgeOptions {
  readonly maxInterKeyMs: number;
  readonly minLength: number;
  readonly terminator: 'Enter' | 'Tab';
}

export interface WedgeKey {
  /** KeyboardEvent.key */
  readonly key: string;
  /** Milliseconds, monotonic (KeyboardEvent.timeStamp). */
  readonly time: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a scan. Shift is fine (upper-case letters). */
  readonly withCommandModifier?: boolean;
  /** An auto-repeated key (held down). */
  readonly repeat?: boolean;
}

export interface WedgeScan {
  readonly kind: 'scan';
  readonly code: string;
  /** Time of the first key of the code: screens use it to undo what the burst typed into them. */
  readonly startedAt: number;
  readonly durationMs: number;
}

export type WedgeVerdict = WedgeScan | { readonly kind: 'none' };

const NONE: WedgeVerdict = { kind: 'none' };

/** Keys that may appear inside a scan without breaking it (scanners press Shift for capitals). */
const PASS_THROUGH_KEYS = new Set(['Shift', 'CapsLock']);

export interface WedgeDetector {
  feed(key: WedgeKey): WedgeVerdict;
  reset(): void;
}

export function createWedgeDetector(getOptions: () => WedgeOptions): WedgeDetector {
  let chars: string[] = [];
  let firstAt = 0;
  let lastAt = 0;

  const reset = (): void => {
    chars = [];
  };

  return {
    reset,
    feed(key) {
      const options = getOptions();
      if (key.withCommandModifier || key.repeat) {
        reset();
        return NONE;
      }
      if (key.key === options.terminator) {
        // Scanners send the terminator as fast as the code; allow twice the gap for a suffix delay.
        const prompt = chars.length > 0 && key.time - lastAt <= options.maxInterKeyMs * 2;
        const verdict: WedgeVerdict =
          prompt && chars.length >= options.minLength
            ? { kind: 'scan', code: chars.join(''), startedAt: firstAt, durationMs: key.time - firstAt }
            : NONE;
        reset();
        return verdict;
      }
      if (isPrintable(key.key)) {
        if (chars.length === 0 || key.time - lastAt > options.maxInterKeyMs) {
          // Too slow to belong to the run so far: this key may be the start of a new one.
          chars = [key.key];
          firstAt = key.time;
        } else {
          chars.push(key.key);
        }
        lastAt = key.time;
        return NONE;
      }
      if (!PASS_THROUGH_KEYS.has(key.key)) reset();
      return NONE;
    },
  };
}

function isPrintable(key: string): boolean {
  // KeyboardEvent.key is one character for printable keys ("a", "7", "-"); named keys are longer.
  return [...key].length === 1;
}
