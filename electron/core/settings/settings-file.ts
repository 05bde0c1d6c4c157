import Conf from 'conf';

// The settings file. `conf` in Node; electron-store in the app (electron-store is conf with Electron's
// paths, same file format), so the app passes its store and everything else uses openConfSettingsFile.
// Both expose the whole document as the `store` property, which is all the settings service needs.

export interface SettingsFile {
  get store(): Record<string, unknown>;
  set store(value: Record<string, unknown>);
}

export function openConfSettingsFile(dataDir: string): SettingsFile {
  return new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: 'settings',
    projectName: 'wallet-pos',
    configFileMode: 0o600,
  });
}
