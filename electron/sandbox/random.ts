import { randomInt } from 'node:crypto';

// Every id, token and traceId the sandbox invents comes from here, so a run under a fixed `seed` is
// reproducible. Each purpose draws from its own stream: a webhook retry firing at a different moment must
// not shift the order ids a test expects.

export interface RandomStream {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, bound). */
  int(bound: number): number;
  /** `length` characters drawn from `alphabet`. */
  text(alphabet: string, length: number): string;
  /** RFC 4122 version 4 layout (random bits from this stream). */
  uuid(): string;
}

export const DIGITS = '0123456789';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Crockford-style: no I, L, O, U, so a code read aloud or typed is not ambiguous. */
export const UNAMBIGUOUS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomSeed(): number {
  return randomInt(0, 2 ** 32);
}

/** Independent stream for `purpose`, derived from the run's seed. */
export function streamFor(seed: number, purpose: string): RandomStream {
  return mulberry32(fnv1a(`${seed >>> 0}:${purpose}`));
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// mulberry32: tiny, fast, good enough statistical quality for ids (not for secrets: nothing here is one).
function mulberry32(seed: number): RandomStream {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (bound: number): number => Math.floor(next() * bound);
  return {
    next,
    int,
    text(alphabet, length) {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)];
      return out;
    },
    uuid() {
      const bytes = Array.from({ length: 16 }, () => int(256));
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
