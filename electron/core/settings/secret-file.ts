import { existsSync, readFileSync } from 'node:fs';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// The file both vaults keep their entries in: a flat JSON object of strings, readable by the owner only
// (0600), replaced atomically (write a temp file, then rename) so a crash mid-write never leaves half a file.

export function readSecretFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${path} is not a JSON object`);
  const entries: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') entries[key] = value;
  return entries;
}

export function writeSecretFile(path: string, entries: Readonly<Record<string, string>>): void {
  writePrivateFile(path, `${JSON.stringify(entries, null, 2)}\n`);
}

/**
 * Moves the file aside as `<path>.unreadable-<time>` (still 0600) and leaves an empty store in its place.
 * Nothing is deleted: whoever restores the old OS key store or a good copy can still read it.
 */
export function setSecretFileAside(path: string, now = new Date()): string | null {
  const keptAs = existsSync(path) ? setFileAside(path, now) : null;
  writeSecretFile(path, {});
  return keptAs;
}
