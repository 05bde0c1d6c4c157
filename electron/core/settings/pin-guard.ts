import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import {
  afterWrongPin,
  CLEAN,
  journalled,
  LOCKOUT_MS,
  lockedForMs,
  readPinLockouts,
  writePinLockouts,
  type LockedPin,
  type PinLockoutRecord,
  type PinLockouts,
  type PinLockState,
} from './pin-lockout.ts';

// Every PIN check behind its lock (pin-lockout.ts): refused while locked, a wrong answer counted (and written)
// before it goes out. Nothing here knows whose PIN is right: the caller brings the match.

/** What a PIN check behind a lock found: whose PIN it was when right. */
export type PinMatch<T> = { readonly check: 'valid'; readonly holder: T } | { readonly check: 'wrong' | 'not-set' };

export interface PinGuard {
  /** `match` behind `lock`: refused with `lockedCode` and the wait while locked; a 'wrong' answer is counted. */
  guard<T>(lock: LockedPin, match: () => Promise<PinMatch<T>>, lockedCode: ErrorCode): Promise<PinMatch<T>>;
  journal(): readonly PinLockoutRecord[];
  /** The PINs are gone with the vault: their locks go too (the journal stays, a record for the admin). */
  clear(): void;
}

export function createPinGuard(options: {
  readonly file: string;
  readonly now: () => number;
  /** Before each check: throws while the vault cannot be read. */
  readonly ensureReadable: () => Promise<void>;
  /** A match that failed for a reason not a PosError: the vault broke since it was last asked. */
  readonly vaultBroke: (error: unknown) => PosError;
}): PinGuard {
  const { now } = options;
  // A lockout file that cannot be read counts as one lockout under way: restarting never wipes the slate.
  let state: PinLockouts = readPinLockouts(options.file, now(), () => ({
    wrongAt: [],
    lockouts: 1,
    lockedUntil: now() + LOCKOUT_MS,
  }));
  const lockOf = (lock: LockedPin): PinLockState => state.locks[lock] ?? CLEAN;
  const record = (lock: LockedPin, next: PinLockState): void => {
    const before = lockOf(lock);
    const lockedNow = next.lockedUntil > before.lockedUntil;
    const person = lock.startsWith('person:') ? lock.slice('person:'.length) : null;
    state = {
      locks: { ...state.locks, [lock]: next },
      journal: lockedNow
        ? journalled(state.journal, {
            pin: person === null ? (lock as PinLockoutRecord['pin']) : 'sign-in',
            at: now(),
            until: next.lockedUntil,
            ...(person === null ? {} : { staffId: person }),
          })
        : state.journal,
    };
    // Written before the answer goes out: a guess is counted even if the app is killed right after it.
    writePinLockouts(options.file, state);
  };
  // One check at a time per lock. Checks run concurrently would all pass the lockout test before the first
  // wrong guess was counted: a page firing a hundred guesses at once would try them all.
  const queues = new Map<LockedPin, Promise<unknown>>();

  async function checkBehindLock<T>(
    lock: LockedPin,
    match: () => Promise<PinMatch<T>>,
    lockedCode: ErrorCode,
  ): Promise<PinMatch<T>> {
    await options.ensureReadable();
    const waitMs = lockedForMs(lockOf(lock), now());
    if (waitMs > 0) throw lockedError(waitMs, lockedCode);
    let result: PinMatch<T>;
    try {
      result = await match();
    } catch (error) {
      if (error instanceof PosError) throw error;
      throw options.vaultBroke(error);
    }
    // A right PIN takes nothing back: only time frees the budget (pin-lockout.ts).
    if (result.check === 'wrong') record(lock, afterWrongPin(lockOf(lock), now()));
    return result;
  }

  return {
    guard(lock, match, lockedCode) {
      const run = (queues.get(lock) ?? Promise.resolve()).then(() => checkBehindLock(lock, match, lockedCode));
      queues.set(
        lock,
        run.catch(() => {}),
      );
      return run;
    },
    journal: () => state.journal,
    clear() {
      state = { locks: {}, journal: state.journal };
      writePinLockouts(options.file, state);
    },
  };
}

function lockedError(waitMs: number, lockedCode: ErrorCode): PosError {
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds <= 90
      ? notice('pin.locked-seconds', { seconds })
      : minutes <= 90
        ? notice('pin.locked-minutes', { minutes })
        : notice('pin.locked-hours', { hours: Math.ceil(minutes / 60) });
  return new PosError(lockedCode, { notice: wait, retryable: true, details: { retryAfterSeconds: seconds } });
}
