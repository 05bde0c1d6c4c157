import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import type { CreateCoreOptions } from '../core-options.ts';
import { createCore } from '../core.ts';
import { caught } from '../../testing/helpers.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';

// The locks hold on every channel that takes a draft of the settings, and a system policy someone other than an
// administrator could have written is not applied: Settings → About (the settings view) and health.check say so.

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'policy-enforced-'));
  dirs.push(dir);
  return dir;
}

async function openCore(dir: string, policy: Pick<CreateCoreOptions, 'policyFile' | 'systemPolicy'>): Promise<Core> {
  const core = await createCore({
    dataDir: join(dir, 'data'),
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    log: () => {},
    ...policy,
  });
  cores.push(core);
  return core;
}

/** A system policy file in root-owned folders only root may write (the test runs as root). */
function systemPolicyFile(dir: string, policy: unknown): string {
  chmodSync(dir, 0o755);
  const folder = join(dir, 'etc-wallet-pos');
  mkdirSync(folder, { mode: 0o755 });
  const file = join(folder, 'policy.json');
  writeFileSync(file, JSON.stringify(policy), { mode: 0o644 });
  return file;
}

describe('draft channels obey the locks', () => {
  it('settings.testConnection {patch} and printer.testPage {printer} refuse a locked value, naming the field', async () => {
    const dir = freshDir();
    const file = systemPolicyFile(dir, {
      settings: { environment: 'sandbox', printer: { kind: 'network', host: '127.0.0.1', port: 9100 } },
      locked: ['environment', 'printer.host'],
    });
    const core = await openCore(dir, { systemPolicy: { kind: 'json', file } });
    const { settings } = await core.handlers['settings.get']({});
    expect(settings.printer.host).toBe('127.0.0.1');

    const connection = await caught(
      core.handlers['settings.testConnection']({ settings: { environment: 'production' } }),
    );
    expect(connection.code).toBe('settings.locked');
    expect(connection.details).toMatchObject({ field: 'environment' });

    const printer = await caught(
      core.handlers['printer.testPage']({ printer: { ...settings.printer, host: '203.0.113.9' } }),
    );
    expect(printer.code).toBe('settings.locked');
    expect(printer.details).toMatchObject({ field: 'printer.host' });
  });
});

describe('a system policy a non-administrator could have written', () => {
  it('is not applied; About lists why and health.check fails its policy line', async () => {
    const dir = freshDir();
    const file = systemPolicyFile(dir, {
      settings: { merchantName: 'Unlocked by a cashier' },
      locked: ['merchantName'],
    });
    chmodSync(file, 0o666);
    const core = await openCore(dir, { systemPolicy: { kind: 'json', file } });
    const view = await core.handlers['settings.get']({});
    expect(view.settings.merchantName).toBe('Demo Coffee Bar');
    expect(view.policy).toEqual({
      file,
      locked: [],
      problems: [{ field: null, notice: { key: 'policy.not-admin-only', params: { file, path: file } } }],
    });
    const { checks } = await core.handlers['health.check']({});
    expect(checks.find((check) => check.id === 'policy')).toEqual({
      id: 'policy',
      ok: false,
      detail: { key: 'health.policy-refused', params: { file } },
    });
  });

  it('one only root can write is in force, and health.check says so', async () => {
    const dir = freshDir();
    const file = systemPolicyFile(dir, { settings: { merchantName: 'Kopi Fleet #12' } });
    const core = await openCore(dir, { systemPolicy: { kind: 'json', file } });
    expect((await core.handlers['settings.get']({})).settings.merchantName).toBe('Kopi Fleet #12');
    const { checks } = await core.handlers['health.check']({});
    expect(checks.find((check) => check.id === 'policy')).toMatchObject({ ok: true });
  });
});
