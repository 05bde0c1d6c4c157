import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
import { removeFolder, tempFolder } from './testing/helpers.ts';

// The packaged app, checked as data (no Electron binary or electron-builder can be downloaded here): the
// electron-builder configuration, the fuse table, and the afterPack hook run by @electron/fuses itself on a
// synthetic binary that carries Electron's fuse wire (sentinel, version 1, length, one byte per fuse).

const ROOT = resolve(import.meta.dirname, '..');
const builder = JSON.parse(readFileSync(join(ROOT, '.config', 'electron-builder.json'), 'utf8'));
const { FUSES, fuseConfig, electronBinaryPath } = await import(pathToFileURL(join(ROOT, '.config', 'fuses.mjs')).href);
const { default: afterPack } = await import(pathToFileURL(join(ROOT, '.config', 'after-pack.mjs')).href);

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => removeFolder(dir)));

/** A file laid out like an Electron binary around its fuse wire, every fuse at `initial`. */
function syntheticElectron(path: string, fuseCount: number, initial = FuseState.ENABLE): void {
  const wire = Buffer.from([1, fuseCount, ...Array.from({ length: fuseCount }, () => initial)]);
  writeFileSync(path, Buffer.concat([Buffer.alloc(4096, 0x90), Buffer.from(SENTINEL), wire, Buffer.alloc(4096, 0x90)]));
}

function outDir(): string {
  const dir = tempFolder('after-pack-');
  dirs.push(dir);
  return dir;
}

const linuxContext = (appOutDir: string) => ({
  appOutDir,
  electronPlatformName: 'linux',
  packager: { executableName: 'wallet-pos', appInfo: { productFilename: 'Wallet POS' } },
});

describe('electron-builder configuration', () => {
  it('builds AppImage and deb for Linux and an NSIS installer for Windows', () => {
    expect(builder.linux.target).toEqual(['AppImage', 'deb']);
    expect(builder.win.target).toEqual(['nsis']);
  });

  it('packs the app into app.asar and flips the fuses after packing (the hook exists)', () => {
    expect(builder.asar).toBe(true);
    expect(builder.asarUnpack).toEqual([]);
    expect(builder.afterPack).toBe('./.config/after-pack.mjs');
    expect(existsSync(join(ROOT, builder.afterPack))).toBe(true);
  });

  it('ships the built bundles only: no source maps, no sources, no tests', () => {
    expect(builder.files).toEqual(
      expect.arrayContaining(['dist/renderer/**/*', 'dist-electron/*.js', 'dist-electron/preload.cjs', '!**/*.map']),
    );
    expect(builder.files.some((pattern: string) => /^(electron|renderer|shared|e2e)\//.test(pattern))).toBe(false);
    // What package.json says Electron starts is inside what is packed.
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).main).toBe('dist-electron/main.js');
  });

  it("installs per machine with a chosen folder fixed, keeps the till's data on uninstall", () => {
    expect(builder.nsis).toMatchObject({
      oneClick: false,
      perMachine: true,
      allowToChangeInstallationDirectory: false,
      deleteAppDataOnUninstall: false,
    });
  });

  it('writes app-update.yml naming the Authenticode publisher, so electron-updater checks a Windows installer', () => {
    // A generic feed (the till's own URL comes from Settings → Updates); uploading stays the publisher's job.
    expect(builder.publish).toMatchObject({ provider: 'generic' });
    expect(builder.win.signtoolOptions.publisherName).toEqual(['Wallet POS']);
  });
});

describe('fuses', () => {
  it('turns off RunAsNode, NODE_OPTIONS and --inspect; turns on cookie encryption, ASAR integrity and ASAR-only loading', () => {
    expect(FUSES).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    });
  });

  it('decides every fuse @electron/fuses knows, strictly (an Electron with a new fuse fails the build)', () => {
    const config = fuseConfig({ FuseV1Options, FuseVersion });
    expect(config.version).toBe(FuseVersion.V1);
    expect(config.strictlyRequireAllFuses).toBe(true);
    const known = Object.values(FuseV1Options).filter((value): value is number => typeof value === 'number');
    for (const index of known) expect(typeof config[index], FuseV1Options[index]).toBe('boolean');
    expect(config[FuseV1Options.RunAsNode]).toBe(false);
    expect(config[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('finds the binary electron-builder made on each platform', () => {
    const packager = { executableName: 'wallet-pos', appInfo: { productFilename: 'Wallet POS' } };
    expect(electronBinaryPath({ appOutDir: '/out', electronPlatformName: 'linux', packager })).toBe('/out/wallet-pos');
    expect(electronBinaryPath({ appOutDir: 'C:/out', electronPlatformName: 'win32', packager })).toBe(
      'C:/out/Wallet POS.exe',
    );
    expect(() => electronBinaryPath({ appOutDir: '/out', electronPlatformName: 'aix', packager })).toThrow();
  });
});

describe('afterPack hook on a synthetic Electron binary', () => {
  it('flips every fuse to the table and verifies it by reading the wire back', async () => {
    const dir = outDir();
    const binary = join(dir, 'wallet-pos');
    syntheticElectron(binary, Object.keys(FUSES).length);
    await afterPack(linuxContext(dir));
    const wire = await getCurrentFuseWire(binary);
    for (const [name, enabled] of Object.entries(FUSES)) {
      expect(wire[FuseV1Options[name as keyof typeof FuseV1Options]], name).toBe(
        enabled ? FuseState.ENABLE : FuseState.DISABLE,
      );
    }
  });

  it('fails the build for an Electron whose wire has a fuse we have not decided', async () => {
    const dir = outDir();
    syntheticElectron(join(dir, 'wallet-pos'), Object.keys(FUSES).length + 1);
    await expect(afterPack(linuxContext(dir))).rejects.toThrow(/strictlyRequireAllFuses/);
  });

  it('fails the build for a binary without a fuse wire (not Electron, or a wrong path)', async () => {
    const dir = outDir();
    writeFileSync(join(dir, 'wallet-pos'), Buffer.alloc(1024, 0x90));
    await expect(afterPack(linuxContext(dir))).rejects.toThrow(/sentinel/);
    const missing = outDir();
    copyFileSync(join(ROOT, 'package.json'), join(missing, 'package.json'));
    await expect(afterPack(linuxContext(missing))).rejects.toThrow(/ENOENT/);
  });
});
