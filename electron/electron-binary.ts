import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Finds the Electron executable WITHOUT `require('electron')`: that call tries to download the binary when
// it is missing (a network fetch, then a stack trace on machines without access). We read the same files it
// reads: node_modules/electron/path.txt names the executable inside dist/ (or ELECTRON_OVERRIDE_DIST_PATH).

export type ElectronBinary = { readonly path: string } | { readonly reason: string };

export function findElectronBinary(fromFile: string = import.meta.filename): ElectronBinary {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(fromFile).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (run npm install)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, executable ?? 'electron');
    return existsSync(path) ? { path } : { reason: `ELECTRON_OVERRIDE_DIST_PATH names ${path}, which does not exist` };
  }
  if (executable === null) {
    return {
      reason:
        'the Electron binary is not downloaded (the electron package fetches it with `npx install-electron`, which needs network access)',
    };
  }
  const path = join(packageDir, 'dist', executable);
  return existsSync(path) ? { path } : { reason: `the Electron binary is missing from ${path}` };
}
