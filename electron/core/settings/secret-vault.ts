// Where secrets live at rest (the access key secret, PIN hashes, the tokenized merchant secret). The core
// only knows this interface: the app injects the OS-backed vault (electron/adapters/safe-storage-vault.ts),
// Node runs (preview, tests) inject DevelopmentFileVault. Values never travel to the renderer.

export interface SecretVault {
  /** The stored value, or null when none is stored. */
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}
