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
import { badgeKey, pinKey, type StaffCredentials } from './staff-credentials.ts';
import type { StaffRecord } from './staff-file.ts';
import { createStaffRoster, isBuiltInId as isBuiltIn, type StaffRoster, type StaffRosterSide } from './staff-roster.ts';
import { openStaffStore, type StaffStore } from './staff-store.ts';
import { travellingPinMatches, travellingPinOf, type TravellingPin } from './travelling-pin.ts';

// The people of this till and how a PIN or badge finds one of them. The built-in Admin and Supervisor are
// today's admin and supervisor PINs (settings' adminPin / supervisorPin, set by settings.save as ever): listed
// while their PIN is set, renameable, their role fixed and always active (the admin is the way into Settings).
// Everyone else is in staff.json (staff-file.ts) with their keys in the vault (staff-credentials.ts).
//
// With a head office, the people of the shop come and go through `roster` (staff-roster.ts). How a PIN finds a
// person who came from another till (whose key this till cannot make without the PIN itself):
// - the keyed index first, as always: one scrypt (with the built-ins' two alongside) finds anyone who was given
//   their PIN here or has signed in here once;
// - only when it finds nobody, the PIN is tried against the own-salted hashes (travelling-pin.ts) of the
//   people whose key this till has not learnt yet, all at once on libuv's thread pool: one scrypt each, paid
//   at a person's FIRST sign-in at this till (and by a wrong PIN, which the lockout counts as ever). Measured
//   on 2 cores under load ~18: 20 such people 3.5–4.4 s, 100 people 15–24 s (idle, ~50 ms a scrypt: about
//   0.5 s and 2.5 s); a sign-in with the person picked first tries only that person's hash: one scrypt;
// - on a match their key is learnt (written to the index), so their next sign-in here is the fast path.
// So the slow path shrinks as the shop's people sign in, and costs nothing on a till without a roster.
// Every sign-in, approval and wrong PIN still goes through the caller's lockout (guardPin) unchanged.

export type StaffSave = StaffChannels['staff.save']['request'];

export interface StaffDirectory {
  list(): Promise<StaffMember[]>;
  /**
   * The active person this PIN belongs to, or null. No lockout here: the caller checks behind one. `picked`: the
   * person picked first at a sign-in; only their hash is tried when the index does not know the PIN.
   */
  byPin(pin: string, picked?: string): Promise<SignedInStaff | null>;
  byBadge(badgeCode: string): Promise<SignedInStaff | null>;
  /** Whether any active person of these roles has a PIN (else a PIN check answers "not set"). */
  anyPinAmong(roles: readonly StaffRole[]): Promise<boolean>;
  /** Whether an active person other than the built-ins already has this PIN (settings.save's two PINs ask). */
  pinTakenByStaff(pin: string): Promise<boolean>;
  /** Adds or changes a person; refused (`staff.invalid` with field notices, `staff.not-found`). Not the admin check. */
  save(request: StaffSave): Promise<{ id: string }>;
  /** After a save or a roster change, with everyone as they are now: a signed-in person follows at once. */
  onChange(listener: (members: readonly StaffMember[]) => void): () => void;
  /** The shop's roster through the head office (staff-roster.ts). */
  readonly roster: StaffRoster;
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
  const { settings } = options;
  const members = (people: readonly StaffRecord[], keys: StaffCredentials | null): StaffMember[] =>
    membersOf(people, keys, (kind) => settings.view().secrets[PIN_SECRET[kind]]);
  const store = openStaffStore({ ...options, members });
  const roster = createStaffRoster(store);
  const active = (keys: StaffCredentials | null): StaffMember[] =>
    members(store.people, keys).filter((member) => member.active);

  async function byPin(pin: string, picked?: string): Promise<SignedInStaff | null> {
    const keys = await store.keys();
    const found = await holderOfPin(pin, keys, active(keys), settings, picked);
    if (!found) return null;
    if (found.learnt !== undefined) await roster.learn(found.member.id, found.learnt);
    else if (!isBuiltIn(found.member.id) && keys.travelling[found.member.id] === undefined) {
      // Given their PIN before PINs travelled: their hash is made now that the PIN is known, and sent out, so
      // the other tills can let them in too. Not waited for: the sign-in is done.
      void roster
        .makeTravelling(found.member.id, pin)
        .catch((error: unknown) =>
          options.log?.(`staff: the PIN of ${found.member.id} could not be made to travel (${String(error)})`),
        );
    }
    return asSignedIn(found.member);
  }

  async function byBadge(badgeCode: string): Promise<SignedInStaff | null> {
    const keys = await store.keys();
    const key = await badgeKey(badgeCode, keys);
    const person = active(keys).find((member) => keys.badges[member.id] === key);
    return person ? asSignedIn(person) : null;
  }

  return {
    list: async () => members(store.people, await store.keys()),
    async pinTakenByStaff(pin) {
      const keys = await store.keys();
      const others = active(keys).filter((member) => !isBuiltIn(member.id));
      return pinHeldAmong(pin, await pinKey(pin, keys), keys, others);
    },
    byPin,
    byBadge,
    anyPinAmong: async (roles) =>
      active(await store.keys()).some((member) => roles.includes(member.role) && member.hasPin),
    save: (request) => store.serially(() => saveStaff(request, { store, roster, settings, members })),
    onChange: store.onChange,
    roster,
  };
}

/** A staff.save, in the store's queue. */
async function saveStaff(
  request: StaffSave,
  {
    store,
    roster,
    settings,
    members,
  }: {
    readonly store: StaffStore;
    readonly roster: StaffRosterSide;
    readonly settings: SettingsService;
    readonly members: (people: readonly StaffRecord[], keys: StaffCredentials | null) => StaffMember[];
  },
): Promise<{ id: string }> {
  const keys = await store.keys();
  const everyone = members(store.people, keys);
  const builtIn = BUILT_IN.find(({ id }) => id === request.id);
  const existing = request.id === undefined ? undefined : everyone.find((member) => member.id === request.id);
  if (request.id !== undefined && !existing && !(builtIn && request.pin !== undefined)) {
    throw new PosError('staff.not-found');
  }
  const id = request.id ?? randomUUID();
  const willBeActive = builtIn ? true : (request.active ?? existing?.active ?? true);
  // The till's key and, for anyone but the built-ins, the PIN as it travels: two scrypts, side by side.
  const [newPinKey, newTravelling] =
    request.pin === undefined
      ? [undefined, undefined]
      : await Promise.all([pinKey(request.pin, keys), builtIn ? undefined : travellingPinOf(request.pin)]);
  const newBadgeKey = typeof request.badgeCode === 'string' ? await badgeKey(request.badgeCode, keys) : undefined;
  const others = everyone.filter((member) => member.active && member.id !== id);
  const problems: FieldNotices = {
    ...saveProblems(request, { builtIn, existing, willBeActive, environment: settings.current().environment }),
    ...(willBeActive
      ? keyProblems(request, { id, keys, others, newBadgeKey, wasActive: existing?.active !== false })
      : {}),
  };
  if (request.pin !== undefined && willBeActive && (await pinTaken(request.pin, newPinKey!, keys, others, settings))) {
    problems.pin = notice('staff.pin-taken');
  }
  if (Object.keys(problems).length > 0) {
    throw new PosError('staff.invalid', { notice: Object.values(problems)[0], fieldNotices: problems });
  }

  // Keys first: if the vault refuses, nothing changes.
  const nextKeys = keysAfter(keys, id, {
    pinKey: builtIn ? undefined : newPinKey,
    travelling: newTravelling,
    badgeKey: newBadgeKey,
    badgeCode: request.badgeCode,
  });
  if (nextKeys) await store.writeKeys(nextKeys);
  if (builtIn && request.pin !== undefined) {
    await settings.save({ secrets: { [PIN_SECRET[builtIn.kind]]: request.pin } });
  }
  const record: StaffRecord = { id, name: request.name.trim(), role: request.role, active: willBeActive };
  // Out before the file: a till stopped between the two still has the change, from the roster coming back.
  if (!builtIn) await roster.sendOut(record, nextKeys ?? keys);
  store.people = store.people.some((person) => person.id === id)
    ? store.people.map((person) => (person.id === id ? record : person))
    : [...store.people, record];
  store.writeFile();
  store.told(nextKeys ?? keys);
  return { id };
}

/** Whether another active person (`others`) already has this PIN: a person's key, or a built-in's own hash. */
async function pinTaken(
  pin: string,
  key: string,
  keys: StaffCredentials,
  others: readonly StaffMember[],
  settings: Pick<SettingsService, 'builtInPinMatches'>,
): Promise<boolean> {
  const builtIns = BUILT_IN.filter(({ id }) => others.some((member) => member.id === id));
  const [held, ...builtInMatches] = await Promise.all([
    pinHeldAmong(
      pin,
      key,
      keys,
      others.filter((member) => !isBuiltIn(member.id)),
    ),
    ...builtIns.map(({ kind }) => settings.builtInPinMatches(kind, pin)),
  ]);
  return held || builtInMatches.some(Boolean);
}

/** Whether one of `people` (none built in) has this PIN: by their key here, else by their travelling hash. */
async function pinHeldAmong(
  pin: string,
  key: string,
  keys: StaffCredentials,
  people: readonly StaffMember[],
): Promise<boolean> {
  if (people.some((member) => keys.pins[member.id] === key)) return true;
  return (await unlearntHolderOf(pin, keys, people)) !== null;
}

/**
 * The person among `people` whose key this till has not learnt and whose travelling hash is this PIN's: every
 * hash tried at once (each scrypt on libuv's thread pool), the first of them in list order.
 */
async function unlearntHolderOf(
  pin: string,
  keys: StaffCredentials,
  people: readonly StaffMember[],
): Promise<{ member: StaffMember; travelling: TravellingPin } | null> {
  const unlearnt = people.flatMap((member) => {
    const travelling = keys.travelling[member.id];
    return keys.pins[member.id] === undefined && travelling && !isBuiltIn(member.id) ? [{ member, travelling }] : [];
  });
  const matches = await Promise.all(unlearnt.map(({ travelling }) => travellingPinMatches(pin, travelling)));
  return unlearnt.find((_, index) => matches[index]) ?? null;
}

/**
 * The active person whose PIN this is: a built-in's own hash, or a person's key, else a roster person's own hash
 * (then `learnt`: the key to add to the index). No lockout here.
 */
async function holderOfPin(
  pin: string,
  keys: StaffCredentials,
  everyone: readonly StaffMember[],
  settings: Pick<SettingsService, 'builtInPinMatches'>,
  picked: string | undefined,
): Promise<{ member: StaffMember; learnt?: { key: string; travelling: TravellingPin } } | null> {
  // All derivations at once (each runs on libuv's thread pool): ~one scrypt of wall time, not three.
  const [key, ...builtInMatches] = await Promise.all([
    pinKey(pin, keys),
    ...BUILT_IN.map(({ kind }) => settings.builtInPinMatches(kind, pin)),
  ]);
  const builtIn = everyone.find((member) =>
    BUILT_IN.some((candidate, index) => candidate.id === member.id && builtInMatches[index]),
  );
  // Keys are scrypt outputs: comparing them with === tells a timer nothing about the PIN.
  const known = builtIn ?? everyone.find((member) => keys.pins[member.id] === key);
  if (known) return { member: known };
  const candidates = picked === undefined ? everyone : everyone.filter((member) => member.id === picked);
  const fromRoster = await unlearntHolderOf(pin, keys, candidates);
  return fromRoster && { member: fromRoster.member, learnt: { key, travelling: fromRoster.travelling } };
}

/** The keys after a save (a new PIN of someone not built in, a badge set or removed); null: unchanged. */
function keysAfter(
  keys: StaffCredentials,
  id: string,
  change: {
    readonly pinKey: string | undefined;
    readonly travelling: TravellingPin | undefined;
    readonly badgeKey: string | undefined;
    readonly badgeCode: string | null | undefined;
  },
): StaffCredentials | null {
  if (change.pinKey === undefined && change.badgeCode === undefined) return null;
  const pins = { ...keys.pins };
  const travelling = { ...keys.travelling };
  const badges = { ...keys.badges };
  if (change.pinKey !== undefined) pins[id] = change.pinKey;
  if (change.travelling !== undefined) travelling[id] = change.travelling;
  if (change.badgeKey !== undefined) badges[id] = change.badgeKey;
  if (change.badgeCode === null) delete badges[id];
  return { ...keys, pins, travelling, badges };
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
        hasPin: keys?.pins[person.id] !== undefined || keys?.travelling[person.id] !== undefined,
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
