import { readFileSync } from 'node:fs';
import { writePrivateFile } from '../files/private-file.ts';

// The wrong-PIN budget, kept in its own small file (0600, replaced atomically) so that it survives a restart:
// held in memory only, every restart of the app handed out more guesses. A file that cannot be read (corrupt,
// hand-edited) fails closed: every lock starts locked for one lockout period, never with a clean slate. A
// missing file is a till that never saw a wrong PIN.
//
// A budget, not a streak: the wrong PINs of the last 15 minutes and of the last day are counted, and NO right
// PIN takes any of them back. When a right PIN ended the count, a cashier typed four guesses, then their own
// PIN, and again: the till never locked, whatever the number of guesses. Now the fifth wrong PIN within 15
// minutes (or the fifteenth within a day, for someone guessing slowly) locks; each lockout waits twice as long
// as the one before, up to a day, and the series starts again only after a day without a lockout.
//
// The file also journals every lockout (which PIN, when, until when), newest last, and Settings shows them to
// the admin: someone guessing at steady pace is seen, not only slowed. Only the newest JOURNAL_LIMIT are kept.

/** The admin's and supervisor's PIN checks, and the staff's sign-in (a wrong sign-in PIN cannot say whose it was
 * meant to be: it counts for the till). `person:<id>`: a sign-in where the person was picked first. */
export type LockedPin = 'admin' | 'supervisor' | 'sign-in' | `person:${string}`;
const TILL_LOCKS = ['admin', 'supervisor', 'sign-in'] as const;
export type TillLock = (typeof TILL_LOCKS)[number];

export interface PinLockState {
  /** Epoch ms of each wrong PIN since the last lockout, the last day's only. */
  readonly wrongAt: readonly number[];
  /** Lockouts in this series: each one waits twice as long as the one before. */
  readonly lockouts: number;
  /** Epoch ms until which every try is refused. */
  readonly lockedUntil: number;
}

/** One lockout, as journalled: epoch ms when it began and when it ends. */
export interface PinLockoutRecord {
  /** A person's own lock is journalled as the sign-in it guards, with whose it was. */
  readonly pin: TillLock;
  readonly at: number;
  readonly until: number;
  readonly staffId?: string;
}

export interface PinLockouts {
  readonly locks: Readonly<Record<string, PinLockState>>;
  readonly journal: readonly PinLockoutRecord[];
}

export const JOURNAL_LIMIT = 200;
/** The budget: at most this many wrong PINs within each window; the next one over locks. */
export const WRONG_PIN_BUDGET: ReadonlyArray<{ readonly withinMs: number; readonly max: number }> = [
  { withinMs: 15 * 60_000, max: 5 },
  { withinMs: 24 * 60 * 60_000, max: 15 },
];
export const LOCKOUT_MS = 30_000;
export const MAX_LOCKOUT_MS = 24 * 60 * 60_000;

export const CLEAN: PinLockState = { wrongAt: [], lockouts: 0, lockedUntil: 0 };

/** The state after one more wrong PIN at `now`: counted, and locked when it spends the budget. */
export function afterWrongPin(state: PinLockState, now: number): PinLockState {
  const wrongAt = [...state.wrongAt.filter((at) => at > now - MAX_LOCKOUT_MS), now];
  const overBudget = WRONG_PIN_BUDGET.some(
    ({ withinMs, max }) => wrongAt.filter((at) => at > now - withinMs).length >= max,
  );
  if (!overBudget) return { ...state, wrongAt };
  // A day since the last lockout ended: a new series, starting again at 30 s.
  const series = state.lockedUntil !== 0 && now - state.lockedUntil > MAX_LOCKOUT_MS ? 0 : state.lockouts;
  const lockouts = series + 1;
  return { wrongAt: [], lockouts, lockedUntil: now + Math.min(LOCKOUT_MS * 2 ** (lockouts - 1), MAX_LOCKOUT_MS) };
}

/** How long tries still wait, in ms (0: not locked); never longer than a day, even if the clock was set back. */
export function lockedForMs(state: PinLockState, now: number): number {
  return Math.max(0, Math.min(state.lockedUntil - now, MAX_LOCKOUT_MS));
}

export function readPinLockouts(path: string, now: number, unreadable: () => PinLockState): PinLockouts {
  const allLocked = (): PinLockouts => ({
    locks: Object.fromEntries(TILL_LOCKS.map((lock) => [lock, unreadable()])),
    journal: [],
  });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { locks: {}, journal: [] };
    return allLocked();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return allLocked();
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  // Written before the budget: the locks sat at the top level (admin, supervisor, sign-in), not under `locks`.
  const stored = (record.locks ?? record) as Record<string, unknown>;
  const locks: Record<string, PinLockState> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (!isLockName(name)) continue;
    locks[name] = stateOf(value, now) ?? unreadable();
  }
  // A file from before staff signed in has no sign-in lock (none was ever counted); admin and supervisor were
  // always written, so one missing was taken out by hand.
  for (const lock of ['admin', 'supervisor'] as const) if (!(lock in stored)) locks[lock] = unreadable();
  return {
    locks,
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

function isLockName(name: string): name is LockedPin {
  return (TILL_LOCKS as readonly string[]).includes(name) || /^person:[A-Za-z0-9-]{1,40}$/.test(name);
}

function stateOf(value: unknown, now: number): PinLockState | null {
  if (value === null || typeof value !== 'object') return null;
  const { wrongAt, count, lockouts, lockedUntil } = value as Record<string, unknown>;
  if (!whole(lockouts) || !whole(lockedUntil)) return null;
  if (Array.isArray(wrongAt) && wrongAt.every(whole)) return { wrongAt, lockouts, lockedUntil };
  // Before the budget, a count of wrong PINs in a row: kept as that many made now, so none is forgotten.
  if (whole(count)) return { wrongAt: Array.from({ length: Math.min(count, 20) }, () => now), lockouts, lockedUntil };
  return null;
}

function recordOf(value: unknown): PinLockoutRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const { pin, at, until, staffId } = value as Record<string, unknown>;
  if (!TILL_LOCKS.includes(pin as TillLock) || !whole(at) || !whole(until)) return null;
  return typeof staffId === 'string'
    ? { pin: pin as TillLock, at, until, staffId }
    : { pin: pin as TillLock, at, until };
}
