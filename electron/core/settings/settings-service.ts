import type { SettingsPatch, SettingsView, SecretName, Settings } from '../../../shared/settings.ts';
import { DEFAULT_SETTINGS, SECRET_NAMES, settingsSchema } from '../../../shared/settings.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { hashPin, pinMatches, PIN_PATTERN } from './pin.ts';
import type { SecretVault } from './secret-vault.ts';
import type { SettingsFile } from './settings-file.ts';
import { refuseIfAny, secretProblems, settingsProblems, type FieldNotices } from './settings-problems.ts';

// The terminal's settings: read from the settings file (merged over defaults, so a newer app version
// reading an older file gets the new fields), validated by the shared schema on every save, and split
// from the secrets, which go to the vault and are only ever reported back as "stored: yes/no".

export type PinKind = 'admin' | 'supervisor';
export type PinCheck = 'valid' | 'wrong' | 'not-set';

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
  /** For the wrong-PIN lockout; injectable for tests. */
  readonly now?: () => number;
}

const PIN_SECRETS: Readonly<Record<PinKind, SecretName>> = { admin: 'adminPin', supervisor: 'supervisorPin' };
/**
 * After this many wrong PINs in a row, further tries wait: LOCKOUT_MS the first time, twice as long each time
 * after, up to MAX_LOCKOUT_MS, until the right PIN is entered. A fixed 30 s let a loop try all 10,000
 * four-digit PINs in under a day; doubling puts that at months, while a supervisor who mistypes a few
 * times waits half a minute.
 */
const MAX_WRONG_PINS = 5;
const LOCKOUT_MS = 30_000;
const MAX_LOCKOUT_MS = 15 * 60_000;
const NESTED_KEYS = new Set(Object.entries(DEFAULT_SETTINGS).filter(([, value]) => isPlainObject(value)).map(([key]) => key));

export async function openSettingsService(options: SettingsServiceOptions): Promise<SettingsService> {
  const { file, vault } = options;
  const now = options.now ?? Date.now;
  let settings = loadSettings(file.store);
  const stored = {} as Record<SecretName, boolean>;
  // A secret the vault cannot read any more (OS key store gone or changed) counts as not stored: Settings
  // then asks the admin to enter it again instead of the app failing to start.
  for (const name of SECRET_NAMES) stored[name] = await vault.get(name).then((value) => value !== null, () => false);
  const listeners = new Set<(view: SettingsView) => void>();
  const wrongPins: Record<PinKind, { count: number; lockouts: number; lockedUntil: number }> = {
    admin: { count: 0, lockouts: 0, lockedUntil: 0 },
    supervisor: { count: 0, lockouts: 0, lockedUntil: 0 },
  };
  // One check at a time per PIN. Checks run concurrently would all pass the lockout test before the first
  // wrong guess was counted: a page firing a hundred guesses at once would try them all.
  const pinChecks: Record<PinKind, Promise<unknown>> = { admin: Promise.resolve(), supervisor: Promise.resolve() };

  async function checkPin(kind: PinKind, pin: string): Promise<PinCheck> {
    const lock = wrongPins[kind];
    const waitMs = lock.lockedUntil - now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const wait = seconds <= 90 ? notice('pin.locked-seconds', { seconds }) : notice('pin.locked-minutes', { minutes: Math.ceil(seconds / 60) });
      throw new PosError('supervisor.pin-wrong', {
        notice: wait,
        retryable: true,
        details: { retryAfterSeconds: seconds },
      });
    }
    const hash = await vault.get(PIN_SECRETS[kind]);
    if (hash === null) return 'not-set';
    if (await pinMatches(pin, hash)) {
      lock.count = 0;
      lock.lockouts = 0;
      return 'valid';
    }
    lock.count += 1;
    if (lock.count >= MAX_WRONG_PINS) {
      lock.count = 0;
      lock.lockouts += 1;
      lock.lockedUntil = now() + Math.min(LOCKOUT_MS * 2 ** (lock.lockouts - 1), MAX_LOCKOUT_MS);
    }
    return 'wrong';
  }

  const view = (): SettingsView => ({
    settings: structuredClone(settings),
    secrets: { ...stored },
    demo: settings.environment === 'embedded-sandbox',
  });

  async function saveNow(patch: SettingsPatch): Promise<SettingsView> {
    // Every problem at once, settings and typed secrets together, before anything is written.
    const typedSecrets = secretProblems(patch.secrets ?? {});
    const next = patch.settings ? validateSettings(mergeSettings(settings, patch.settings), typedSecrets) : (refuseIfAny(typedSecrets), settings);
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
      const candidate = patch.settings ? mergeSettings(settings, patch.settings) : (structuredClone(settings) as unknown as Record<string, unknown>);
      const checked = settingsProblems(candidate);
      const problems = { ...checked.problems, ...secretProblems(patch.secrets ?? {}) };
      const typed = patch.secrets?.accessKeySecret;
      const accessKeySecret =
        typed === null ? null : typeof typed === 'string' ? typed : await vault.get('accessKeySecret').then((value) => value, () => null);
      return { candidate, settings: Object.keys(problems).length === 0 ? checked.settings : null, problems, accessKeySecret };
    },

    verifyPin(kind, pin) {
      const run = pinChecks[kind].then(() => checkPin(kind, pin));
      pinChecks[kind] = run.catch(() => {});
      return run;
    },

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
      if (!(key in raw)) continue;
      // A group written by an older version lacks the fields added since: fill them from the defaults, or the
      // whole group (the linked-customer merchant id with it) would fail and fall back to empty.
      candidate[key] = NESTED_KEYS.has(key) && isPlainObject(raw[key]) ? { ...(candidate[key] as object), ...structuredClone(raw[key]) } : structuredClone(raw[key]);
    }
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const parsed = settingsSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in DEFAULT_SETTINGS) candidate[key] = structuredClone((DEFAULT_SETTINGS as Record<string, unknown>)[key]);
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
    if (!(key in DEFAULT_SETTINGS)) {
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
    const unknown = isPlainObject(value) ? Object.keys(value).find((inner) => !(inner in defaults)) : undefined;
    if (unknown !== undefined) throw invalid(`${key}.${unknown}`, notice('settings.unknown-setting', { name: `${key}.${unknown}` }));
  }
  const { settings, problems } = settingsProblems(candidate);
  refuseIfAny({ ...problems, ...extra });
  return settings!;
}

async function prepareSecrets(secrets: Partial<Record<SecretName, string | null>>): Promise<Array<[SecretName, string | null]>> {
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
