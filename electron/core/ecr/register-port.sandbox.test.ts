import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { RegisterSettings } from '../../../shared/register.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The register connection's port, as Settings takes it: a port out of range, one another program holds, or one
// the till itself listens on is refused next to the field, nothing saved; a port another program took while the
// till was off is said in Settings' connection status, and the till starts and takes payments anyway.

const dirs: string[] = [];
const cores: Core[] = [];
const servers: Server[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

async function openCore(dir: string, transportPort: number | null = null): Promise<Core> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
    transportPort: () => transportPort,
  });
  cores.push(core);
  return core;
}

function newDir(): string {
  const dir = tempFolder('ecr-port-');
  dirs.push(dir);
  return dir;
}

/** A program of somebody else's listening on a free port of 127.0.0.1. */
async function otherProgram(port = 0): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  servers.push(server);
  return (server.address() as { port: number }).port;
}

async function freePort(): Promise<number> {
  const port = await otherProgram();
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

/** The save's refusal of the register port: the notice next to the field. */
async function refusalOfPort(core: Core, ecr: Partial<RegisterSettings>): Promise<Notice | undefined> {
  const before = core.handlers['settings.get']({});
  const refused = await core.handlers['settings.save']({ settings: { ecr: { enabled: true, ...ecr } } }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused, `port ${ecr.port} was saved`).toBeInstanceOf(PosError);
  expect((refused as PosError).code).toBe('settings.invalid');
  // Nothing saved: the form keeps what was there.
  expect(await core.handlers['settings.get']({})).toEqual(await before);
  return (refused as PosError).toAppError().fieldNotices?.['ecr.port'];
}

async function waitForStatus(core: Core, done: (baseUrl: string | null) => boolean) {
  let status: Awaited<ReturnType<Core['handlers']['ecr.status']>> | undefined;
  return waitFor(
    async () => {
      status = await core.handlers['ecr.status']({});
      return done(status.baseUrl) ? status : undefined;
    },
    8_000,
    () => `ecr.status to change; it stayed ${JSON.stringify(status)}`,
  );
}

describe('the register connection’s port in Settings', () => {
  it('refuses, next to the field, a port out of range, one another program holds, and the till’s own', async () => {
    const webHostPort = await otherProgram();
    const core = await openCore(newDir(), webHostPort);
    expect(await refusalOfPort(core, { port: 80 })).toEqual({ key: 'settings.at-least', params: { minimum: 1024 } });
    expect(await refusalOfPort(core, { port: 70_000 })).toEqual({
      key: 'settings.at-most',
      params: { maximum: 65_535 },
    });

    const taken = await otherProgram();
    expect(await refusalOfPort(core, { port: taken })).toEqual({
      key: 'settings.port-in-use',
      params: { port: taken },
    });
    // On the shop network it would listen on every address, the taken one among them.
    expect(await refusalOfPort(core, { port: taken, network: 'shop-network' })).toEqual({
      key: 'settings.port-in-use',
      params: { port: taken },
    });

    // The till's own: its web host (the screens), its demo provider, a webhook listener it is set to run.
    expect(await refusalOfPort(core, { port: webHostPort })).toEqual({
      key: 'settings.port-of-till',
      params: { port: webHostPort },
    });
    const { sandboxBaseUrl } = await core.handlers['app.info']({});
    const sandboxPort = Number(new URL(sandboxBaseUrl!).port);
    expect(await refusalOfPort(core, { port: sandboxPort })).toEqual({
      key: 'settings.port-of-till',
      params: { port: sandboxPort },
    });
    const free = await freePort();
    const refused = await core.handlers['settings.save']({
      settings: {
        webhookListenPort: free,
        ecr: { enabled: true, port: free, network: 'this-computer', refundsAllowed: false },
      },
    }).catch((error: unknown) => (error as PosError).toAppError().fieldNotices);
    expect(refused).toEqual({ 'ecr.port': { key: 'settings.port-of-till', params: { port: free } } });

    // A free port is taken, and the connection listens there; saved again unchanged, it is not refused as taken.
    await core.handlers['settings.save']({ settings: { ecr: { enabled: true, port: free } } });
    const listening = await waitForStatus(core, (baseUrl) => baseUrl !== null);
    expect(listening).toMatchObject({ baseUrl: `http://127.0.0.1:${free}/ecr/v1`, problem: null });
    await core.handlers['settings.save']({
      settings: { ecr: { enabled: true, port: free, refundsAllowed: true } },
      secrets: { adminPin: '8642' },
    });
    await core.handlers['settings.save']({ settings: { ecr: { enabled: true, port: free, network: 'shop-network' } } });
    await waitForStatus(core, (baseUrl) => baseUrl?.startsWith('https://') === true);
  });

  it('a port another program took while the till was off: the till starts, takes payments, and Settings says why', async () => {
    const dir = newDir();
    const port = await freePort();
    const first = await openCore(dir);
    await first.handlers['settings.save']({ settings: { ecr: { enabled: true, port } } });
    await waitForStatus(first, (baseUrl) => baseUrl !== null);
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    await otherProgram(port);
    const core = await openCore(dir);
    expect(await core.handlers['ecr.status']({})).toEqual({
      enabled: true,
      baseUrl: null,
      problem: { key: 'ecr.port-in-use', params: { port } },
      certificate: null,
      keysProblem: null,
      certificateProblem: null,
    });
    const sale = await core.handlers['payments.chargeMerchantQr']({ amountMinor: 1200, currency: 'SGD' });
    expect(sale.qrPayload).toMatch(/^sandbox-wallet:/);
    // Settings that do not move the connection still save: its problem is the status's to tell, not theirs.
    await core.handlers['settings.save']({ settings: { merchantName: 'Corner Cafe' } });

    // The other program gone, saving again starts it.
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await core.handlers['settings.save']({ settings: { ecr: { enabled: true, port } } });
    expect(await waitForStatus(core, (baseUrl) => baseUrl !== null)).toMatchObject({ problem: null });
  });
});
