import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { DevelopmentFileVault } from './development-file-vault.ts';
import { openConfSettingsFile } from './settings-file.ts';
import { openSettingsService, PIN_LOCKOUT_FILE } from './settings-service.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The wrong-PIN lockout survives a restart: the whole core (settings, sandbox, journals) is closed and
// started again on the same data folder between guesses, as a thief restarting the app would, and the sixth
// guess is still refused. The lockout file is the owner's alone (0600), and one that cannot be read locks.

const dirs: string[] = [];
let core: Core | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function dataDir(): string {
  const dir = tempFolder('pin-lockout-');
  dirs.push(dir);
  return dir;
}

async function restart(dir: string): Promise<Core> {
  await core?.close();
  core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: 'test',
    statusIntervalMs: 60_000,
  });
  return core;
}

describe('PIN lockout across restarts', () => {
  it('five wrong supervisor PINs, each after a restart of the core, lock the sixth try', async () => {
    const dir = dataDir();
    await (
      await restart(dir)
    ).handlers['settings.save']({
      secrets: { supervisorPin: '2468', adminPin: '8642' },
    });
    for (let guess = 0; guess < 5; guess += 1) {
      const running = await restart(dir);
      expect(await running.handlers['settings.verifyPin']({ kind: 'supervisor', pin: `100${guess}` })).toEqual({
        valid: false,
      });
    }
    const running = await restart(dir);
    const locked = await running.handlers['settings.verifyPin']({ kind: 'supervisor', pin: '2468' }).catch(
      (error: unknown) => error,
    );
    expect(locked).toBeInstanceOf(PosError);
    expect(locked).toMatchObject({
      code: 'supervisor.pin-wrong',
      retryable: true,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(statSync(join(dir, PIN_LOCKOUT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('a lockout file that cannot be read locks the PINs for one period instead of wiping the count', async () => {
    const dir = dataDir();
    let clock = 1_000_000;
    const open = () =>
      openSettingsService({
        file: openConfSettingsFile(dir),
        vault: new DevelopmentFileVault(join(dir, 'vault.json')),
        lockoutFile: join(dir, PIN_LOCKOUT_FILE),
        now: () => clock,
      });
    await (await open()).save({ secrets: { adminPin: '8642' } });
    writeFileSync(join(dir, PIN_LOCKOUT_FILE), '{"admin": {"count": 4, "lock');
    const service = await open();
    expect(await service.verifyPin('admin', '8642').catch((error: unknown) => error)).toMatchObject({
      code: 'supervisor.pin-wrong',
      details: { retryAfterSeconds: 30 },
    });
    clock += 30_001;
    expect(await service.verifyPin('admin', '8642')).toBe('valid');
  });
});
