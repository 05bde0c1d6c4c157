import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';

import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signedByPublisher } from './feed-signature.ts';
import { makeReleaseKeyPair, RELEASE_KEY_ENV, releaseKeyFrom, signReleaseFolder } from './release-sign.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The publisher's signing, for real: a key pair made into a folder, a release folder signed, the signatures
// checked the way a till checks them; and the npm script itself, with the key from a file and from the environment.

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const dirs: string[] = [];
const folder = (): string => {
  const dir = tempFolder('release-sign-');
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => removeFolder(dir)));

function release(): string {
  const dir = folder();
  writeFileSync(join(dir, 'latest.yml'), 'version: 1.5.0\n');
  writeFileSync(join(dir, 'latest-linux.yml'), 'version: 1.5.0\n# linux\n');
  writeFileSync(join(dir, 'Wallet-POS-Setup-1.5.0.exe'), 'MZ');
  return dir;
}

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', join(ROOT, 'electron/core/updates/release-sign-cli.ts'), ...args],
    { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
  );

describe('release signing', () => {
  it('makes a pair (the private key readable by its owner only, never overwritten) and signs every manifest', () => {
    const keys = folder();
    const pair = makeReleaseKeyPair(keys);
    expect(statSync(pair.privateKeyFile).mode & 0o777).toBe(0o600);
    expect(() => makeReleaseKeyPair(keys)).toThrow(/EEXIST/);
    const dir = release();
    const signed = signReleaseFolder(dir, readFileSync(pair.privateKeyFile, 'utf8'), [pair.publicKey]);
    expect(signed.map((entry) => [entry.signature, entry.pinned])).toEqual([
      ['latest-linux.yml.sig', true],
      ['latest.yml.sig', true],
    ]);
    for (const name of ['latest.yml', 'latest-linux.yml'])
      expect(
        signedByPublisher(readFileSync(join(dir, name)), readFileSync(join(dir, `${name}.sig`), 'utf8'), [
          pair.publicKey,
        ]),
      ).toBe(true);
    expect(() => signReleaseFolder(folder(), readFileSync(pair.privateKeyFile, 'utf8'), [])).toThrow(/no latest/);
  });

  it('takes the key from --key FILE or the environment, and refuses to run without one', () => {
    const pair = makeReleaseKeyPair(folder());
    const pem = readFileSync(pair.privateKeyFile, 'utf8');
    expect(releaseKeyFrom(pair.privateKeyFile, {})).toBe(pem);
    expect(releaseKeyFrom(undefined, { [RELEASE_KEY_ENV]: pem })).toBe(pem);
    expect(releaseKeyFrom(undefined, {})).toBeNull();

    const byFile = release();
    expect(cli(['--key', pair.privateKeyFile, byFile])).toMatch(/latest\.yml → latest\.yml\.sig/);
    const byEnv = release();
    cli([byEnv], { [RELEASE_KEY_ENV]: pem });
    for (const dir of [byFile, byEnv])
      expect(
        signedByPublisher(readFileSync(join(dir, 'latest.yml')), readFileSync(join(dir, 'latest.yml.sig'), 'utf8'), [
          pair.publicKey,
        ]),
      ).toBe(true);
    expect(() => cli([release()])).toThrow(/No release key/);
  });
});
