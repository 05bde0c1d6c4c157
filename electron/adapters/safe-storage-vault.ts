import { safeStorage } from 'electron';
import { PosError } from '../../shared/errors.ts';
import {
  assertProtectedCiphertext,
  isUnprotectedBackend,
  UNPROTECTED_NOTICE,
} from '../core/security/vault-protection.ts';
import type { SecretVault } from '../core/settings/secret-vault.ts';
import { readSecretFile, setSecretFileAside, writeSecretFile } from '../core/settings/secret-file.ts';

// The app's secret vault: values encrypted by the OS key store through Electron's safeStorage (Keychain,
// DPAPI, libsecret/kwallet), stored as base64 blobs in a 0600 file. Uses the async API where this Electron
// has it. On Linux without a key store Electron falls back to a hard-coded key that protects nothing
// (`basic_text`; the async API does so silently): we refuse it, checking the backend and every blob
// (core/security/vault-protection.ts), so a secret is never on disk pretending to be encrypted.

type AsyncSafeStorage = typeof safeStorage & {
  isAsyncEncryptionAvailable?: () => Promise<boolean>;
  encryptStringAsync?: (plainText: string) => Promise<Buffer>;
  decryptStringAsync?: (encrypted: Buffer) => Promise<{ result: string; shouldReEncrypt: boolean }>;
};

const storage = safeStorage as AsyncSafeStorage;

async function assertUsable(): Promise<void> {
  if (process.platform === 'linux' && isUnprotectedBackend(process.platform, safeStorage.getSelectedStorageBackend())) {
    throw new PosError('vault.unavailable', { notice: UNPROTECTED_NOTICE });
  }
  const available = storage.isAsyncEncryptionAvailable
    ? await storage.isAsyncEncryptionAvailable()
    : safeStorage.isEncryptionAvailable();
  if (!available) throw new PosError('vault.unavailable');
}

async function encrypt(value: string): Promise<Buffer> {
  return storage.encryptStringAsync ? storage.encryptStringAsync(value) : safeStorage.encryptString(value);
}

async function decrypt(blob: Buffer): Promise<{ value: string; reEncrypt: boolean }> {
  if (storage.decryptStringAsync) {
    const { result, shouldReEncrypt } = await storage.decryptStringAsync(blob);
    return { value: result, reEncrypt: shouldReEncrypt };
  }
  return { value: safeStorage.decryptString(blob), reEncrypt: false };
}

export class SafeStorageVault implements SecretVault {
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  async get(name: string): Promise<string | null> {
    const blob = readSecretFile(this.#path)[name];
    if (blob === undefined) return null;
    await assertUsable();
    const encrypted = Buffer.from(blob, 'base64');
    // Written under the hard-coded key (by an older version, or a key store that was missing then): refuse
    // it, so the admin enters the secret again once a key store runs.
    assertProtectedCiphertext(process.platform, encrypted);
    let decrypted: { value: string; reEncrypt: boolean };
    try {
      decrypted = await decrypt(encrypted);
    } catch (cause) {
      throw new PosError('vault.unavailable', {
        message:
          'A stored secret can no longer be read (the OS key store changed). An admin must enter it again in Settings.',
        cause,
      });
    }
    // The OS rotated its key: store the value again under the new one.
    if (decrypted.reEncrypt) await this.set(name, decrypted.value);
    return decrypted.value;
  }

  async set(name: string, value: string): Promise<void> {
    await assertUsable();
    const encrypted = await encrypt(value);
    assertProtectedCiphertext(process.platform, encrypted);
    const blob = encrypted.toString('base64');
    writeSecretFile(this.#path, { ...readSecretFile(this.#path), [name]: blob });
  }

  async delete(name: string): Promise<void> {
    const entries = readSecretFile(this.#path);
    if (!(name in entries)) return;
    delete entries[name];
    writeSecretFile(this.#path, entries);
  }

  /** Blobs sealed under a key store that is gone cannot be decrypted again: set them aside, start empty. */
  async reset(): Promise<string | null> {
    return setSecretFileAside(this.#path);
  }
}
