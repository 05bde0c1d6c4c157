import { truncateSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthCheckId, HealthCheckResult } from '../../../shared/health.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { freePort, startTestSandbox } from '../../sandbox/sandbox.test-helper.ts';
import { DEMO_CREDENTIALS, type RunningSandbox } from '../../sandbox/server.ts';
import type { Core } from '../core-api.ts';
import { createCore, type CreateCoreOptions } from '../core.ts';
import { paidPayment } from '../core.test-helper.ts';
import { JOURNAL_FILE_NAME } from '../payments/journal/journal.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { openConfSettingsFile } from '../settings/settings-file.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// Issue 27.5: Check this till. Each check through the contract of a real core, and each one failing when its part
// is broken for real: the provider stopped, a journal emptied while the till was off, the receipt printer gone,
// the data folder below the free space wanted, a listener's port taken by another program.

const dirs: string[] = [];
const cores: Core[] = [];
const closers: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

function freshDir(): string {
  const dir = tempFolder('health-');
  dirs.push(dir);
  return dir;
}

async function openCore(dir: string, extra: Partial<CreateCoreOptions> = {}): Promise<Core> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
    log: () => {},
    ...extra,
  });
  cores.push(core);
  return core;
}

async function closeCore(core: Core): Promise<void> {
  await core.close();
  cores.splice(cores.indexOf(core), 1);
}

async function checks(core: Core): Promise<Map<HealthCheckId, HealthCheckResult>> {
  const { checks } = await core.handlers['health.check']({});
  return new Map(checks.map((check) => [check.id, check]));
}

async function otherProgramOn(port: number): Promise<void> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  closers.push(() => new Promise((resolve) => server.close(resolve)));
}

/** A real environment whose provider is a sandbox of the test's own (so the test can stop it). */
function realEnvironment(sandbox: RunningSandbox, extra: Record<string, unknown> = {}) {
  return {
    settings: {
      environment: 'custom' as const,
      customBaseUrl: sandbox.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId: DEMO_CREDENTIALS.posId,
      ...extra,
    },
    secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
  };
}

describe('health.check', () => {
  it('a sound demo till: every check of the core answers, in the panel’s order, updates included', async () => {
    const core = await openCore(freshDir());
    const { checks: list } = await core.handlers['health.check']({
      devices: { scannerReadMsAgo: 125_000, cameraDecoder: 'zxing-js' },
    });
    expect(list.map((check) => check.id)).toEqual([
      'provider',
      'clock',
      'journal',
      'chain',
      'disk',
      'printer',
      'scanner',
      'camera',
      'register',
      'webhooks',
      'policy',
      'updates',
      'logs',
    ]);
    const byId = new Map(list.map((check) => [check.id, check]));
    for (const id of [
      'provider',
      'clock',
      'journal',
      'chain',
      'disk',
      'printer',
      'register',
      'webhooks',
      'policy',
      'updates',
    ] as const)
      expect(byId.get(id), id).toMatchObject({ ok: true });
    // The preview's core has no update engine: it says updates install in the app only.
    expect(byId.get('updates')?.detail.key).toBe('health.updates-unavailable');
    expect(byId.get('clock')?.detail.key).toBe('health.clock-ok');
    expect(byId.get('journal')?.detail.key).toBe('health.journals-ok');
    expect(byId.get('chain')?.detail.key).toBe('health.chain-ok');
    // The system printer cannot be asked, and the check says so rather than pretend it asked.
    expect(byId.get('printer')?.detail.key).toBe('health.printer-not-asked');
    expect(byId.get('scanner')?.detail).toEqual({ key: 'health.scanner-read', params: { minutes: 2 } });
    expect(byId.get('camera')?.detail.key).toBe('health.camera-slow');
    expect(byId.get('register')?.detail.key).toBe('health.register-off');
  });

  it('the screen reported nothing: scanner and camera say the till cannot see them, not that they work', async () => {
    const byId = await checks(await openCore(freshDir()));
    expect(byId.get('scanner')?.detail.key).toBe('health.scanner-not-reported');
    expect(byId.get('camera')?.detail.key).toBe('health.camera-not-started');
  });

  it('provider stopped: provider and clock fail, the other checks still answer', async () => {
    const sandbox = await startTestSandbox();
    let stopped = false;
    closers.push(() => (stopped ? Promise.resolve() : sandbox.close()));
    const core = await openCore(freshDir());
    await core.handlers['settings.save'](realEnvironment(sandbox));
    const before = await checks(core);
    expect(before.get('provider')).toMatchObject({ ok: true });
    expect(before.get('clock')).toMatchObject({ ok: true });

    await sandbox.close();
    stopped = true;
    const after = await checks(core);
    expect(after.get('provider')).toMatchObject({ ok: false });
    expect(after.get('clock')).toMatchObject({ ok: false, detail: { key: 'health.clock-unknown' } });
    expect(after.get('journal')).toMatchObject({ ok: true });
  });

  it('a real environment without its credentials: the provider is not set up, in words', async () => {
    // Saved while nothing checked it: a settings file copied by hand from another till, say.
    const dir = freshDir();
    openConfSettingsFile(dir).store = { environment: 'sg-production' };
    const byId = await checks(await openCore(dir));
    expect(byId.get('provider')).toMatchObject({ ok: false, detail: { key: 'health.provider-not-set-up' } });
  });

  it('a journal emptied while the till was off: the journal check fails', async () => {
    const dir = freshDir();
    const first = await openCore(dir);
    await paidPayment(first);
    await closeCore(first);
    truncateSync(join(dir, JOURNAL_FILE_NAME), 0);
    const byId = await checks(await openCore(dir));
    expect(byId.get('journal')).toMatchObject({ ok: false, detail: { key: 'health.journal-payments-refused' } });
  });

  it('receipt printer: ready through the printing simulator, then switched off (its port closed)', async () => {
    const dir = freshDir();
    const sim: VirtualPrinter = await startVirtualPrinter({ folder: join(dir, 'printed') });
    let closed = false;
    closers.push(() => (closed ? Promise.resolve() : sim.close()));
    const core = await openCore(dir);
    await core.handlers['settings.save']({
      settings: { printer: { kind: 'network', host: '127.0.0.1', port: sim.port } },
    });
    expect((await checks(core)).get('printer')).toMatchObject({ ok: true, detail: { key: 'health.printer-ready' } });

    sim.setState('paper-out');
    expect((await checks(core)).get('printer')).toMatchObject({
      ok: false,
      detail: { key: 'health.printer-problem', params: { problem: { code: 'printer.paper-out' } } },
    });

    await sim.close();
    closed = true;
    expect((await checks(core)).get('printer')).toMatchObject({
      ok: false,
      detail: { key: 'health.printer-problem', params: { problem: { code: 'printer.offline' } } },
    });
  });

  it('less free space in the data folder than wanted: the disk check fails', async () => {
    const core = await openCore(freshDir(), { health: { minFreeBytes: Number.MAX_SAFE_INTEGER } });
    expect((await checks(core)).get('disk')).toMatchObject({ ok: false, detail: { key: 'health.disk-low' } });
  });

  it('listener ports another program took: the register and webhook checks fail, naming the port', async () => {
    const sandbox = await startTestSandbox();
    closers.push(() => sandbox.close());
    const dir = freshDir();
    const ports = { instore: await freePort(), register: await freePort() };
    const first = await openCore(dir);
    const saved = await first.handlers['settings.save'](
      realEnvironment(sandbox, {
        webhookListenPort: ports.instore,
        ecr: { enabled: true, port: ports.register, network: 'this-computer', refundsAllowed: false },
      }),
    );
    expect(saved.settings.ecr.enabled).toBe(true);
    expect((await checks(first)).get('register')).toMatchObject({
      ok: true,
      detail: { key: 'health.register-listening', params: { port: ports.register } },
    });
    await closeCore(first);

    await otherProgramOn(ports.instore);
    await otherProgramOn(ports.register);
    const byId = await checks(await openCore(dir));
    expect(byId.get('register')).toMatchObject({
      ok: false,
      detail: { key: 'health.listener-off', params: { port: ports.register } },
    });
    const webhooks = byId.get('webhooks')!;
    expect(webhooks.ok).toBe(false);
    expect(JSON.stringify(webhooks.detail)).toContain(`"port":${ports.instore}`);
  });

  it('another module’s check (the updater’s) is asked with the others, and one that never answers is cut off', async () => {
    // Long enough for the journal's own check (a worker thread) on a busy machine, where 300 ms cut it off too.
    const core = await openCore(freshDir(), { health: { timeoutMs: 3_000 } });
    const remove = core.health.provide('updates', () => new Promise(() => {}));
    const byId = await checks(core);
    expect(byId.get('updates')).toMatchObject({ ok: false, detail: { key: 'health.timed-out' } });
    // The others were not held up by it.
    expect(byId.get('journal')).toMatchObject({ ok: true });
    remove();
    expect((await checks(core)).has('updates')).toBe(false);
  });
});
