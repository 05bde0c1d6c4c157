import { randomBytes } from 'node:crypto';
import { PosError } from '../../../shared/errors.ts';
import { deriveTillKey } from '../settings/pin.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import type { TravellingPin } from './travelling-pin.ts';

// The staff's PINs and badge codes, as keys only, in ONE vault entry (encrypted at rest like the admin and
// supervisor PINs; a vault reset clears them with every other PIN).
//
// Why a keyed index and not one salted hash per person: a sign-in is a PIN and nothing else (no name picked
// first), so with a salt per person the till would have to try every person's hash, ~50 ms of scrypt each:
// 20 people = a second of PIN pad, 100 = five. Instead every PIN is derived ONCE under a salt of this till
// (scrypt, the PINs' own cost) and the key is looked up. The trade-off: someone who has broken the vault open
// tries each guess once for all staff instead of once per person (10,000 four-digit guesses ≈ 8 minutes of
// scrypt either way, so a per-person salt bought little for 4-digit PINs); guesses at the till itself are
// held by the wrong-PIN lockout, which does not change. The salt stays in the vault beside the keys: without
// the vault no key can be checked. The built-in Admin and Supervisor keep their own salted hashes
// (settings' adminPin / supervisorPin): two more derivations, run alongside, so a sign-in is ~3 scrypts in
// parallel whatever the number of staff.
//
// With a head office the shop's people travel between its tills (../head-office/roster/), and a till salt
// cannot travel with them: each person's PIN ALSO has a hash under a salt of their own (travelling-pin.ts),
// kept here in `travelling`, which any till can check. The keyed index stays the fast path; a PIN it does not
// know is tried against the hashes of the people whose key this till has not learnt yet, and learnt on a match
// (staff-directory.ts). `roster` is how far this till has read the shop's roster: in the vault with the hashes,
// so a vault reset, which loses them, reads the whole roster again.

export const STAFF_CREDENTIALS_SECRET = 'staffCredentials';

export interface StaffCredentials {
  /** base64: the till's salt for every staff key. */
  readonly salt: string;
  /** Person id → key of their PIN (base64). */
  readonly pins: Readonly<Record<string, string>>;
  /** Person id → key of their badge code (base64). */
  readonly badges: Readonly<Record<string, string>>;
  /** Person id → their PIN under their own salt, as it travels with the shop's roster. */
  readonly travelling: Readonly<Record<string, TravellingPin>>;
  /** The head office's roster read up to `revision` for `shopId`; null before the first read. */
  readonly roster: RosterCursor | null;
}

export interface RosterCursor {
  readonly shopId: string;
  readonly revision: number;
}

export async function readStaffCredentials(vault: SecretVault): Promise<StaffCredentials> {
  let text: string | null;
  try {
    text = await vault.get(STAFF_CREDENTIALS_SECRET);
  } catch (error) {
    throw new PosError('vault.unreadable', { cause: error });
  }
  if (text === null) {
    return { salt: randomBytes(16).toString('base64'), pins: {}, badges: {}, travelling: {}, roster: null };
  }
  let parsed: Partial<StaffCredentials>;
  try {
    parsed = JSON.parse(text) as Partial<StaffCredentials>;
  } catch (error) {
    throw new PosError('vault.unreadable', { cause: error });
  }
  return {
    salt: typeof parsed.salt === 'string' ? parsed.salt : randomBytes(16).toString('base64'),
    pins: stringsOf(parsed.pins),
    badges: stringsOf(parsed.badges),
    travelling: travellingOf(parsed.travelling),
    roster: cursorOf(parsed.roster),
  };
}

export async function writeStaffCredentials(vault: SecretVault, credentials: StaffCredentials): Promise<void> {
  await vault.set(STAFF_CREDENTIALS_SECRET, JSON.stringify(credentials));
}

/** The key a PIN is kept and looked up as (the prefix keeps a PIN and a badge of the same digits apart). */
export async function pinKey(pin: string, credentials: StaffCredentials): Promise<string> {
  return (await deriveTillKey(`pin:${pin}`, Buffer.from(credentials.salt, 'base64'))).toString('base64');
}

export async function badgeKey(badgeCode: string, credentials: StaffCredentials): Promise<string> {
  return (await deriveTillKey(`badge:${badgeCode}`, Buffer.from(credentials.salt, 'base64'))).toString('base64');
}

function stringsOf(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value === null || typeof value !== 'object') return result;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') result[key] = entry;
  return result;
}

function travellingOf(value: unknown): Record<string, TravellingPin> {
  const result: Record<string, TravellingPin> = {};
  if (value === null || typeof value !== 'object') return result;
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const { pinSalt, pinHash } = (entry ?? {}) as Partial<TravellingPin>;
    if (typeof pinSalt === 'string' && typeof pinHash === 'string') result[id] = { pinSalt, pinHash };
  }
  return result;
}

function cursorOf(value: unknown): RosterCursor | null {
  const { shopId, revision } = (value ?? {}) as Partial<RosterCursor>;
  return typeof shopId === 'string' && Number.isSafeInteger(revision) ? { shopId, revision: revision! } : null;
}
