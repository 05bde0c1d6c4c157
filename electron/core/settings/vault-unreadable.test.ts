import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { VAULT_RESET_CONFIRMATION } from '../../../shared/settings.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { dispatch } from '../dispatch.ts';
import { DevelopmentFileVault } from './development-file-vault.ts';
import type { SecretVault } from './secret-vault.ts';
import { caught, removeFolder, tempFolder } from '../../testing/helpers.ts';

// The admin lock must fail CLOSED when the secret vault cannot be read. The attack: a damaged development
// vault (or, in the app, an OS key store that changed) made every secret read as "not stored", so
// settings.save opened to anyone, who could point the till at another provider. Reproduced on the real core;
// then the way out: a restore, or the explicit, guarded reset.

const dirs: string[] = [];
const cores: Core[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function dataDir(): string {
  const dir = tempFolder('vault-unreadable-');
  dirs.push(dir);
  return dir;
}

async function openCore(
  dir: string,
  vault: SecretVault = new DevelopmentFileVault(join(dir, 'vault.json')),
): Promise<Core> {
  const core = await createCore({ dataDir: dir, vault, transport: 'web', version: 'test', statusIntervalMs: 60_000 });
  cores.push(core);
  return core;
}

/** A till set up by its admin: a PIN and real-environment credentials. */
async function setUpTill(dir: string): Promise<void> {
  const core = await openCore(dir);
  await core.handlers['settings.save']({
    settings: { environment: 'provider-sandbox', accessKeyId: 'AK-REAL', posId: 'POS-REAL' },
    secrets: { adminPin: '8642', supervisorPin: '2468', accessKeySecret: 'real-secret' },
  });
  await core.close();
  cores.splice(cores.indexOf(core), 1);
}

const ATTACK = { settings: { environment: 'custom', customBaseUrl: 'https://attacker.example/posi' } };

describe('an unreadable vault locks settings', () => {
  it('a damaged development vault: settings.save and PIN checks are refused for everyone, saying what to do', async () => {
    const dir = dataDir();
    await setUpTill(dir);
    writeFileSync(join(dir, 'vault.json'), '{"adminPin": "scrypt:16384:8:1:'); // cut off mid-write, or tampered with
    const core = await openCore(dir);

    // Nobody verified the admin PIN: the save must be refused, and the provider address stay as it was.
    expect(await caught(core.handlers['settings.save'](ATTACK))).toMatchObject({ code: 'vault.unreadable' });
    const view = await core.handlers['settings.get']({});
    expect(view.settings.environment).toBe('provider-sandbox');
    expect(view.vaultUnreadable).toBe(true);
    // Never shown as "no admin PIN": something is stored there that cannot be read.
    expect(view.secrets.adminPin).toBe(true);
    expect(await caught(core.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' }))).toMatchObject({
      code: 'vault.unreadable',
    });
    expect(await caught(core.handlers['settings.verifyPin']({ kind: 'supervisor', pin: '2468' }))).toMatchObject({
      code: 'vault.unreadable',
    });
    expect((await caught(core.handlers['settings.save'](ATTACK))).message).toMatch(
      /Restore the secret vault from a backup and restart, or reset it/,
    );
  });

  it('an OS key store that changed (every stored blob fails to decrypt): the same lock', async () => {
    const dir = dataDir();
    await setUpTill(dir);
    const inner = new DevelopmentFileVault(join(dir, 'vault.json'));
    // What SafeStorageVault does when decryption fails under a new key store.
    const changedKeyStore: SecretVault = {
      get: async (name) => {
        if ((await inner.get(name)) === null) return null;
        throw new PosError('vault.unavailable', {
          message: 'A stored secret can no longer be read (the OS key store changed).',
        });
      },
      set: (name, value) => inner.set(name, value),
      delete: (name) => inner.delete(name),
      reset: () => inner.reset(),
    };
    const core = await openCore(dir, changedKeyStore);
    expect((await core.handlers['settings.get']({})).vaultUnreadable).toBe(true);
    expect(await caught(core.handlers['settings.save'](ATTACK))).toMatchObject({ code: 'vault.unreadable' });
    expect(await caught(core.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' }))).toMatchObject({
      code: 'vault.unreadable',
    });
  });

  it('a restored vault opens again without a restart of the lock (the next save asks the vault again)', async () => {
    const dir = dataDir();
    await setUpTill(dir);
    const good = readFileSync(join(dir, 'vault.json'), 'utf8');
    writeFileSync(join(dir, 'vault.json'), 'not json');
    const core = await openCore(dir);
    expect(await caught(core.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' }))).toMatchObject({
      code: 'vault.unreadable',
    });
    writeFileSync(join(dir, 'vault.json'), good);
    expect(await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '8642' })).toEqual({ valid: true });
    expect((await core.handlers['settings.get']({})).vaultUnreadable).toBe(false);
  });
});

describe('settings.resetVault', () => {
  it('is refused while the vault can be read, and without the explicit confirmation', async () => {
    const dir = dataDir();
    await setUpTill(dir);
    const core = await openCore(dir);
    expect(await caught(core.handlers['settings.resetVault']({ confirm: VAULT_RESET_CONFIRMATION }))).toMatchObject({
      code: 'request.invalid',
    });
    expect((await core.handlers['settings.get']({})).secrets).toMatchObject({ adminPin: true, accessKeySecret: true });
    writeFileSync(join(dir, 'vault.json'), 'not json');
    const locked = await openCore(dir);
    expect(await dispatch(locked.handlers, 'settings.resetVault', {})).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    expect(await dispatch(locked.handlers, 'settings.resetVault', { confirm: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    expect((await locked.handlers['settings.get']({})).vaultUnreadable).toBe(true);
  });

  it('with an unreadable vault: wipes credentials and PINs, keeps the old vault beside it (0600), and the till is set up again', async () => {
    const dir = dataDir();
    await setUpTill(dir);
    writeFileSync(join(dir, 'vault.json'), 'not json', { mode: 0o600 });
    const core = await openCore(dir);
    const view = await dispatch(core.handlers, 'settings.resetVault', { confirm: VAULT_RESET_CONFIRMATION });
    expect(view).toMatchObject({
      ok: true,
      value: {
        vaultUnreadable: false,
        secrets: { adminPin: false, supervisorPin: false, accessKeySecret: false, tokenizedMerchantSecret: false },
      },
    });
    const keptAside = readdirSync(dir).filter((name) => name.startsWith('vault.json.unreadable-'));
    expect(keptAside).toHaveLength(1);
    expect(readFileSync(join(dir, keptAside[0]!), 'utf8')).toBe('not json');
    expect(statSync(join(dir, keptAside[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'vault.json')).mode & 0o777).toBe(0o600);
    // First-start rules again: the admin sets a new PIN, after which the lock is back.
    await core.handlers['settings.save']({ secrets: { adminPin: '1357' } });
    expect(await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '1357' })).toEqual({ valid: true });
  });
});
