import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_ROLES, type StaffRole } from '../../../shared/staff.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// Who works at this till: names, roles, active or not (never a PIN or badge: those are keys in the vault,
// staff-credentials.ts). A small private file in the data folder (0600, replaced atomically), not the settings
// file, which a shop copies to another till: people and their PINs belong to one till's vault. The built-in
// Admin and Supervisor are listed here only once renamed.

export const STAFF_FILE = 'staff.json';

export interface StaffRecord {
  readonly id: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
}

export function staffFileIn(dataDir: string): string {
  return join(dataDir, STAFF_FILE);
}

/**
 * The people in the file. A file that does not read (hand-edited, damaged) is kept aside, never deleted, and the
 * till starts with the built-ins only: the admin can still sign in and add people again.
 */
export function readStaffFile(path: string, log: (line: string) => void = () => {}): StaffRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as { people?: unknown };
    if (!Array.isArray(parsed.people)) throw new Error('no people list');
    return parsed.people.flatMap((entry) => recordOf(entry) ?? []);
  } catch (error) {
    const keptAs = setFileAside(path, new Date());
    log(`staff: ${path} could not be read (${String(error)}); kept as ${keptAs}, starting with the built-ins only`);
    return [];
  }
}

export function writeStaffFile(path: string, people: readonly StaffRecord[]): void {
  writePrivateFile(path, `${JSON.stringify({ people }, null, 2)}\n`);
}

function recordOf(value: unknown): StaffRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const { id, name, role, active } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof active !== 'boolean') return null;
  if (!STAFF_ROLES.includes(role as StaffRole)) return null;
  return { id, name, role: role as StaffRole, active };
}
