import type { SettingsPatch, SettingsView, SecretName, Settings } from '../../../shared/settings.ts';
import { DEFAULT_SETTINGS, SECRET_NAMES, settingsSchema } from '../../../shared/settings.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { hashPin, pinMatches, PIN_PATTERN } from './pin.ts';
import {
  journalled,
  readPinLockouts,
  writePinLockouts,
  type LockedPin,
  type PinLockouts,
  type PinLockState,
} from './pin-lockout.ts';
import type { SecretVault } from './secret-vault.ts';
import type { SettingsFile } from './settings-file.ts';
import { refuseIfAny, secretProblems, settingsProblems, type FieldNotices } from './settings-problems.ts';
import type { Policy } from '../policy/policy-document.ts';
import { applyPolicy, lockedChanges } from '../policy/policy-layer.ts';

// The terminal's settings: read from the settings file (merged over defaults, so a newer app version
// reading an older file gets the new fields), validated by the shared schema on every save, and split
// from the secrets, which go to the vault and are only ever reported back as "stored: yes/no".

export type PinKind = 'admin' | 'supervisor';
export type PinCheck = 'valid' | 'wrong' | 'not-set';
/** What a PIN check behind a lock found: whose PIN it was when right. */
export type PinMatch<T> = { readonly check: 'valid'; readonly holder: T } | { readonly check: 'wrong' | 'not-set' };

/** Secrets whose value the core itself needs (to sign, to log in). PINs are only ever compared. */
export type ReadableSecret = Exclude<SecretName, 'supervisorPin' | 'adminPin'>;

export interface SettingsService {
  current(): Settings;
  view(): SettingsView;
  save(patch: SettingsPatch): Promise<SettingsView>;
  /**
   * What the settings would be after `patch`, without saving: every problem with it, and the access key secret
   * it would sign with (typed in the patch, else the stored one). For checks before a save and for testing the
   * connection with what is on the form. The secret stays in main.
   */
  inspect(patch: SettingsPatch): Promise<SettingsInspection>;
  readSecret(name: ReadableSecret): Promise<string | null>;
  verifyPin(kind: PinKind, pin: string): Promise<PinCheck>;
  /**
   * Any PIN check behind the wrong-PIN lockout of `lock` (the staff's: sign-in, an approver's PIN): refused with
   * `lockedCode` and the wait while locked; a 'wrong' answer of `match` is counted, a 'valid' one ends the streak.
   * One check at a time per lock.
   */
  guardPin<T>(lock: LockedPin, match: () => Promise<PinMatch<T>>, lockedCode?: ErrorCode): Promise<PinMatch<T>>;
  /** Whether `pin` is the built-in admin's or supervisor's, without the lockout (the caller's guardPin counts). */
  builtInPinMatches(kind: PinKind, pin: string): Promise<boolean>;
  /** Throws `vault.unreadable` while the vault cannot be read (it is asked again each time, in case it was restored). */
  ensureVaultReadable(): Promise<void>;
  /**
   * Only while the vault cannot be read: sets it aside and starts an empty one (every credential and PIN must
   * be entered again; the wrong-PIN lockout starts clean). Refused (`request.invalid`) while it can be read.
   */
  resetVault(): Promise<SettingsView>;
  /** Refuses (`settings.locked`, each field named) a patch that changes a field the fleet's policy locks. */
  refuseLocked(patch: SettingsPatch): void;
  /**
   * The policy file changed while the till runs (../policy/policy-watch.ts): its values go over the settings in
   * force and its locks replace the old ones, after any save under way; null: the file is gone, nothing is locked
   * any more (the values it set stay, as the till's own). Listeners hear it like a save.
   */
  replacePolicy(next: Policy | null): Promise<SettingsView>;
  onChange(listener: (view: SettingsView) => void): () => void;
}

export interface SettingsInspection {
  /** The settings merged with the patch, not yet validated (the problems say what is wrong). */
  readonly candidate: Record<string, unknown>;
  /** The validated settings, when there are no problems. */
  readonly settings: Settings | null;
  readonly problems: FieldNotices;
  readonly accessKeySecret: string | null;
}

export interface SettingsServiceOptions {
  readonly file: SettingsFile;
  readonly vault: SecretVault;
  /** Where the wrong-PIN lockout is kept across restarts (pin-lockout.ts); core.ts puts it in the data folder. */
  readonly lockoutFile: string;
  /** For the wrong-PIN lockout; injectable for tests. */
  readonly now?: () => number;
  /**
   * The fleet's policy (../policy/), if this till has one: its values go over the saved settings at start (and
   * into the file, so what is in force is what is saved), and the fields it locks refuse every change.
   */
  readonly policy?: Policy | null;
}

/** The lockout file's name in the data folder. */
export const PIN_LOCKOUT_FILE = 'pin-lockout.json';

const PIN_SECRETS: Readonly<Record<PinKind, SecretName>> = { admin: 'adminPin', supervisor: 'supervisorPin' };
/**
 * After this many wrong PINs in a row, further tries wait: LOCKOUT_MS the first time, twice as long each time
 * after, up to MAX_LOCKOUT_MS, until the right PIN is entered. A fixed 30 s let a loop try all 10,000
 * four-digit PINs in under a day; a cap of 15 minutes still let steady guessing (5 every 15 minutes, 480 a
 * day) through in at most 21 days. Capped at a day, the 13th lockout reaches the cap (after about 34 hours
 * and 60 guesses), then 5 guesses a day: all 10,000 take about 5.5 years. A supervisor who mistypes a few
 * times still waits half a minute, and every lockout is journalled for the admin (pin-lockout.ts).
 */
const MAX_WRONG_PINS = 5;
const LOCKOUT_MS = 30_000;
const MAX_LOCKOUT_MS = 24 * 60 * 60_000;
const NESTED_KEYS = new Set(
  Object.entries(DEFAULT_SETTINGS)
    .filter(([, value]) => isPlainObject(value))
    .map(([key]) => key),
);

export async function openSettingsService(options: SettingsServiceOptions): Promise<SettingsService> {
  const { file, vault } = options;
  const now = options.now ?? Date.now;
  let policy = options.policy ?? null;
  let settings = loadSettings(file.store);
  /** The policy's values over the settings in force, written to the file when they change anything. */
  const enforcePolicy = (): boolean => {
    if (!policy) return false;
    const managed = applyPolicy(settings, policy);
    if (JSON.stringify(managed) === JSON.stringify(settings)) return false;
    file.store = structuredClone(managed) as unknown as Record<string, unknown>;
    settings = managed;
    return true;
  };
  enforcePolicy();
  const refuseLocked = (patch: SettingsPatch): void => {
    const fields = policy ? lockedChanges(patch.settings, settings, policy.locked) : [];
    if (fields.length === 0) return;
    const what = notice('policy.set-by-organisation');
    throw new PosError('settings.locked', {
      notice: what,
      details: { field: fields[0]!, count: fields.length },
      fieldNotices: Object.fromEntries(fields.map((field) => [field, what])),
    });
  };
  const stored = {} as Record<SecretName, boolean>;
  // Why the vault cannot be read (a damaged file, the OS key store changed), or null. It must FAIL CLOSED:
  // were an unreadable admin PIN taken as "no PIN set", settings.save would open to anyone, who could point
  // the till at another provider. So the app starts, but settings, PIN checks and whatever needs a secret are
  // refused with `vault.unreadable` until the vault is restored or explicitly reset (resetVault).
  let vaultProblem: unknown = null;
  async function probeVault(): Promise<void> {
    let problem: unknown = null;
    for (const name of SECRET_NAMES) {
      try {
        stored[name] = (await vault.get(name)) !== null;
      } catch (error) {
        // Something is stored there that cannot be read: never shown as "not set".
        stored[name] = true;
        problem = error;
      }
    }
    vaultProblem = problem;
  }
  await probeVault();
  async function ensureVaultReadable(): Promise<void> {
    if (vaultProblem === null) return;
    await probeVault();
    if (vaultProblem !== null) throw new PosError('vault.unreadable', { cause: vaultProblem });
  }
  const listeners = new Set<(view: SettingsView) => void>();
  // A lockout file that cannot be read counts as one lockout under way: restarting never wipes the slate.
  let wrongPins: PinLockouts = readPinLockouts(options.lockoutFile, () => ({
    count: 0,
    lockouts: 1,
    lockedUntil: now() + LOCKOUT_MS,
  }));
  const recordLock = (kind: LockedPin, state: PinLockState): void => {
    const lockedNow = state.lockouts > wrongPins[kind].lockouts;
    wrongPins = {
      ...wrongPins,
      [kind]: state,
      journal: lockedNow
        ? journalled(wrongPins.journal, { pin: kind, at: now(), until: state.lockedUntil })
        : wrongPins.journal,
    };
    // Written before the answer goes out: a guess is counted even if the app is killed right after it.
    writePinLockouts(options.lockoutFile, wrongPins);
  };
  // One check at a time per lock. Checks run concurrently would all pass the lockout test before the first
  // wrong guess was counted: a page firing a hundred guesses at once would try them all.
  const pinChecks: Record<LockedPin, Promise<unknown>> = {
    admin: Promise.resolve(),
    supervisor: Promise.resolve(),
    'sign-in': Promise.resolve(),
  };

  async function checkBehindLock<T>(
    lock: LockedPin,
    match: () => Promise<PinMatch<T>>,
    lockedCode: ErrorCode,
  ): Promise<PinMatch<T>> {
    await ensureVaultReadable();
    const state = wrongPins[lock];
    // Never longer than the longest lockout, even if the clock was set back since it began.
    const waitMs = Math.min(state.lockedUntil - now(), MAX_LOCKOUT_MS);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const minutes = Math.ceil(seconds / 60);
      const wait =
        seconds <= 90
          ? notice('pin.locked-seconds', { seconds })
          : minutes <= 90
            ? notice('pin.locked-minutes', { minutes })
            : notice('pin.locked-hours', { hours: Math.ceil(minutes / 60) });
      throw new PosError(lockedCode, {
        notice: wait,
        retryable: true,
        details: { retryAfterSeconds: seconds },
      });
    }
    let result: PinMatch<T>;
    try {
      result = await match();
    } catch (error) {
      if (error instanceof PosError) throw error;
      // The vault became unreadable since it was last asked: from now on it is locked like at start.
      vaultProblem = error;
      throw new PosError('vault.unreadable', { cause: error });
    }
    if (result.check === 'valid') {
      if (state.count !== 0 || state.lockouts !== 0) recordLock(lock, { count: 0, lockouts: 0, lockedUntil: 0 });
    } else if (result.check === 'wrong') {
      const count = state.count + 1;
      if (count < MAX_WRONG_PINS) recordLock(lock, { ...state, count });
      else {
        const lockouts = state.lockouts + 1;
        recordLock(lock, {
          count: 0,
          lockouts,
          lockedUntil: now() + Math.min(LOCKOUT_MS * 2 ** (lockouts - 1), MAX_LOCKOUT_MS),
        });
      }
    }
    return result;
  }

  function guardPin<T>(
    lock: LockedPin,
    match: () => Promise<PinMatch<T>>,
    lockedCode: ErrorCode = 'supervisor.pin-wrong',
  ): Promise<PinMatch<T>> {
    const run = pinChecks[lock].then(() => checkBehindLock(lock, match, lockedCode));
    pinChecks[lock] = run.catch(() => {});
    return run;
  }

  async function builtInPinMatch(kind: PinKind, pin: string): Promise<PinMatch<PinKind>> {
    let hash: string | null;
    try {
      hash = await vault.get(PIN_SECRETS[kind]);
    } catch (error) {
      vaultProblem = error;
      stored[PIN_SECRETS[kind]] = true;
      throw new PosError('vault.unreadable', { cause: error });
    }
    if (hash === null) return { check: 'not-set' };
    return (await pinMatches(pin, hash)) ? { check: 'valid', holder: kind } : { check: 'wrong' };
  }

  const view = (): SettingsView => ({
    settings: structuredClone(settings),
    secrets: { ...stored },
    demo: settings.environment === 'embedded-sandbox',
    vaultUnreadable: vaultProblem !== null,
    pinLockouts: wrongPins.journal.map(({ pin, at, until }) => ({
      pin,
      at: new Date(at).toISOString(),
      until: new Date(until).toISOString(),
    })),
    ...(policy ? { policy: { file: policy.file, locked: [...policy.locked], problems: [...policy.problems] } } : {}),
  });

  async function saveNow(patch: SettingsPatch): Promise<SettingsView> {
    await ensureVaultReadable();
    refuseLocked(patch);
    // Every problem at once, settings and typed secrets together, before anything is written.
    const typedSecrets = secretProblems(patch.secrets ?? {});
    const next = patch.settings
      ? validateSettings(mergeSettings(settings, patch.settings), typedSecrets)
      : (refuseIfAny(typedSecrets), settings);
    const secretWrites = await prepareSecrets(patch.secrets ?? {});
    // Secrets first: if the vault refuses (no OS key store), nothing changes, settings included.
    for (const [name, value] of secretWrites) {
      if (value === null) await vault.delete(name);
      else await vault.set(name, value);
      stored[name] = value !== null;
    }
    if (next !== settings) {
      file.store = structuredClone(next) as unknown as Record<string, unknown>;
      settings = next;
    }
    return announce();
  }

  function announce(): SettingsView {
    const result = view();
    for (const listener of listeners) {
      try {
        listener(result);
      } catch {
        // The save is done and on disk; a listener's failure must not report it as failed.
      }
    }
    return result;
  }

  let saving: Promise<unknown> = Promise.resolve();

  return {
    current: () => structuredClone(settings),
    view,

    save(patch) {
      // One save at a time: each merges over the result of the previous one, so none is lost.
      const run = saving.then(() => saveNow(patch));
      saving = run.catch(() => {});
      return run;
    },

    readSecret: (name) => vault.get(name),

    async inspect(patch) {
      const candidate = patch.settings
        ? mergeSettings(settings, patch.settings)
        : (structuredClone(settings) as unknown as Record<string, unknown>);
      const checked = settingsProblems(candidate);
      const problems = { ...checked.problems, ...secretProblems(patch.secrets ?? {}) };
      const typed = patch.secrets?.accessKeySecret;
      const accessKeySecret =
        typed === null
          ? null
          : typeof typed === 'string'
            ? typed
            : await vault.get('accessKeySecret').then(
                (value) => value,
                () => null,
              );
      return {
        candidate,
        settings: Object.keys(problems).length === 0 ? checked.settings : null,
        problems,
        accessKeySecret,
      };
    },

    ensureVaultReadable,
    refuseLocked,

    replacePolicy(next) {
      const run = saving.then(() => {
        policy = next;
        enforcePolicy();
        return announce();
      });
      saving = run.catch(() => {});
      return run;
    },

    resetVault() {
      const run = saving.then(async () => {
        if (vaultProblem !== null) await probeVault();
        if (vaultProblem === null) {
          throw new PosError('request.invalid', { notice: notice('vault.nothing-to-reset') });
        }
        await vault.reset();
        for (const name of SECRET_NAMES) stored[name] = false;
        vaultProblem = null;
        // The PINs are gone with the vault: a lockout of PINs that no longer exist would only block the new ones.
        // The journal of past lockouts stays: it is a record for the admin, not a lock.
        wrongPins = {
          admin: { count: 0, lockouts: 0, lockedUntil: 0 },
          supervisor: { count: 0, lockouts: 0, lockedUntil: 0 },
          'sign-in': { count: 0, lockouts: 0, lockedUntil: 0 },
          journal: wrongPins.journal,
        };
        writePinLockouts(options.lockoutFile, wrongPins);
        return announce();
      });
      saving = run.catch(() => {});
      return run;
    },

    async verifyPin(kind, pin) {
      return (await guardPin(kind, () => builtInPinMatch(kind, pin))).check;
    },

    guardPin,

    builtInPinMatches: async (kind, pin) => (await builtInPinMatch(kind, pin)).check === 'valid',

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the file holds, over the defaults. A field that no longer validates falls back to its default, so a
 * hand-edited or older file never stops the till from starting. */
function loadSettings(raw: unknown): Settings {
  const candidate: Record<string, unknown> = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  if (isPlainObject(raw)) {
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (!Object.hasOwn(raw, key)) continue;
      // A group written by an older version lacks the fields added since: fill them from the defaults, or the
      // whole group (the linked-customer merchant id with it) would fail and fall back to empty.
      candidate[key] =
        NESTED_KEYS.has(key) && isPlainObject(raw[key])
          ? { ...(candidate[key] as object), ...structuredClone(raw[key]) }
          : structuredClone(raw[key]);
    }
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const parsed = settingsSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (Object.hasOwn(DEFAULT_SETTINGS, key))
        candidate[key] = structuredClone((DEFAULT_SETTINGS as Record<string, unknown>)[key]);
    }
    // A cross-field rule (country ↔ currency) may need both fields reset together.
    if (attempt === 1) {
      candidate.country = DEFAULT_SETTINGS.country;
      candidate.currency = DEFAULT_SETTINGS.currency;
    }
  }
  return structuredClone(DEFAULT_SETTINGS);
}

function mergeSettings(current: Settings, patch: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = structuredClone(current) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    // Own keys only: `in` also says yes to what every object inherits (constructor, toString, __proto__).
    if (!Object.hasOwn(DEFAULT_SETTINGS, key)) {
      throw invalid(key, notice('settings.unknown-setting', { name: key }));
    }
    merged[key] = NESTED_KEYS.has(key) && isPlainObject(value) ? { ...(merged[key] as object), ...value } : value;
  }
  return merged;
}

function validateSettings(candidate: Record<string, unknown>, extra: FieldNotices): Settings {
  for (const key of NESTED_KEYS) {
    const defaults = (DEFAULT_SETTINGS as Record<string, unknown>)[key] as object;
    const value = candidate[key];
    const unknown = isPlainObject(value)
      ? Object.keys(value).find((inner) => !Object.hasOwn(defaults, inner))
      : undefined;
    if (unknown !== undefined)
      throw invalid(`${key}.${unknown}`, notice('settings.unknown-setting', { name: `${key}.${unknown}` }));
  }
  const { settings, problems } = settingsProblems(candidate);
  refuseIfAny({ ...problems, ...extra });
  return settings!;
}

async function prepareSecrets(
  secrets: Partial<Record<SecretName, string | null>>,
): Promise<Array<[SecretName, string | null]>> {
  const writes: Array<[SecretName, string | null]> = [];
  for (const name of SECRET_NAMES) {
    if (!(name in secrets)) continue;
    const value = secrets[name];
    if (value === undefined) continue;
    if (value === null) {
      writes.push([name, null]);
      continue;
    }
    if (name === 'supervisorPin' || name === 'adminPin') {
      if (!PIN_PATTERN.test(value)) throw invalid(name, notice('settings.pin-digits'));
      writes.push([name, await hashPin(value)]);
      continue;
    }
    if (value.trim() === '') throw invalid(name, notice('settings.secret-empty'));
    if (value !== value.trim()) throw invalid(name, notice('settings.secret-spaces'));
    writes.push([name, value]);
  }
  return writes;
}

/** A refused field: `details.field` names it (the screen puts the notice next to it). */
function invalid(field: string, what: Notice): PosError {
  return new PosError('settings.invalid', { notice: what, details: { field } });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
