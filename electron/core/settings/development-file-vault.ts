import type { SecretVault } from './secret-vault.ts';
import { readSecretFile, setSecretFileAside, writeSecretFile } from './secret-file.ts';

// ┌────────────────────────────────────────────────────────────────────────────────────────────────────┐
// │ DEVELOPMENT AND TESTS ONLY. This vault stores secrets IN PLAIN TEXT in a file (mode 0600).           │
// │ It exists so the browser preview and the test suite can run the core without Electron's safeStorage. │
// │ The shipped app never uses it: electron/main.ts injects the OS-encrypted SafeStorageVault.           │
// │ Do not point it at a real production access key.                                                     │
// └────────────────────────────────────────────────────────────────────────────────────────────────────┘

export class DevelopmentFileVault implements SecretVault {
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  async get(name: string): Promise<string | null> {
    return readSecretFile(this.#path)[name] ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    writeSecretFile(this.#path, { ...readSecretFile(this.#path), [name]: value });
  }

  async delete(name: string): Promise<void> {
    const entries = readSecretFile(this.#path);
    if (!(name in entries)) return;
    delete entries[name];
    writeSecretFile(this.#path, entries);
  }

  async reset(): Promise<string | null> {
    return setSecretFileAside(this.#path);
  }
}
