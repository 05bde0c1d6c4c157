import type { WedgeOptions } from './wedge-detector.ts';

// The "test your scanner" helper in Settings: from the raw key timings of one scan, measure how fast the
// scanner types and suggest a threshold that recognises it with a margin, yet stays far below human speed.

export interface TimedKey {
  readonly key: string;
  readonly time: number;
}

export interface ScanMeasurement {
  readonly length: number;
  readonly maxGapMs: number;
  readonly averageGapMs: number;
  readonly terminator: 'Enter' | 'Tab' | null;
  /** A threshold for `maxInterKeyMs` with headroom, or null when this looked like typing by hand. */
  readonly suggestedMaxInterKeyMs: number | null;
}

/** Above this, gaps are a person's, not a scanner's; the helper will not suggest a threshold from them. */
const HUMAN_GAP_MS = 100;
const MIN_THRESHOLD_MS = 5;
const MAX_THRESHOLD_MS = 200;

export function measureScan(keys: readonly TimedKey[]): ScanMeasurement | null {
  const terminatorIndex = keys.findIndex((k) => k.key === 'Enter' || k.key === 'Tab');
  const upTo = terminatorIndex === -1 ? keys : keys.slice(0, terminatorIndex + 1);
  const printable = upTo.filter((k) => [...k.key].length === 1 || k.key === 'Enter' || k.key === 'Tab');
  const codeKeys = printable.filter((k) => k.key !== 'Enter' && k.key !== 'Tab');
  if (codeKeys.length < 2) return null;
  const gaps: number[] = [];
  for (let i = 1; i < printable.length; i++) gaps.push(printable[i]!.time - printable[i - 1]!.time);
  const maxGapMs = Math.round(Math.max(...gaps));
  const averageGapMs = Math.round(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length);
  const terminator = terminatorIndex === -1 ? null : (keys[terminatorIndex]!.key as 'Enter' | 'Tab');
  const suggestedMaxInterKeyMs =
    maxGapMs > HUMAN_GAP_MS
      ? null
      : Math.min(MAX_THRESHOLD_MS, Math.max(MIN_THRESHOLD_MS, Math.ceil(maxGapMs * 1.5) + 5));
  return { length: codeKeys.length, maxGapMs, averageGapMs, terminator, suggestedMaxInterKeyMs };
}

/** Whether a measured scan would be recognised by the detector with these options. */
export function wouldRecognise(measurement: ScanMeasurement, options: WedgeOptions): boolean {
  return (
    measurement.terminator === options.terminator &&
    measurement.length >= options.minLength &&
    measurement.maxGapMs <= options.maxInterKeyMs
  );
}
