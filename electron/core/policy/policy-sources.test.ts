import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgePolicy } from './policy-document.ts';
import { policyPlaces, WINDOWS_POLICY_KEY } from './policy-path.ts';
import { nonAdminWritable } from './policy-permissions.ts';
import { PlistError, policyFromPlist } from './policy-plist.ts';
import { readPolicy } from './policy-read.ts';
import { policyFromRegQuery } from './policy-registry.ts';

// Policies only IT can write. The Windows and macOS readers against what those systems hand back (fixtures of
// `reg query` output and of an XML plist); the Linux file and the permission rule for real (the tests run as root:
// files and folders are given to another uid with chown, and made group- or other-writable with chmod).

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const noRegistry = async (): Promise<string | null> => null;
const OTHER_UID = 4321;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A root-owned folder (0755) holding policy.json (0644), as IT's tools leave /etc/wallet-pos. */
function managedFolder(policy: unknown = { settings: { merchantName: 'Kopi Fleet #12' }, locked: ['merchantName'] }) {
  const base = mkdtempSync(join(tmpdir(), 'policy-perm-'));
  dirs.push(base);
  const folder = join(base, 'wallet-pos');
  mkdirSync(folder, { mode: 0o755 });
  chmodSync(base, 0o755);
  const file = join(folder, 'policy.json');
  writeFileSync(file, JSON.stringify(policy), { mode: 0o644 });
  return { base, folder, file };
}

describe('the Windows registry (HKLM\\Software\\Policies\\WalletPOS)', () => {
  it('reads values, a group from its subkey, a DWORD yes/no and the locks from reg query output', () => {
    const document = policyFromRegQuery(fixture('reg-query.txt'), WINDOWS_POLICY_KEY);
    expect(document).toEqual({
      settings: { merchantName: 'Kopi Fleet #12', locale: 'zh-HK', ecr: { enabled: true, port: 8803 } },
      locked: ['merchantName', 'ecr.port'],
    });
    const policy = judgePolicy(WINDOWS_POLICY_KEY, document);
    expect(policy.problems).toEqual([]);
    expect(policy.locked).toEqual(['merchantName', 'ecr.port']);
  });

  it('is the policy of a Windows till, and no key is no policy', async () => {
    const places = { systemPolicy: policyPlaces([], true, 'win32').systemPolicy };
    const managed = await readPolicy(places, async (key) =>
      key === WINDOWS_POLICY_KEY ? fixture('reg-query.txt') : null,
    );
    expect(managed).toMatchObject({ file: WINDOWS_POLICY_KEY, settings: { merchantName: 'Kopi Fleet #12' } });
    expect(await readPolicy(places, noRegistry)).toBeNull();
  });
});

describe('macOS managed preferences (an XML plist)', () => {
  it('reads strings, integers, booleans, a group dictionary and the locks', () => {
    const document = policyFromPlist(fixture('managed-preferences.plist'));
    expect(document).toEqual({
      settings: { merchantName: 'Kopi & Teh Fleet #12', locale: 'zh-HK', ecr: { enabled: true, port: 8811 } },
      locked: ['merchantName', 'ecr.port'],
    });
    expect(judgePolicy('x.plist', document).problems).toEqual([]);
  });

  it('refuses a binary plist and broken XML, and says so instead of guessing', async () => {
    expect(() => policyFromPlist('bplist00…')).toThrow(PlistError);
    expect(() => policyFromPlist('<plist><dict><key>a</key></dict></plist>')).toThrow(PlistError);
    const { folder } = managedFolder();
    const file = join(folder, 'app.wallet-pos.till.plist');
    writeFileSync(file, 'bplist00garbage', { mode: 0o644 });
    const policy = await readPolicy({ systemPolicy: { kind: 'plist', file } }, noRegistry);
    expect(policy?.problems[0]?.notice.key).toBe('policy.unreadable-plist');
    expect(policy?.settings).toEqual({});
  });
});

describe('who may have written the policy (Linux and macOS files, for real)', () => {
  it('applies a file only root can write, in folders only root can write', async () => {
    const { file } = managedFolder();
    expect(nonAdminWritable(file)).toBeNull();
    const policy = await readPolicy({ systemPolicy: { kind: 'json', file } }, noRegistry);
    expect(policy).toMatchObject({
      settings: { merchantName: 'Kopi Fleet #12' },
      locked: ['merchantName'],
      problems: [],
    });
  });

  it('refuses a file owned by another account, or writable by its group or by everyone', async () => {
    for (const spoil of [
      (file: string) => chownSync(file, OTHER_UID, 0),
      (file: string) => chmodSync(file, 0o664),
      (file: string) => chmodSync(file, 0o646),
    ]) {
      const { file } = managedFolder();
      spoil(file);
      expect(nonAdminWritable(file)).toMatchObject({ path: file });
      const policy = await readPolicy({ systemPolicy: { kind: 'json', file } }, noRegistry);
      expect(policy).toMatchObject({ file, settings: {}, locked: [] });
      expect(policy?.problems).toEqual([
        { field: null, notice: { key: 'policy.not-admin-only', params: { file, path: file } } },
      ]);
    }
  });

  it('refuses a file in a folder another account owns or may write, at any level above it', () => {
    const owned = managedFolder();
    chownSync(owned.folder, OTHER_UID, 0);
    expect(nonAdminWritable(owned.file)).toEqual({ path: owned.folder, reason: 'not-owned-by-root' });
    const groupWritable = managedFolder();
    chmodSync(groupWritable.base, 0o775);
    expect(nonAdminWritable(groupWritable.file)).toEqual({ path: groupWritable.base, reason: 'writable-by-others' });
    // A root-owned sticky folder (as /tmp is) lets no one else replace what root put in it.
    const sticky = managedFolder();
    chmodSync(sticky.base, 0o1777);
    expect(nonAdminWritable(sticky.file)).toBeNull();
  });

  it('a refused system policy is not replaced by --policy; a missing one is', async () => {
    const { file, folder } = managedFolder();
    const development = join(folder, 'dev-policy.json');
    writeFileSync(development, JSON.stringify({ settings: { merchantName: 'Dev' } }));
    chmodSync(file, 0o666);
    const refused = await readPolicy({ systemPolicy: { kind: 'json', file }, policyFile: development }, noRegistry);
    expect(refused?.file).toBe(file);
    expect(refused?.settings).toEqual({});
    const missing = { kind: 'json', file: join(folder, 'none.json') } as const;
    expect((await readPolicy({ systemPolicy: missing, policyFile: development }, noRegistry))?.settings).toEqual({
      merchantName: 'Dev',
    });
  });
});

describe('--policy (the preview and development only)', () => {
  it('a packaged app ignores it; unpackaged it is kept, and the system policy wins over it', async () => {
    const argv = ['/opt/Wallet POS/wallet-pos', '--policy', '/home/cashier/unlock.json'];
    expect(policyPlaces(argv, true, 'linux')).toEqual({
      systemPolicy: { kind: 'json', file: '/etc/wallet-pos/policy.json' },
      policyFile: null,
    });
    expect(policyPlaces(argv, false, 'darwin').policyFile).toBe('/home/cashier/unlock.json');

    const { file, folder } = managedFolder();
    const development = join(folder, 'dev-policy.json');
    writeFileSync(development, JSON.stringify({ settings: { merchantName: 'Dev' } }));
    const policy = await readPolicy({ systemPolicy: { kind: 'json', file }, policyFile: development }, noRegistry);
    expect(policy?.settings).toEqual({ merchantName: 'Kopi Fleet #12' });
  });
});
