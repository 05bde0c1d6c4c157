import { readFileSync } from 'node:fs';
import { writePrivateFile } from '../files/private-file.ts';

// The wrong-PIN lockout, kept in its own small file (0600, replaced atomically) so that it survives a
// restart: held in memory only, every restart of the app handed out five more guesses. A file that cannot be
// read (corrupt, hand-edited) fails closed: both PINs start locked for one lockout period, never with a
// clean slate. A missing file is a till that never saw a wrong PIN.
//
// The file also journals every lockout (which PIN, when, until when), newest last, and Settings shows them to
// the admin: someone guessing the PIN at steady pace is seen, not only slowed. The journal outlives a right
// PIN (which ends the lockout streak); only the newest JOURNAL_LIMIT lockouts are kept.

/** The admin's and supervisor's PIN checks, and the staff's sign-in (one lock per till: a wrong sign-in PIN
 * cannot say whose it was meant to be). */
export type LockedPin = 'admin' | 'supervisor' | 'sign-in';
const LOCKS: readonly LockedPin[] = ['admin', 'supervisor', 'sign-in'];

export interface PinLockState {
  /** Wrong PINs in a row since the last lockout (or the last right one). */
  readonly count: number;
  /** Lockouts in a row: each one waits twice as long as the one before. */
  readonly lockouts: number;
  /** Epoch ms until which every try is refused. */
  readonly lockedUntil: number;
}

/** One lockout, as journalled: epoch ms when it began and when it ends. */
export interface PinLockoutRecord {
  readonly pin: LockedPin;
  readonly at: number;
  readonly until: number;
}

export interface PinLockouts {
  readonly admin: PinLockState;
  readonly supervisor: PinLockState;
  readonly 'sign-in': PinLockState;
  readonly journal: readonly PinLockoutRecord[];
}

export const JOURNAL_LIMIT = 200;

const CLEAN: PinLockState = { count: 0, lockouts: 0, lockedUntil: 0 };

export function readPinLockouts(path: string, unreadable: () => PinLockState): PinLockouts {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { admin: CLEAN, supervisor: CLEAN, 'sign-in': CLEAN, journal: [] };
    return { admin: unreadable(), supervisor: unreadable(), 'sign-in': unreadable(), journal: [] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { admin: unreadable(), supervisor: unreadable(), 'sign-in': unreadable(), journal: [] };
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  return {
    admin: stateOf(record.admin) ?? unreadable(),
    supervisor: stateOf(record.supervisor) ?? unreadable(),
    // A file written before staff signed in has no sign-in lock: none was ever counted.
    'sign-in': record['sign-in'] === undefined ? CLEAN : (stateOf(record['sign-in']) ?? unreadable()),
    // A file written before the journal existed has none; an entry that does not read is left out.
    journal: Array.isArray(record.journal) ? record.journal.flatMap((entry) => recordOf(entry) ?? []) : [],
  };
}

export function writePinLockouts(path: string, lockouts: PinLockouts): void {
  writePrivateFile(path, `${JSON.stringify(lockouts)}\n`);
}

/** The journal with one more lockout, the oldest dropped beyond JOURNAL_LIMIT. */
export function journalled(journal: readonly PinLockoutRecord[], lockout: PinLockoutRecord): PinLockoutRecord[] {
  return [...journal, lockout].slice(-JOURNAL_LIMIT);
}

const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function stateOf(value: unknown): PinLockState | null {
  if (value === null || typeof value !== 'object') return null;
  const { count, lockouts, lockedUntil } = value as Record<string, unknown>;
  return whole(count) && whole(lockouts) && whole(lockedUntil) ? { count, lockouts, lockedUntil } : null;
}

function recordOf(value: unknown): PinLockoutRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const { pin, at, until } = value as Record<string, unknown>;
  return LOCKS.includes(pin as LockedPin) && whole(at) && whole(until) ? { pin: pin as LockedPin, at, until } : null;
}
