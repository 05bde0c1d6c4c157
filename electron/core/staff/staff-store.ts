import type { StaffMember } from '../../../shared/staff.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { readStaffCredentials, writeStaffCredentials, type StaffCredentials } from './staff-credentials.ts';
import { readStaffFile, writeStaffFile, type StaffRecord } from './staff-file.ts';

// The till's people and keys as held in memory, with the two places they are kept (staff.json, the vault entry)
// and the one queue every change goes through: what the directory (staff-directory.ts) and the roster
// (staff-roster.ts) share.

export interface StaffStore {
  people: StaffRecord[];
  /** The shop this till's own people were sent to (staff-file.ts). */
  publishedTo: string | null;
  /** People changed here whose change no head office has taken yet (staff-file.ts). */
  unsent: string[];
  /** Writes staff.json as `people`, `publishedTo` and `unsent` are now. */
  writeFile(): void;
  /** The keys, read when first needed (the vault may be unreadable at start; settings say so). */
  keys(): Promise<StaffCredentials>;
  /** The keys now, if read. */
  keysNow(): StaffCredentials | null;
  writeKeys(next: StaffCredentials): Promise<void>;
  /** Tells the listeners everyone as they are with these keys (a signed-in person follows at once). */
  told(keys: StaffCredentials): void;
  onChange(listener: (members: readonly StaffMember[]) => void): () => void;
  /**
   * One change at a time (a save, a roster page, a key learnt): two saves with the same PIN cannot both pass the
   * uniqueness check, and no write of the vault entry overwrites another's.
   */
  serially<T>(work: () => Promise<T>): Promise<T>;
}

export function openStaffStore(options: {
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly file: string;
  readonly members: (people: readonly StaffRecord[], keys: StaffCredentials | null) => StaffMember[];
  readonly log?: ((line: string) => void) | undefined;
}): StaffStore {
  const { settings, vault, file } = options;
  const contents = readStaffFile(file, options.log);
  let credentials: StaffCredentials | null = null;
  // A vault reset took every key with it: read again (the salt, empty lists) next time.
  settings.onChange((view) => {
    if (!Object.values(view.secrets).some(Boolean)) credentials = null;
  });
  const listeners = new Set<(members: readonly StaffMember[]) => void>();
  let queue: Promise<unknown> = Promise.resolve();

  const store: StaffStore = {
    people: [...contents.people],
    publishedTo: contents.publishedTo,
    unsent: [...contents.unsent],
    writeFile: () =>
      writeStaffFile(file, { people: store.people, publishedTo: store.publishedTo, unsent: store.unsent }),
    async keys() {
      await settings.ensureVaultReadable();
      credentials ??= await readStaffCredentials(vault);
      return credentials;
    },
    keysNow: () => credentials,
    async writeKeys(next) {
      await writeStaffCredentials(vault, next);
      credentials = next;
    },
    told(keys) {
      const now = options.members(store.people, keys);
      for (const listener of listeners) listener(now);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serially(work) {
      const run = queue.then(work);
      queue = run.catch(() => {});
      return run;
    },
  };
  return store;
}
