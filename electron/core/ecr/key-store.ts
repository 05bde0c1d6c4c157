import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PosError } from '../../../shared/errors.ts';
import type { RegisterKeyView } from '../../../shared/register.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';

// The register keys an admin gave out. A key is 32 random bytes, shown once when it is made; only its SHA-256
// is kept (a hash that fast is enough for a key that random: nobody can guess their way back to it). A
// presented key is compared with every stored hash in constant time, so timing says nothing about how close
// it came. The file is the till user's only (0600), replaced whole and durably (temp file, fsync, rename, fsync
// of the folder), so a power cut leaves the old list or the new one, never an empty file.
//
// A file that cannot be read fails closed for the register connection alone: the till starts with no key that
// works (every register is refused, Settings says why), and payments go on. The admin's next key sets the
// damaged file aside (kept beside it, 0600, like the vault's reset) and starts a new list: the damaged one held
// only hashes, so every register needs a new key anyway.

export const REGISTER_KEYS_FILE = 'register-keys.json';

/** The last use is kept to the minute: a register polling every second does not rewrite the file each time. */
const LAST_USE_RESOLUTION_MS = 60_000;
const KEY_PREFIX = 'ecr_';

interface StoredKey {
  readonly name: string;
  /** SHA-256 of the key, hex. */
  readonly hash: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface KeyStore {
  list(): RegisterKeyView[];
  /** A new key under a name not in use; the key itself is in the answer and nowhere else. */
  create(name: string): { key: string; view: RegisterKeyView };
  /** The key stops working at once. */
  revoke(name: string): void;
  /** The key's name when the presented key is one of ours (and notes its use), else null. */
  authenticate(presented: string): string | null;
  /** Called with a key's name when it is revoked (its event streams close). */
  onRevoke(listener: (name: string) => void): () => void;
  /** The keys file could not be read: no key works until the admin makes one (which sets the file aside). */
  unreadable(): boolean;
}

export function openKeyStore(options: { readonly dataDir: string; readonly now?: () => number }): KeyStore {
  const path = join(options.dataDir, REGISTER_KEYS_FILE);
  const now = options.now ?? Date.now;
  let keys: StoredKey[] = [];
  let unreadable = false;
  try {
    keys = readKeys(path);
  } catch {
    unreadable = true;
  }
  const listeners = new Set<(name: string) => void>();
  const save = (): void => writeKeys(path, keys);
  const view = (key: StoredKey): RegisterKeyView => ({
    name: key.name,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
  });

  return {
    list: () => keys.map(view),
    create(name) {
      if (unreadable) {
        setFileAside(path, new Date(now()));
        unreadable = false;
      }
      if (keys.some((key) => key.name === name)) throw new PosError('ecr.key-name-taken', { details: { name } });
      const key = KEY_PREFIX + randomBytes(32).toString('base64url');
      const stored: StoredKey = { name, hash: sha256(key), createdAt: new Date(now()).toISOString(), lastUsedAt: null };
      keys = [...keys, stored];
      save();
      return { key, view: view(stored) };
    },
    revoke(name) {
      if (!keys.some((key) => key.name === name)) throw new PosError('ecr.key-not-found', { details: { name } });
      keys = keys.filter((key) => key.name !== name);
      save();
      for (const listener of listeners) listener(name);
    },
    authenticate(presented) {
      const hash = Buffer.from(sha256(presented), 'hex');
      let found: StoredKey | null = null;
      // Every stored hash is compared, whatever matched: no early exit to time.
      for (const key of keys) {
        if (timingSafeEqual(hash, Buffer.from(key.hash, 'hex')) && found === null) found = key;
      }
      if (found === null) return null;
      const at = now();
      const last = found.lastUsedAt === null ? null : Date.parse(found.lastUsedAt);
      if (last === null || at - last >= LAST_USE_RESOLUTION_MS) {
        const used = { ...found, lastUsedAt: new Date(at).toISOString() };
        keys = keys.map((key) => (key === found ? used : key));
        save();
      }
      return found.name;
    },
    onRevoke(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unreadable: () => unreadable,
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function readKeys(path: string): StoredKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(parsed.keys)) throw new Error(`${path} holds no list of keys`);
  return parsed.keys.map((entry: unknown) => {
    const key = entry as Partial<StoredKey>;
    if (
      typeof key.name !== 'string' ||
      typeof key.hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(key.hash) ||
      typeof key.createdAt !== 'string' ||
      (key.lastUsedAt !== null && typeof key.lastUsedAt !== 'string')
    )
      throw new Error(`${path} holds a damaged key entry`);
    return { name: key.name, hash: key.hash, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
  });
}

function writeKeys(path: string, keys: readonly StoredKey[]): void {
  writePrivateFile(path, `${JSON.stringify({ keys }, null, 2)}\n`);
}
