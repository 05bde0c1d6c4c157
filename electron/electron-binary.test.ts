import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron-binary.ts';
import { removeFolder, tempFolder } from './testing/helpers.ts';

const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const dirs: string[] = [];

afterEach(() => {
  if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
  else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

describe('findElectronBinary', () => {
  it('finds an executable through ELECTRON_OVERRIDE_DIST_PATH', () => {
    const dir = tempFolder('electron-dist-');
    dirs.push(dir);
    writeFileSync(join(dir, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
    const found = findElectronBinary();
    // path.txt (when the package downloaded a binary) may name another executable than `electron`.
    if ('path' in found) expect(found.path.startsWith(dir)).toBe(true);
    else expect(found.reason).toContain(dir);
  });

  it('gives a one-sentence reason, not an exception, when the override names nothing', () => {
    process.env.ELECTRON_OVERRIDE_DIST_PATH = join(tmpdir(), 'no-such-electron-dist');
    const found = findElectronBinary();
    expect('reason' in found && found.reason).toMatch(/ELECTRON_OVERRIDE_DIST_PATH names .* which does not exist/);
  });

  it('gives a reason when the electron package cannot be resolved at all', () => {
    delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const found = findElectronBinary(join(tmpdir(), 'nowhere', 'file.js'));
    expect(found).toEqual({ reason: 'the electron package is not installed (run npm install)' });
  });

  it('answers without trying to download (fast, whatever this machine has)', () => {
    delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const started = Date.now();
    const found = findElectronBinary();
    expect(Date.now() - started).toBeLessThan(500);
    expect('path' in found || 'reason' in found).toBe(true);
  });
});
