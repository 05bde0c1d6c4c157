import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PosError } from '../../../shared/errors.ts';
import type { RegisterKeyView } from '../../../shared/register.ts';
import { setFileAside, writePrivateFile } from '../files/private-file.ts';
import { LEGACY_KEY_ID_PREFIX } from '../payments/journal/index.ts';
import { keyNameForm } from './key-name.ts';

// The register keys an admin gave out. A key is 32 random bytes, shown once when it is made; only its SHA-256
// is kept (a hash that fast is enough for a key that random: nobody can guess their way back to it). A
// presented key is compared with every stored hash in constant time, so timing says nothing about how close
// it came. The file is the till user's only (0600), replaced whole and durably (temp file, fsync, rename, fsync
// of the folder), so a power cut leaves the old list or the new one, never an empty file.
//
// A key's identity is its id, made with it and never re-used (the journal's payments, sales and requests belong
// to it); its name is for people, unique as a person reads it (key-name.ts). A key revoked and made again under
// the same name is another key: it sees nothing of the old one's.
//
// Every change is written before it takes effect: a revoke whose write fails leaves the key as it was, working
// and listed (the admin is told, and tries again), never revoked until the next start brings it back. The last
// use is the one exception: best-effort, a disk that cannot take it never refuses a register.
//
// A file that cannot be read fails closed for the register connection alone: the till starts with no key that
// works (every register is refused, Settings says why), and payments go on. The admin's next key sets the
// damaged file aside (kept beside it, 0600, like the vault's reset) and starts a new list: the damaged one held
// only hashes, so every register needs a new key anyway.

export const REGISTER_KEYS_FILE = 'register-keys.json';

/** The last use is kept to the minute: a register polling every second does not rewrite the file each time. */
const LAST_USE_RESOLUTION_MS = 60_000;
const KEY_PREFIX = 'ecr_';
const KEY_ID_PREFIX = 'key_';

interface StoredKey {
  /** Random, never re-used; a key made before keys had ids: LEGACY_KEY_ID_PREFIX + its name. */
  readonly id: string;
  readonly name: string;
  /** SHA-256 of the key, hex. */
  readonly hash: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

/** Who is calling: the key's id (what it owns) and its name (what people read). */
export interface RegisterCaller {
  readonly keyId: string;
  readonly keyName: string;
}

export interface KeyStore {
  list(): RegisterKeyView[];
  /** A new key under a name not in use (as a person reads it); the key itself is in the answer and nowhere else. */
  create(name: string): { key: string; view: RegisterKeyView };
  /** The key stops working at once, once that is written (else it throws ecr.keys-unsaved and nothing changed). */
  revoke(name: string): void;
  /** The caller when the presented key is one of ours (and notes its use, best-effort), else null. */
  authenticate(presented: string): RegisterCaller | null;
  /** Called with a key's id when it is revoked (its event streams close). */
  onRevoke(listener: (keyId: string) => void): () => void;
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
  const listeners = new Set<(keyId: string) => void>();
  /** Written first, then in memory: what works is always what the file says. */
  const commit = (next: StoredKey[]): void => {
    try {
      writeKeys(path, next);
    } catch (error) {
      throw new PosError('ecr.keys-unsaved', { cause: error });
    }
    keys = next;
  };
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
      const form = keyNameForm(name);
      if (keys.some((key) => keyNameForm(key.name) === form))
        throw new PosError('ecr.key-name-taken', { details: { name } });
      const key = KEY_PREFIX + randomBytes(32).toString('base64url');
      const stored: StoredKey = {
        id: KEY_ID_PREFIX + randomBytes(16).toString('hex'),
        name,
        hash: sha256(key),
        createdAt: new Date(now()).toISOString(),
        lastUsedAt: null,
      };
      commit([...keys, stored]);
      return { key, view: view(stored) };
    },
    revoke(name) {
      const revoked = keys.find((key) => key.name === name);
      if (!revoked) throw new PosError('ecr.key-not-found', { details: { name } });
      commit(keys.filter((key) => key !== revoked));
      for (const listener of listeners) listener(revoked.id);
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
        const next = keys.map((key) => (key === found ? used : key));
        try {
          commit(next);
        } catch {
          // Only the last use is lost (the next use or change writes it); the register is not refused for it.
          keys = next;
        }
      }
      return { keyId: found.id, keyName: found.name };
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
      (key.id !== undefined && (typeof key.id !== 'string' || key.id === '')) ||
      typeof key.name !== 'string' ||
      typeof key.hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(key.hash) ||
      typeof key.createdAt !== 'string' ||
      (key.lastUsedAt !== null && typeof key.lastUsedAt !== 'string')
    )
      throw new Error(`${path} holds a damaged key entry`);
    const id = key.id ?? `${LEGACY_KEY_ID_PREFIX}${key.name}`;
    return { id, name: key.name, hash: key.hash, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
  });
}

function writeKeys(path: string, keys: readonly StoredKey[]): void {
  writePrivateFile(path, `${JSON.stringify({ keys }, null, 2)}\n`);
}

/** TESTS ONLY, and the crash test's parent: the id of the key kept under `name` in a data folder, else null. */
export function registerKeyIdNamed(dataDir: string, name: string): string | null {
  return readKeys(join(dataDir, REGISTER_KEYS_FILE)).find((key) => key.name === name)?.id ?? null;
}
