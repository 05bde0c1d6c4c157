import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_ROLES, type StaffRole } from '../../../shared/staff.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// Who works at this till: names, roles, active or not (never a PIN or badge: those are keys in the vault,
// staff-credentials.ts). A small private file in the data folder (0600, replaced atomically), not the settings
// file, which a shop copies to another till: people and their PINs belong to one till's vault. The built-in
// Admin and Supervisor are listed here only once renamed. With a head office, the people of the shop's roster
// are written here as they arrive (../head-office/roster/); `publishedTo` remembers the shop this till's own
// people were first sent to (joining a shop sends them once), and `unsent` who was changed here while no head
// office took the change (sent when one does).

export const STAFF_FILE = 'staff.json';

export interface StaffRecord {
  readonly id: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
}

export interface StaffFileContents {
  readonly people: readonly StaffRecord[];
  /** The shop whose roster this till's people were sent to when it joined; null: none yet. */
  readonly publishedTo: string | null;
  /** Ids of people changed here whose change no head office has taken yet. */
  readonly unsent: readonly string[];
}

export function staffFileIn(dataDir: string): string {
  return join(dataDir, STAFF_FILE);
}

/**
 * The people in the file. A file that does not read (hand-edited, damaged) is kept aside, never deleted, and the
 * till starts with the built-ins only: the admin can still sign in and add people again.
 */
export function readStaffFile(path: string, log: (line: string) => void = () => {}): StaffFileContents {
  const none = { people: [], publishedTo: null, unsent: [] };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return none;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as { people?: unknown; publishedTo?: unknown; unsent?: unknown };
    if (!Array.isArray(parsed.people)) throw new Error('no people list');
    return {
      people: parsed.people.flatMap((entry) => recordOf(entry) ?? []),
      publishedTo: typeof parsed.publishedTo === 'string' ? parsed.publishedTo : null,
      unsent: Array.isArray(parsed.unsent) ? parsed.unsent.filter((id) => typeof id === 'string') : [],
    };
  } catch (error) {
    const keptAs = setFileAside(path, new Date());
    log(`staff: ${path} could not be read (${String(error)}); kept as ${keptAs}, starting with the built-ins only`);
    return none;
  }
}

export function writeStaffFile(path: string, contents: StaffFileContents): void {
  writePrivateFile(path, `${JSON.stringify(contents, null, 2)}\n`);
}

function recordOf(value: unknown): StaffRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const { id, name, role, active } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof active !== 'boolean') return null;
  if (!STAFF_ROLES.includes(role as StaffRole)) return null;
  return { id, name, role: role as StaffRole, active };
}
