import { randomBytes } from 'node:crypto';

// Our payment reference (the provider's `referenceId`): one per attempt, never typed by a person, printed
// on the receipt as text and QR. Shape: <terminal>-<local date>-<8 random>, e.g. TILL01-20261121-K3F9Q2ZP.
// - provider-safe: letters, digits and hyphens only, at most 36 characters (wire-details §2.3);
// - the terminal part tells a support agent which till took the payment;
// - the random part makes it unique without coordination between tills: 40 bits per terminal per day.

export const REFERENCE_ID_MAX_LENGTH = 36;
export const REFERENCE_ID_PATTERN = /^[A-Za-z0-9-]{8,36}$/;

/** Crockford base32: no I, L, O, U, so a reference read aloud over the phone cannot be misheard as another. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LENGTH = 8;
/** What is left of 36 for the terminal part after "-YYYYMMDD-" and the random part. */
const TERMINAL_PART_MAX = REFERENCE_ID_MAX_LENGTH - RANDOM_LENGTH - 10;
const FALLBACK_TERMINAL = 'POS';
const TRAINING_MARKER = 'TRN-';

export function isReferenceId(value: string): boolean {
  return REFERENCE_ID_PATTERN.test(value);
}

/** The terminal reference as it can appear inside a referenceId (settings allow up to 36 characters). */
export function terminalPart(terminalReference: string): string {
  const cleaned = terminalReference
    .replace(/[^A-Za-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .slice(0, TERMINAL_PART_MAX)
    .replace(/^-+|-+$/g, '');
  return cleaned.length > 0 ? cleaned : FALLBACK_TERMINAL;
}

/** `localDay` is the terminal's calendar day, YYYY-MM-DD. `random` is injectable for tests only. */
export function makeReferenceId(
  terminalReference: string,
  localDay: string,
  random: (length: number) => string = randomCode,
): string {
  return `${terminalPart(terminalReference)}-${localDay.replaceAll('-', '')}-${random(RANDOM_LENGTH)}`;
}

/**
 * A training sale's reference (numbered apart, never sent to the provider): TRN-<terminal>-<local date>-<8 random>,
 * the terminal part shortened to keep it within 36 characters. The marker is for people; the journal's training
 * flag, not the text, is what routes and counts it.
 */
export function makeTrainingReferenceId(
  terminalReference: string,
  localDay: string,
  random: (length: number) => string = randomCode,
): string {
  const terminal = terminalPart(terminalReference)
    .slice(0, TERMINAL_PART_MAX - TRAINING_MARKER.length)
    .replace(/-+$/, '');
  return `${TRAINING_MARKER}${terminal.length > 0 ? terminal : FALLBACK_TERMINAL}-${localDay.replaceAll('-', '')}-${random(RANDOM_LENGTH)}`;
}

/** `length` uniformly random Crockford characters (256 is a multiple of 32, so masking has no bias). */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}
