import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { judgePolicy, readPolicyFile } from './policy-document.ts';
import { applyPolicy, lockedChanges } from './policy-layer.ts';
import { policyPathFromArgs, systemPolicySource } from './policy-path.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The policy file judged part by part: what is valid is used, what is not is left out with its reason, and the
// till starts either way.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function fileWith(text: string): string {
  const dir = tempFolder('policy-');
  dirs.push(dir);
  const file = join(dir, 'policy.json');
  writeFileSync(file, text);
  return file;
}

describe('reading a policy file', () => {
  it('no file: an unmanaged till', () => {
    expect(readPolicyFile(join(tmpdir(), 'no-such-folder-for-policy', 'policy.json'))).toBeNull();
  });

  it('not JSON: nothing of it is used, and it says so', () => {
    const file = fileWith('{ "settings": { "merchantName": "Shop" ');
    expect(readPolicyFile(file)).toEqual({
      file,
      settings: {},
      locked: [],
      problems: [{ field: null, notice: { key: 'policy.unreadable', params: { file } } }],
    });
  });

  it('the valid parts are used; each invalid part is left out with its reason', () => {
    const policy = judgePolicy('/etc/wallet-pos/policy.json', {
      settings: {
        merchantName: 'Kopi Fleet',
        statusRequestsPerSecond: 999,
        adminPin: '1234',
        colour: 'blue',
        ecr: { port: 8800, speed: 'fast' },
      },
      locked: ['merchantName', 'ecr.port', 'accessKeySecret', 'ecr.nothing'],
      staff: [],
    });
    expect(policy.settings).toEqual({ merchantName: 'Kopi Fleet', ecr: { port: 8800 } });
    expect(policy.locked).toEqual(['merchantName', 'ecr.port']);
    expect(Object.fromEntries(policy.problems.map((problem) => [problem.field, problem.notice.key]))).toEqual({
      staff: 'policy.unknown-part',
      statusRequestsPerSecond: 'policy.value-refused',
      adminPin: 'policy.secret-not-allowed',
      colour: 'policy.not-a-setting',
      'ecr.speed': 'policy.not-a-setting',
      accessKeySecret: 'policy.lock-unknown',
      'ecr.nothing': 'policy.lock-unknown',
    });
  });

  it('a country without its currency: the country is left out, not the whole policy', () => {
    const policy = judgePolicy('p.json', { settings: { country: 'MY', merchantName: 'Kedai' } });
    expect(policy.settings).toEqual({ merchantName: 'Kedai' });
    expect(policy.problems.map((problem) => problem.field)).toEqual(['country']);
  });

  it('"locked" that is not a list locks nothing, and says so', () => {
    const policy = judgePolicy('p.json', { locked: 'merchantName' });
    expect(policy.locked).toEqual([]);
    expect(policy.problems).toEqual([{ field: 'locked', notice: { key: 'policy.locked-not-a-list' } }]);
  });
});

describe('the policy over the saved settings', () => {
  it('its values go over the saved ones, a group field by field', () => {
    const saved = { ...DEFAULT_SETTINGS, merchantName: 'Own name', ecr: { ...DEFAULT_SETTINGS.ecr, enabled: true } };
    const policy = judgePolicy('p.json', { settings: { merchantName: 'Fleet name', ecr: { port: 8800 } } });
    const managed = applyPolicy(saved, policy);
    expect(managed.merchantName).toBe('Fleet name');
    expect(managed.ecr).toEqual({ ...DEFAULT_SETTINGS.ecr, enabled: true, port: 8800 });
  });

  it('a save changing a locked field is caught; the same value sent again, or another field of its group, is not', () => {
    const current = { ...DEFAULT_SETTINGS, ecr: { ...DEFAULT_SETTINGS.ecr, port: 8800 } };
    const locked = ['merchantName', 'ecr.port'];
    expect(lockedChanges({ merchantName: 'Other' }, current, locked)).toEqual(['merchantName']);
    expect(lockedChanges({ ecr: { ...current.ecr, port: 8801 } }, current, locked)).toEqual(['ecr.port']);
    expect(lockedChanges({ ecr: { ...current.ecr, enabled: true } }, current, locked)).toEqual([]);
    expect(lockedChanges({ merchantName: current.merchantName, locale: 'ms' }, current, locked)).toEqual([]);
  });
});

describe('where the policy is', () => {
  it('the administrators’ place of each operating system, or --policy FILE', () => {
    expect(systemPolicySource('linux')).toEqual({ kind: 'json', file: '/etc/wallet-pos/policy.json' });
    expect(systemPolicySource('darwin')).toEqual({
      kind: 'plist',
      file: '/Library/Managed Preferences/app.wallet-pos.till.plist',
    });
    expect(systemPolicySource('win32')).toEqual({ kind: 'registry', key: 'HKLM\\Software\\Policies\\WalletPOS' });
    expect(policyPathFromArgs(['node', 'main.js', '--policy', '/tmp/p.json'])).toBe('/tmp/p.json');
    expect(policyPathFromArgs(['--policy=/tmp/q.json'])).toBe('/tmp/q.json');
    expect(policyPathFromArgs(['--data-dir', 'x'])).toBeNull();
  });
});
