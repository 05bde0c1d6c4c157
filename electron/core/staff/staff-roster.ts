import { BUILT_IN_STAFF_IDS, STAFF_ROLES, type StaffRole } from '../../../shared/staff.ts';
import type { StaffCredentials } from './staff-credentials.ts';
import type { StaffRecord } from './staff-file.ts';
import type { StaffStore } from './staff-store.ts';
import { sameTravellingPin, travellingPinOf, type TravellingPin } from './travelling-pin.ts';

// The shop's staff roster as this till's staff see it: the people every till of a shop shares through the head
// office (../head-office/roster/ sends and reads it). Who travels: everyone but the built-in Admin and
// Supervisor. Those two are each till's own: their PINs are settings' adminPin / supervisorPin, the way into
// THIS till's Settings (a shop whose tills each got their own admin PIN would otherwise see one till's admin
// take over every other till's Settings), and every till has people with the ids `admin` and `supervisor`,
// which would overwrite each other. A shop that wants one admin for every till adds a person with the admin
// role: they travel like anyone.
//
// Badge codes stay on the till they were given at (a badge is a card the till's scanner reads; its key is under
// this till's salt): a person from the roster signs in elsewhere by PIN until a badge is given there.

/** One person as the roster carries them (the `staff` event's body, and a row of the head office's `staff`). */
export interface RosterPerson {
  readonly personId: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
  /** null: the sender does not know this person's PIN hash (the receiver keeps the one it has). */
  readonly pinSalt: string | null;
  readonly pinHash: string | null;
}

/** What the head office feature uses of the staff (`StaffModule.roster`). */
export interface StaffRoster {
  /** How far this till has read `shopId`'s roster (0: nothing yet, or another shop's). */
  revision(shopId: string): Promise<number>;
  /**
   * People from the head office, in its order, read up to `revision`: written to this till as they are, heard by
   * the session (a person deactivated elsewhere is signed out here), and never sent back out.
   */
  apply(shopId: string, people: readonly RosterPerson[], revision: number): Promise<void>;
  /**
   * This till's people the shop's roster has not had, each to `send`: all of them the first time this till
   * joins `shopId`, then those changed here while no head office took the change. The count sent.
   */
  publish(shopId: string, send: RosterSend): Promise<number>;
  /** Where a change made at this till goes (the head office's outbox); null: nowhere (no head office). */
  sendChangesTo(send: RosterSend | null): void;
}

/** Queues a person's change for the head office: false when it was not taken (the head office is off). */
export type RosterSend = (person: RosterPerson) => boolean | Promise<boolean>;

export function rosterPersonOf(record: StaffRecord, keys: StaffCredentials): RosterPerson {
  const travelling = keys.travelling[record.id];
  return {
    personId: record.id,
    name: record.name,
    role: record.role,
    active: record.active,
    pinSalt: travelling?.pinSalt ?? null,
    pinHash: travelling?.pinHash ?? null,
  };
}

/**
 * This till's people and keys once a page of the roster is applied (pure). A person's record is replaced as
 * the head office has it. A PIN hash that differs from the one here means the PIN was changed at another till:
 * this till's key for them is dropped (it would still let the old PIN in) and learnt again at their next
 * sign-in here. A hash the roster does not carry (null) leaves the one here. The built-ins never come in.
 */
export function rosterApplied(
  people: readonly StaffRecord[],
  keys: StaffCredentials,
  incoming: readonly RosterPerson[],
  cursor: { readonly shopId: string; readonly revision: number },
): { people: StaffRecord[]; keys: StaffCredentials } {
  const records = [...people];
  const pins = { ...keys.pins };
  const travelling = { ...keys.travelling };
  for (const person of incoming) {
    if (isBuiltInId(person.personId) || !STAFF_ROLES.includes(person.role)) continue;
    const record: StaffRecord = { id: person.personId, name: person.name, role: person.role, active: person.active };
    const at = records.findIndex((existing) => existing.id === record.id);
    if (at === -1) records.push(record);
    else records[at] = record;
    if (person.pinSalt === null || person.pinHash === null) continue;
    const hash = { pinSalt: person.pinSalt, pinHash: person.pinHash };
    if (sameTravellingPin(travelling[record.id], hash)) continue;
    travelling[record.id] = hash;
    delete pins[record.id];
  }
  return { people: records, keys: { ...keys, pins, travelling, roster: cursor } };
}

export function isBuiltInId(id: string): boolean {
  return id === BUILT_IN_STAFF_IDS.admin || id === BUILT_IN_STAFF_IDS.supervisor;
}

/** The roster over this till's store, and what the directory asks of it at a sign-in or a save. */
export interface StaffRosterSide extends StaffRoster {
  /**
   * A change made at this till, out to the head office; without one, kept in `unsent` for when there is one.
   * The caller writes the file.
   */
  sendOut(record: StaffRecord, keys: StaffCredentials): Promise<void>;
  /** A person from the roster signed in here: their key joins the index (unless their PIN changed meanwhile). */
  learn(id: string, found: { readonly key: string; readonly travelling: TravellingPin }): Promise<void>;
  /** A person given their PIN before PINs travelled signed in: their hash is made now and sent out. */
  makeTravelling(id: string, pin: string): Promise<void>;
}

export function createStaffRoster(store: StaffStore): StaffRosterSide {
  let send: RosterSend | null = null;
  async function sendOut(record: StaffRecord, keys: StaffCredentials): Promise<void> {
    const taken = send !== null && (await send(rosterPersonOf(record, keys)));
    const others = store.unsent.filter((id) => id !== record.id);
    store.unsent = taken ? others : [...others, record.id];
  }
  return {
    async revision(shopId) {
      const cursor = (await store.keys()).roster;
      return cursor?.shopId === shopId ? cursor.revision : 0;
    },
    apply: (shopId, incoming, revision) =>
      store.serially(async () => {
        const next = rosterApplied(store.people, await store.keys(), incoming, { shopId, revision });
        // The file first, then the keys with the cursor: a till stopped between the two reads the same page
        // again, which changes nothing twice.
        store.people = next.people;
        store.writeFile();
        await store.writeKeys(next.keys);
        if (incoming.length > 0) store.told(next.keys);
      }),
    publish: (shopId, sendOne) =>
      store.serially(async () => {
        const joining = store.publishedTo !== shopId;
        if (!joining && store.unsent.length === 0) return 0;
        const keys = await store.keys();
        const due = store.people.filter(
          (person) => !isBuiltInId(person.id) && (joining || store.unsent.includes(person.id)),
        );
        let sent = 0;
        for (const person of due) {
          if (!(await sendOne(rosterPersonOf(person, keys)))) break;
          store.unsent = store.unsent.filter((id) => id !== person.id);
          sent += 1;
        }
        if (sent === due.length) {
          store.publishedTo = shopId;
          store.unsent = [];
        }
        store.writeFile();
        return sent;
      }),
    sendChangesTo(next) {
      send = next;
    },
    sendOut,
    learn: (id, found) =>
      store.serially(async () => {
        const keys = await store.keys();
        if (!sameTravellingPin(keys.travelling[id], found.travelling) || keys.pins[id] !== undefined) return;
        await store.writeKeys({ ...keys, pins: { ...keys.pins, [id]: found.key } });
      }),
    makeTravelling: (id, pin) =>
      store.serially(async () => {
        const travelling = await travellingPinOf(pin);
        const keys = await store.keys();
        const record = store.people.find((person) => person.id === id);
        // A save or the roster gave them a hash meanwhile (a new PIN comes with its own): nothing to make.
        if (!record || keys.travelling[id] !== undefined) return;
        const next = { ...keys, travelling: { ...keys.travelling, [id]: travelling } };
        await store.writeKeys(next);
        await sendOut(record, next);
        store.writeFile();
      }),
  };
}
