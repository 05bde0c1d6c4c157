import { readFileSync } from 'node:fs';
import { writePrivateFile } from '../files/private-file.ts';

// The wrong-PIN lockout, kept in its own small file (0600, replaced atomically) so that it survives a
// restart: held in memory only, every restart of the app handed out five more guesses. A file that cannot be
// read (corrupt, hand-edited) fails closed: both PINs start locked for one lockout period, never with a
// clean slate. A missing file is a till that never saw a wrong PIN.

export type LockedPin = 'admin' | 'supervisor';

export interface PinLockState {
  /** Wrong PINs in a row since the last lockout (or the last right one). */
  readonly count: number;
  /** Lockouts in a row: each one waits twice as long as the one before. */
  readonly lockouts: number;
  /** Epoch ms until which every try is refused. */
  readonly lockedUntil: number;
}

export type PinLockouts = Readonly<Record<LockedPin, PinLockState>>;

const CLEAN: PinLockState = { count: 0, lockouts: 0, lockedUntil: 0 };

export function readPinLockouts(path: string, unreadable: () => PinLockState): PinLockouts {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { admin: CLEAN, supervisor: CLEAN };
    return { admin: unreadable(), supervisor: unreadable() };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { admin: unreadable(), supervisor: unreadable() };
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  return { admin: stateOf(record.admin) ?? unreadable(), supervisor: stateOf(record.supervisor) ?? unreadable() };
}

export function writePinLockouts(path: string, lockouts: PinLockouts): void {
  writePrivateFile(path, `${JSON.stringify(lockouts)}\n`);
}

function stateOf(value: unknown): PinLockState | null {
  if (value === null || typeof value !== 'object') return null;
  const { count, lockouts, lockedUntil } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return whole(count) && whole(lockouts) && whole(lockedUntil) ? { count, lockouts, lockedUntil } : null;
}
