import { app } from 'electron';
import { join } from 'node:path';

// Where the app keeps and finds things. userData is per OS user (settings, secrets, journal); the app path
// is where package.json sits, so the built renderer and preload are found the same way in dev and packaged.

export interface AppPaths {
  readonly userData: string;
  /** Settings file, journal and other state the core owns. */
  readonly dataDir: string;
  /** Encrypted secrets (safeStorage blobs). */
  readonly vaultFile: string;
  readonly rendererDir: string;
  readonly preload: string;
}

export function appPaths(): AppPaths {
  const userData = app.getPath('userData');
  const appPath = app.getAppPath();
  return {
    userData,
    dataDir: join(userData, 'data'),
    vaultFile: join(userData, 'secrets.json'),
    rendererDir: join(appPath, 'dist', 'renderer'),
    preload: join(appPath, 'dist-electron', 'preload.cjs'),
  };
}
