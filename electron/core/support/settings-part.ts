import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SECRET_NAMES, type SecretName, type SettingsView } from '../../../shared/settings.ts';
import { scrubValue } from '../logging/redaction.ts';

// The settings as a support bundle carries them: every setting, and of each secret only whether it is stored.
// The settings never hold a secret (they live in the vault), so the scrub is the second lock, not the first.

export interface SettingsPart {
  readonly settings: unknown;
  readonly secretsStored: Readonly<Record<SecretName, boolean>> | null;
  readonly vaultUnreadable: boolean | null;
  /** Where these came from: the running till, or the files of a till that is not running. */
  readonly source: 'running-till' | 'settings-file';
  readonly problem?: string;
}

/** From the running till: its settings service's view (no secret in it, only has-flags). */
export function settingsPartOf(view: SettingsView): SettingsPart {
  return {
    settings: scrubValue(view.settings),
    secretsStored: { ...view.secrets },
    vaultUnreadable: view.vaultUnreadable,
    source: 'running-till',
  };
}

/**
 * From the files of a till that will not start: settings.json, and of the vault only the names stored in it
 * (the app's secrets.json beside the data folder, the preview's development vault in it). A value is never read
 * into the bundle, and an encrypted one could not be read here anyway.
 */
export function settingsPartFromFiles(dataDir: string): SettingsPart {
  let settings: unknown = null;
  let problem: string | undefined;
  try {
    settings = scrubValue(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')));
  } catch (error) {
    problem = `settings.json: ${error instanceof Error ? error.message : String(error)}`;
  }
  let stored: Set<string> | null = null;
  let vaultUnreadable: boolean | null = null;
  for (const vault of [join(dirname(dataDir), 'secrets.json'), join(dataDir, 'secrets.development.json')]) {
    let names: string[];
    try {
      names = Object.keys(JSON.parse(readFileSync(vault, 'utf8')) as Record<string, unknown>);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') vaultUnreadable = true;
      continue;
    }
    stored = new Set([...(stored ?? []), ...names]);
    vaultUnreadable ??= false;
  }
  const secretsStored = stored
    ? (Object.fromEntries(SECRET_NAMES.map((name) => [name, stored.has(name)])) as Record<SecretName, boolean>)
    : null;
  return { settings, secretsStored, vaultUnreadable, source: 'settings-file', ...(problem ? { problem } : {}) };
}
