// Where secrets live at rest (the access key secret, PIN hashes, the tokenized merchant secret). The core
// only knows this interface: the app injects the OS-backed vault (electron/adapters/safe-storage-vault.ts),
// Node runs (preview, tests) inject DevelopmentFileVault. Values never travel to the renderer.

export interface SecretVault {
  /** The stored value, or null when none is stored. */
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /**
   * The explicit reset of a vault that cannot be read: the unreadable store is set aside (kept next to it,
   * so a restore is still possible) and an empty one starts. Returns where the old one was kept, if it existed.
   */
  reset(): Promise<string | null>;
}
