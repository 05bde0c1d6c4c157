import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { DevelopmentFileVault } from './development-file-vault.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A supervisor PIN, register refunds and register keys need an admin PIN first: without one, Settings are open
// to anyone at the till, who could switch refunds on, make a register key and refund. The whole core, through
// its handlers (as the screens and the web host call it), on a fresh data folder.

let core: Core | null = null;
let dir = '';

afterEach(async () => {
  await core?.close();
  core = null;
  removeFolder(dir);
});

async function freshTill(): Promise<Core> {
  dir = tempFolder('admin-pin-first-');
  core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: 'test',
    statusIntervalMs: 60_000,
  });
  return core;
}

const refusal = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'saved',
    (error: unknown) => error,
  );
const registerSettingsWith = (refundsAllowed: boolean) => ({
  enabled: false,
  port: 8710,
  network: 'this-computer' as const,
  refundsAllowed,
});

describe('an admin PIN first', () => {
  it('without an admin PIN, no supervisor PIN, register refunds or register key can be set', async () => {
    const till = await freshTill();
    expect(await refusal(till.handlers['settings.save']({ secrets: { supervisorPin: '2468' } }))).toMatchObject({
      code: 'settings.invalid',
      fieldNotices: { supervisorPin: { key: 'settings.admin-pin-first' } },
    });
    expect(
      await refusal(till.handlers['settings.save']({ settings: { ecr: registerSettingsWith(true) } })),
    ).toMatchObject({
      code: 'settings.invalid',
      fieldNotices: { 'ecr.refundsAllowed': { key: 'settings.admin-pin-first' } },
    });
    expect(await refusal(till.handlers['ecr.createKey']({ name: 'Front register' }))).toMatchObject({
      code: 'admin.pin-not-set',
    });
    const view = await till.handlers['settings.get']({});
    expect([view.secrets.supervisorPin, view.settings.ecr.refundsAllowed]).toEqual([false, false]);
    expect(await till.handlers['ecr.keys']({})).toEqual([]);
    // What needs no admin PIN is still set up freely on a first start.
    expect(
      await refusal(till.handlers['settings.save']({ settings: { merchantName: 'Harbour Bakery' } })),
    ).not.toBeInstanceOf(Error);
  });

  it('with the admin PIN in the same save, or set before, all three can be set', async () => {
    const till = await freshTill();
    const saved = await till.handlers['settings.save']({
      settings: { ecr: registerSettingsWith(true) },
      secrets: { adminPin: '8642', supervisorPin: '2468' },
    });
    expect([saved.secrets.adminPin, saved.secrets.supervisorPin, saved.settings.ecr.refundsAllowed]).toEqual([
      true,
      true,
      true,
    ]);
    expect((await till.handlers['ecr.createKey']({ name: 'Front register' })).key).toMatch(/^ecr_/);
  });

  it('the admin PIN cannot be removed while a supervisor PIN or register refunds remain', async () => {
    const till = await freshTill();
    await till.handlers['settings.save']({
      settings: { ecr: registerSettingsWith(true) },
      secrets: { adminPin: '8642', supervisorPin: '2468' },
    });
    expect(await refusal(till.handlers['settings.save']({ secrets: { adminPin: null } }))).toMatchObject({
      code: 'settings.invalid',
      fieldNotices: { adminPin: { key: 'settings.admin-pin-still-needed' } },
    });
    expect(
      await refusal(till.handlers['settings.save']({ secrets: { adminPin: null, supervisorPin: null } })),
    ).toMatchObject({ fieldNotices: { adminPin: { key: 'settings.admin-pin-still-needed' } } });
    const cleared = await till.handlers['settings.save']({
      settings: { ecr: registerSettingsWith(false) },
      secrets: { adminPin: null, supervisorPin: null },
    });
    expect([cleared.secrets.adminPin, cleared.secrets.supervisorPin]).toEqual([false, false]);
  });
});
