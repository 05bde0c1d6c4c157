import { randomUUID } from 'node:crypto';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import {
  BUILT_IN_DEFAULT_NAMES,
  BUILT_IN_STAFF_IDS,
  type SignedInStaff,
  type StaffChannels,
  type StaffMember,
  type StaffRole,
} from '../../../shared/staff.ts';
import { NEW_APPROVER_PIN_PATTERN } from '../settings/pin.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import { SANDBOXES, type PinKind, type SettingsService } from '../settings/settings-service.ts';
import type { FieldNotices } from '../settings/settings-problems.ts';
import {
  badgeKey,
  pinKey,
  readStaffCredentials,
  writeStaffCredentials,
  type StaffCredentials,
} from './staff-credentials.ts';
import { readStaffFile, writeStaffFile, type StaffRecord } from './staff-file.ts';

// The people of this till and how a PIN or badge finds one of them. The built-in Admin and Supervisor are
// today's admin and supervisor PINs (settings' adminPin / supervisorPin, set by settings.save as ever): listed
// while their PIN is set, renameable, their role fixed and always active (the admin is the way into Settings).
// Everyone else is in staff.json (staff-file.ts) with their keys in the vault (staff-credentials.ts).

export type StaffSave = StaffChannels['staff.save']['request'];

export interface StaffDirectory {
  list(): Promise<StaffMember[]>;
  /** The active person this PIN belongs to, or null. No lockout here: the caller checks behind one. */
  byPin(pin: string): Promise<SignedInStaff | null>;
  byBadge(badgeCode: string): Promise<SignedInStaff | null>;
  /** Whether any active person of these roles has a PIN (else a PIN check answers "not set"). */
  anyPinAmong(roles: readonly StaffRole[]): Promise<boolean>;
  /** Whether an active person other than the built-ins already has this PIN (settings.save's two PINs ask). */
  pinTakenByStaff(pin: string): Promise<boolean>;
  /** Adds or changes a person; refused (`staff.invalid` with field notices, `staff.not-found`). Not the admin check. */
  save(request: StaffSave): Promise<{ id: string }>;
  /** After a save, with everyone as they are now: a signed-in person follows at once. */
  onChange(listener: (members: readonly StaffMember[]) => void): () => void;
}

const BUILT_IN: ReadonlyArray<{ id: string; kind: PinKind; role: StaffRole; name: string }> = [
  { id: BUILT_IN_STAFF_IDS.admin, kind: 'admin', role: 'admin', name: BUILT_IN_DEFAULT_NAMES.admin },
  {
    id: BUILT_IN_STAFF_IDS.supervisor,
    kind: 'supervisor',
    role: 'supervisor',
    name: BUILT_IN_DEFAULT_NAMES.supervisor,
  },
];
const PIN_SECRET = { admin: 'adminPin', supervisor: 'supervisorPin' } as const;

export async function openStaffDirectory(options: {
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly file: string;
  readonly log?: (line: string) => void;
}): Promise<StaffDirectory> {
  const { settings, vault, file } = options;
  let people: StaffRecord[] = readStaffFile(file, options.log);
  // Read when first needed (the vault may be unreadable at start; settings say so and a reset starts clean).
  let credentials: StaffCredentials | null = null;
  const loadCredentials = async (): Promise<StaffCredentials> => {
    await settings.ensureVaultReadable();
    credentials ??= await readStaffCredentials(vault);
    return credentials;
  };
  // A vault reset took every key with it: read again (the salt, empty lists) next time.
  settings.onChange((view) => {
    if (!Object.values(view.secrets).some(Boolean)) credentials = null;
  });
  const listeners = new Set<(members: readonly StaffMember[]) => void>();

  const members = (keys: StaffCredentials | null): StaffMember[] =>
    membersOf(people, keys, (kind) => settings.view().secrets[PIN_SECRET[kind]]);
  const active = (keys: StaffCredentials | null): StaffMember[] => members(keys).filter((member) => member.active);

  async function byPin(pin: string): Promise<SignedInStaff | null> {
    const keys = await loadCredentials();
    const person = await holderOfPin(pin, keys, active(keys), settings);
    return person ? asSignedIn(person) : null;
  }

  async function byBadge(badgeCode: string): Promise<SignedInStaff | null> {
    const keys = await loadCredentials();
    const key = await badgeKey(badgeCode, keys);
    const person = active(keys).find((member) => keys.badges[member.id] === key);
    return person ? asSignedIn(person) : null;
  }

  async function saveNow(request: StaffSave): Promise<{ id: string }> {
    const keys = await loadCredentials();
    const builtIn = BUILT_IN.find(({ id }) => id === request.id);
    const existing = request.id === undefined ? undefined : members(keys).find((member) => member.id === request.id);
    if (request.id !== undefined && !existing && !(builtIn && request.pin !== undefined)) {
      throw new PosError('staff.not-found');
    }
    const id = request.id ?? randomUUID();
    const willBeActive = builtIn ? true : (request.active ?? existing?.active ?? true);
    const newPinKey = request.pin === undefined ? undefined : await pinKey(request.pin, keys);
    const newBadgeKey = typeof request.badgeCode === 'string' ? await badgeKey(request.badgeCode, keys) : undefined;
    const others = active(keys).filter((member) => member.id !== id);
    const problems: FieldNotices = {
      ...saveProblems(request, { builtIn, existing, willBeActive, environment: settings.current().environment }),
      ...(willBeActive
        ? keyProblems(request, { id, keys, others, newBadgeKey, wasActive: existing?.active !== false })
        : {}),
    };
    if (
      request.pin !== undefined &&
      willBeActive &&
      (await pinTaken(request.pin, newPinKey!, keys, others, settings))
    ) {
      problems.pin = notice('staff.pin-taken');
    }
    if (Object.keys(problems).length > 0) {
      throw new PosError('staff.invalid', { notice: Object.values(problems)[0], fieldNotices: problems });
    }

    // Keys first: if the vault refuses, nothing changes.
    const nextKeys = keysAfter(keys, id, builtIn ? undefined : newPinKey, newBadgeKey, request.badgeCode);
    if (nextKeys) {
      await writeStaffCredentials(vault, nextKeys);
      credentials = nextKeys;
    }
    if (builtIn && request.pin !== undefined) {
      await settings.save({ secrets: { [PIN_SECRET[builtIn.kind]]: request.pin } });
    }
    const record: StaffRecord = { id, name: request.name.trim(), role: request.role, active: willBeActive };
    people = people.some((person) => person.id === id)
      ? people.map((person) => (person.id === id ? record : person))
      : [...people, record];
    writeStaffFile(file, people);
    const now = members(credentials ?? keys);
    for (const listener of listeners) listener(now);
    return { id };
  }

  let saving: Promise<unknown> = Promise.resolve();
  return {
    list: async () => members(await loadCredentials()),
    async pinTakenByStaff(pin) {
      const keys = await loadCredentials();
      const key = await pinKey(pin, keys);
      return active(keys).some((member) => !isBuiltIn(member.id) && keys.pins[member.id] === key);
    },
    byPin,
    byBadge,
    anyPinAmong: async (roles) =>
      active(await loadCredentials()).some((member) => roles.includes(member.role) && member.hasPin),
    save(request) {
      // One save at a time: two saves with the same PIN cannot both pass the uniqueness check.
      const run = saving.then(() => saveNow(request));
      saving = run.catch(() => {});
      return run;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether another active person (`others`) already has this PIN: a person's key, or a built-in's own hash. */
async function pinTaken(
  pin: string,
  key: string,
  keys: StaffCredentials,
  others: readonly StaffMember[],
  settings: Pick<SettingsService, 'builtInPinMatches'>,
): Promise<boolean> {
  if (others.some((member) => !isBuiltIn(member.id) && keys.pins[member.id] === key)) return true;
  const builtIns = BUILT_IN.filter(({ id }) => others.some((member) => member.id === id));
  return (await Promise.all(builtIns.map(({ kind }) => settings.builtInPinMatches(kind, pin)))).some(Boolean);
}

/** The active person whose PIN this is: a built-in's own hash, or a person's key. No lockout here. */
async function holderOfPin(
  pin: string,
  keys: StaffCredentials,
  everyone: readonly StaffMember[],
  settings: Pick<SettingsService, 'builtInPinMatches'>,
): Promise<StaffMember | null> {
  // All derivations at once (each runs on libuv's thread pool): ~one scrypt of wall time, not three.
  const [key, ...builtInMatches] = await Promise.all([
    pinKey(pin, keys),
    ...BUILT_IN.map(({ kind }) => settings.builtInPinMatches(kind, pin)),
  ]);
  const builtIn = everyone.find((member) =>
    BUILT_IN.some((candidate, index) => candidate.id === member.id && builtInMatches[index]),
  );
  // Keys are scrypt outputs: comparing them with === tells a timer nothing about the PIN.
  return builtIn ?? everyone.find((member) => keys.pins[member.id] === key) ?? null;
}

/** The keys after a save (a new PIN of someone not built in, a badge set or removed); null: unchanged. */
function keysAfter(
  keys: StaffCredentials,
  id: string,
  newPinKey: string | undefined,
  newBadgeKey: string | undefined,
  badgeCode: string | null | undefined,
): StaffCredentials | null {
  if (newPinKey === undefined && badgeCode === undefined) return null;
  const pins = { ...keys.pins };
  const badges = { ...keys.badges };
  if (newPinKey !== undefined) pins[id] = newPinKey;
  if (newBadgeKey !== undefined) badges[id] = newBadgeKey;
  if (badgeCode === null) delete badges[id];
  return { salt: keys.salt, pins, badges };
}

/** Everyone as the Staff screen lists them: the built-ins whose PIN is set, then the people of staff.json. */
function membersOf(
  people: readonly StaffRecord[],
  keys: StaffCredentials | null,
  builtInPinSet: (kind: PinKind) => boolean,
): StaffMember[] {
  return [
    ...BUILT_IN.filter(({ kind }) => builtInPinSet(kind)).map((builtIn) => ({
      id: builtIn.id,
      name: people.find((person) => person.id === builtIn.id)?.name ?? builtIn.name,
      role: builtIn.role,
      active: true,
      hasPin: true,
      hasBadge: keys?.badges[builtIn.id] !== undefined,
    })),
    ...people
      .filter((person) => !isBuiltIn(person.id))
      .map((person) => ({
        ...person,
        hasPin: keys?.pins[person.id] !== undefined,
        hasBadge: keys?.badges[person.id] !== undefined,
      })),
  ];
}

/** What is wrong with a save before any key is compared: the built-ins' fixed role, a PIN missing or too short. */
function saveProblems(
  request: StaffSave,
  facts: {
    readonly builtIn: (typeof BUILT_IN)[number] | undefined;
    readonly existing: StaffMember | undefined;
    readonly willBeActive: boolean;
    readonly environment: string;
  },
): FieldNotices {
  const problems: FieldNotices = {};
  if (facts.builtIn && request.role !== facts.builtIn.role) problems.role = notice('staff.built-in-role');
  if (facts.builtIn && request.active === false) problems.active = notice('staff.built-in-active');
  if (!facts.existing && request.pin === undefined) problems.pin = notice('staff.pin-required');
  // An admin's or supervisor's new PIN: 6 digits at least where money is real (../settings/pin.ts).
  if (
    request.pin !== undefined &&
    request.role !== 'cashier' &&
    !SANDBOXES.includes(facts.environment) &&
    !NEW_APPROVER_PIN_PATTERN.test(request.pin)
  ) {
    problems.pin = notice('staff.pin-digits-approver');
  }
  return problems;
}

/** For someone active after the save: a kept PIN another person took meanwhile (coming back to work), or a badge
 * another active person has. */
function keyProblems(
  request: StaffSave,
  facts: {
    readonly id: string;
    readonly keys: StaffCredentials;
    readonly others: readonly StaffMember[];
    readonly newBadgeKey: string | undefined;
    readonly wasActive: boolean;
  },
): FieldNotices {
  const { id, keys, others } = facts;
  const problems: FieldNotices = {};
  // Coming back to work with a PIN someone took meanwhile: their PIN must change in the same save.
  const keptPinKey = request.pin === undefined ? keys.pins[id] : undefined;
  if (keptPinKey !== undefined && !facts.wasActive && others.some((member) => keys.pins[member.id] === keptPinKey)) {
    problems.pin = notice('staff.pin-taken');
  }
  const badgeToCheck = facts.newBadgeKey ?? (request.badgeCode === null ? undefined : keys.badges[id]);
  if (badgeToCheck !== undefined && others.some((member) => keys.badges[member.id] === badgeToCheck)) {
    problems.badgeCode = notice('staff.badge-taken');
  }
  return problems;
}

function asSignedIn({ id, name, role }: StaffMember): SignedInStaff {
  return { id, name, role };
}

function isBuiltIn(id: string): boolean {
  return id === BUILT_IN_STAFF_IDS.admin || id === BUILT_IN_STAFF_IDS.supervisor;
}
