import type { SettingsPatch, SettingsView, SecretName, Settings } from '../../../shared/settings.ts';
import { DEFAULT_SETTINGS, SECRET_NAMES, settingsSchema } from '../../../shared/settings.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { hashPin, pinMatches, PIN_PATTERN, NEW_APPROVER_PIN_PATTERN } from './pin.ts';
import { createPinGuard, type PinMatch } from './pin-guard.ts';
import type { LockedPin } from './pin-lockout.ts';
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
export type { PinMatch };

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
   * `lockedCode` and the wait while locked; a 'wrong' answer of `match` is counted (a 'valid' one takes nothing back).
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
/** Environments without real money: a new admin or supervisor PIN may still have 4 digits there. */
export const SANDBOXES: readonly string[] = ['embedded-sandbox', 'provider-sandbox'];
const NESTED_KEYS = new Set(
  Object.entries(DEFAULT_SETTINGS)
    .filter(([, value]) => isPlainObject(value))
    .map(([key]) => key),
);

export async function openSettingsService(options: SettingsServiceOptions): Promise<SettingsService> {
  const { file, vault } = options;
  const now = options.now ?? Date.now;
  let settings = loadSettings(file.store);
  const write = (next: Settings): void => {
    file.store = structuredClone(next) as unknown as Record<string, unknown>;
    settings = next;
  };
  const policy = createPolicyHolder(options.policy ?? null, () => settings, write);
  policy.enforce();
  const secrets = await openVaultState(vault);
  const pins = createPinGuard({
    file: options.lockoutFile,
    now,
    ensureReadable: secrets.ensureReadable,
    vaultBroke: (error) => secrets.broke(error),
  });
  const listeners = new Set<(view: SettingsView) => void>();

  async function builtInPinMatch(kind: PinKind, pin: string): Promise<PinMatch<PinKind>> {
    let hash: string | null;
    try {
      hash = await vault.get(PIN_SECRETS[kind]);
    } catch (error) {
      throw secrets.broke(error, PIN_SECRETS[kind]);
    }
    if (hash === null) return { check: 'not-set' };
    return (await pinMatches(pin, hash)) ? { check: 'valid', holder: kind } : { check: 'wrong' };
  }

  const view = (): SettingsView => ({
    settings: structuredClone(settings),
    secrets: { ...secrets.stored },
    demo: settings.environment === 'embedded-sandbox',
    vaultUnreadable: secrets.unreadable(),
    pinLockouts: pins.journal().map(({ pin, at, until }) => ({
      pin,
      at: new Date(at).toISOString(),
      until: new Date(until).toISOString(),
    })),
    ...policy.view(),
  });

  async function saveNow(patch: SettingsPatch): Promise<SettingsView> {
    await secrets.ensureReadable();
    policy.refuseLocked(patch);
    // Every problem at once, settings and typed secrets together, before anything is written.
    const typedSecrets = secretProblems(patch.secrets ?? {});
    const next = patch.settings
      ? validateSettings(mergeSettings(settings, patch.settings), typedSecrets)
      : (refuseIfAny(typedSecrets), settings);
    // Secrets first: if the vault refuses (no OS key store), nothing changes, settings included.
    await secrets.write(await prepareSecrets(patch.secrets ?? {}, next));
    if (next !== settings) write(next);
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

  // One change at a time: each merges over the result of the previous one, so none is lost.
  let saving: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(change: () => Promise<T>): Promise<T> => {
    const run = saving.then(change);
    saving = run.catch(() => {});
    return run;
  };

  return {
    current: () => structuredClone(settings),
    view,
    save: (patch) => inTurn(() => saveNow(patch)),
    readSecret: (name) => vault.get(name),
    inspect: (patch) => inspectPatch(settings, patch, vault),
    ensureVaultReadable: secrets.ensureReadable,
    refuseLocked: policy.refuseLocked,
    replacePolicy: (next) =>
      inTurn(async () => {
        policy.replace(next);
        return announce();
      }),
    resetVault: () =>
      inTurn(async () => {
        await secrets.reset();
        // The PINs are gone with the vault: a lockout of PINs that no longer exist would only block the new ones.
        pins.clear();
        return announce();
      }),
    async verifyPin(kind, pin) {
      return (await pins.guard(kind, () => builtInPinMatch(kind, pin), 'supervisor.pin-wrong')).check;
    },
    guardPin: (lock, match, lockedCode = 'supervisor.pin-wrong') => pins.guard(lock, match, lockedCode),
    builtInPinMatches: async (kind, pin) => (await builtInPinMatch(kind, pin)).check === 'valid',
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The fleet's policy over the settings in force (../policy/): its values, its locks and what the view says. */
function createPolicyHolder(initial: Policy | null, current: () => Settings, write: (next: Settings) => void) {
  let policy = initial;
  /** The policy's values over the settings in force, written to the file when they change anything. */
  const enforce = (): void => {
    if (!policy) return;
    const managed = applyPolicy(current(), policy);
    if (JSON.stringify(managed) !== JSON.stringify(current())) write(managed);
  };
  return {
    enforce,
    replace(next: Policy | null): void {
      policy = next;
      enforce();
    },
    refuseLocked(patch: SettingsPatch): void {
      const fields = policy ? lockedChanges(patch.settings, current(), policy.locked) : [];
      if (fields.length === 0) return;
      const what = notice('policy.set-by-organisation');
      throw new PosError('settings.locked', {
        notice: what,
        details: { field: fields[0]!, count: fields.length },
        fieldNotices: Object.fromEntries(fields.map((field) => [field, what])),
      });
    },
    view: () =>
      policy ? { policy: { file: policy.file, locked: [...policy.locked], problems: [...policy.problems] } } : {},
  };
}

/**
 * Which secrets are stored, and why the vault cannot be read (a damaged file, the OS key store changed), if it
 * cannot. It must FAIL CLOSED: were an unreadable admin PIN taken as "no PIN set", settings.save would open to
 * anyone, who could point the till at another provider. So the app starts, but settings, PIN checks and whatever
 * needs a secret are refused with `vault.unreadable` until the vault is restored or explicitly reset.
 */
async function openVaultState(vault: SecretVault) {
  const stored = {} as Record<SecretName, boolean>;
  let problem: unknown = null;
  async function probe(): Promise<void> {
    let found: unknown = null;
    for (const name of SECRET_NAMES) {
      try {
        stored[name] = (await vault.get(name)) !== null;
      } catch (error) {
        // Something is stored there that cannot be read: never shown as "not set".
        stored[name] = true;
        found = error;
      }
    }
    problem = found;
  }
  await probe();
  return {
    stored,
    unreadable: () => problem !== null,
    async ensureReadable(): Promise<void> {
      if (problem === null) return;
      await probe();
      if (problem !== null) throw new PosError('vault.unreadable', { cause: problem });
    },
    /** The vault became unreadable since it was last asked: from now on it is locked like at start. */
    broke(error: unknown, name?: SecretName): PosError {
      problem = error;
      if (name) stored[name] = true;
      return new PosError('vault.unreadable', { cause: error });
    },
    async write(writes: ReadonlyArray<[SecretName, string | null]>): Promise<void> {
      for (const [name, value] of writes) {
        if (value === null) await vault.delete(name);
        else await vault.set(name, value);
        stored[name] = value !== null;
      }
    },
    /** Only while the vault cannot be read (refused `request.invalid` otherwise): sets it aside, starts empty. */
    async reset(): Promise<void> {
      if (problem !== null) await probe();
      if (problem === null) throw new PosError('request.invalid', { notice: notice('vault.nothing-to-reset') });
      await vault.reset();
      for (const name of SECRET_NAMES) stored[name] = false;
      problem = null;
    },
  };
}

async function inspectPatch(settings: Settings, patch: SettingsPatch, vault: SecretVault): Promise<SettingsInspection> {
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
  settings: Settings,
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
      // A new admin or supervisor PIN has 6 digits at least where money is real (a shorter one set before keeps
      // working until it is changed). The sandboxes (the demo's, the provider's) take none.
      if (!SANDBOXES.includes(settings.environment) && !NEW_APPROVER_PIN_PATTERN.test(value))
        throw invalid(name, notice('settings.pin-digits-approver'));
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
