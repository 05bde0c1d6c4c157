import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { caught, removeFolder, tempFolder } from '../../testing/helpers.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';

// Issue 27.3 through the contract of a real core (demo mode): a fleet's policy file sets values over the till's own
// and locks the fields it names; settings.save of a locked field is refused settings.locked, naming it; a save of
// other fields works; an invalid part never stops the till and is shown with the rest of the policy.

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function freshDir(): string {
  const dir = tempFolder('policy-core-');
  dirs.push(dir);
  return dir;
}

async function openCore(
  dir: string,
  policyFile: string | null,
  logged: string[] = [],
  policyWatchMs?: number,
): Promise<Core> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    policyFile,
    ...(policyWatchMs === undefined ? {} : { policyWatchMs }),
    log: (line) => logged.push(line),
  });
  cores.push(core);
  return core;
}

const POLICY = {
  settings: { merchantName: 'Kopi Fleet #12', ecr: { port: 8811 }, locale: 'zh-HK', adminPin: '1234' },
  locked: ['merchantName', 'ecr.port'],
};

describe('a till managed by a policy file', () => {
  it('applies its values over the saved ones, locks its fields, and refuses a save of one (settings.locked)', async () => {
    const dir = freshDir();
    const first = await openCore(dir, null);
    await first.handlers['settings.save']({ settings: { merchantName: 'Own name', terminalReference: 'TILL-07' } });
    await first.close();
    cores.splice(0);

    const policyFile = join(dir, 'policy.json');
    writeFileSync(policyFile, JSON.stringify(POLICY));
    const logged: string[] = [];
    const core = await openCore(dir, policyFile, logged);
    const view = await core.handlers['settings.get']({});
    expect(view.settings).toMatchObject({
      merchantName: 'Kopi Fleet #12',
      locale: 'zh-HK',
      terminalReference: 'TILL-07',
    });
    expect(view.settings.ecr.port).toBe(8811);
    expect(view.policy).toEqual({
      file: policyFile,
      locked: ['merchantName', 'ecr.port'],
      problems: [{ field: 'adminPin', notice: { key: 'policy.secret-not-allowed', params: { name: 'adminPin' } } }],
    });
    // The secret was not taken, and the log says why.
    expect(view.secrets.adminPin).toBe(false);
    expect(logged.join('\n')).toContain('"adminPin" is a secret');
    expect((await core.handlers['app.info']({})).merchantName).toBe('Kopi Fleet #12');

    const refused = await caught(
      core.handlers['settings.save']({ settings: { merchantName: 'Renamed', terminalReference: 'TILL-08' } }),
    );
    expect(refused.code).toBe('settings.locked');
    expect(refused.details).toMatchObject({ field: 'merchantName' });
    expect(refused.fieldNotices).toEqual({ merchantName: { key: 'policy.set-by-organisation' } });
    const lockedPort = await caught(
      core.handlers['settings.save']({ settings: { ecr: { ...view.settings.ecr, port: 8812 } } }),
    );
    expect(lockedPort.code).toBe('settings.locked');
    expect(lockedPort.details).toMatchObject({ field: 'ecr.port' });
    // Nothing of a refused save is kept.
    expect((await core.handlers['settings.get']({})).settings.terminalReference).toBe('TILL-07');

    // Other fields save, a group sent whole with its locked field unchanged among them too.
    const saved = await core.handlers['settings.save']({
      settings: { terminalReference: 'TILL-08', locale: 'en', ecr: { ...view.settings.ecr, refundsAllowed: false } },
    });
    expect(saved.settings).toMatchObject({
      terminalReference: 'TILL-08',
      locale: 'en',
      merchantName: 'Kopi Fleet #12',
    });
    expect(saved.policy?.locked).toEqual(['merchantName', 'ecr.port']);
  });

  it('a policy file that is not JSON: the till starts on its own settings and shows why', async () => {
    const dir = freshDir();
    const policyFile = join(dir, 'policy.json');
    writeFileSync(policyFile, '{"settings": ');
    const core = await openCore(dir, policyFile);
    const view = await core.handlers['settings.get']({});
    expect(view.settings.merchantName).toBe('Demo Coffee Bar');
    expect(view.policy?.problems).toEqual([
      { field: null, notice: { key: 'policy.unreadable', params: { file: policyFile } } },
    ]);
    const saved = await core.handlers['settings.save']({ settings: { merchantName: 'Still mine' } });
    expect(saved.settings.merchantName).toBe('Still mine');
  });

  it('no policy file at the path: no policy in the view, nothing locked', async () => {
    const dir = freshDir();
    const core = await openCore(dir, join(dir, 'absent.json'));
    const view = await core.handlers['settings.get']({});
    expect(view.policy).toBeUndefined();
    expect((await core.handlers['settings.save']({ settings: { merchantName: 'Free' } })).settings.merchantName).toBe(
      'Free',
    );
  });

  it('a policy pushed while the till runs applies at once; its removal unlocks', async () => {
    const dir = freshDir();
    const policyFile = join(dir, 'policy.json');
    writeFileSync(policyFile, JSON.stringify(POLICY));
    const logged: string[] = [];
    const core = await openCore(dir, policyFile, logged, 20);
    const heard: string[] = [];
    core.onEvent((event) => {
      if (event.event === 'settings.changed') heard.push(event.payload.settings.merchantName);
    });

    // IT pushes a new version: another name, and the terminal reference locked instead of the name.
    writeFileSync(
      policyFile,
      JSON.stringify({
        settings: { merchantName: 'Kopi Fleet #12 (new)', terminalReference: 'F-12' },
        locked: ['terminalReference'],
      }),
    );
    const updated = await waitFor(async () => {
      const view = await core.handlers['settings.get']({});
      return view.policy?.locked.includes('terminalReference') ? view : undefined;
    });
    expect(updated.settings).toMatchObject({ merchantName: 'Kopi Fleet #12 (new)', terminalReference: 'F-12' });
    expect(heard).toContain('Kopi Fleet #12 (new)');
    expect(logged).toContain(`policy ${policyFile}: changed, applied`);
    expect((await caught(core.handlers['settings.save']({ settings: { terminalReference: 'X' } }))).code).toBe(
      'settings.locked',
    );
    expect(
      (await core.handlers['settings.save']({ settings: { merchantName: 'Own again' } })).settings.merchantName,
    ).toBe('Own again');

    unlinkSync(policyFile);
    const unmanaged = await waitFor(async () => {
      const view = await core.handlers['settings.get']({});
      return view.policy === undefined ? view : undefined;
    });
    expect(unmanaged.settings.terminalReference).toBe('F-12');
    expect(
      (await core.handlers['settings.save']({ settings: { terminalReference: 'T-1' } })).settings.terminalReference,
    ).toBe('T-1');
  });
});
