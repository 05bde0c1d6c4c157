import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListenerProblem } from '../../../shared/status.ts';
import { PosError } from '../../../shared/errors.ts';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { controlCall, freePort, startTestSandbox, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// Issue 21.1: a port another program holds never stops the till. A real environment whose in-store webhook port
// was taken ended the process (an 'error' event nobody heard), at every start. Now every listener that follows
// the settings (the in-store notifications, the order outcomes, the register connection) says which port it
// cannot have in the status bar, the till starts and takes payments (by polling); and a save that would move a
// webhook listener onto a port another program holds is refused next to the field, as the register port was.

const dirs: string[] = [];
const cores: Core[] = [];
const servers: Server[] = [];
const sandboxes: RunningSandbox[] = [];
const logged: string[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const sandbox of sandboxes.splice(0)) await sandbox.close();
  for (const dir of dirs.splice(0)) removeFolder(dir);
  logged.length = 0;
});

async function openCore(dir: string): Promise<Core> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
    log: (line) => logged.push(line),
  });
  cores.push(core);
  return core;
}

/** Somebody else's program listening on `port` of 127.0.0.1. */
async function otherProgramOn(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  servers.push(server);
}

/** A real environment (the live code path) whose provider is a sandbox, with each listener's port. */
function realEnvironment(sandbox: RunningSandbox, ports: { instore: number; orders: number; register: number }) {
  return {
    settings: {
      environment: 'custom' as const,
      customBaseUrl: sandbox.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId: DEMO_CREDENTIALS.posId,
      country: 'SG' as const,
      currency: 'SGD',
      webhookUrl: '',
      webhookListenPort: ports.instore,
      tokenized: { webhookListenPort: ports.orders },
      ecr: { enabled: true, port: ports.register, network: 'this-computer' as const, refundsAllowed: false },
    },
    secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
  };
}

describe('a listener’s port another program holds', () => {
  it('the till starts, the status bar says which port each listener cannot have, and a payment is taken', async () => {
    const sandbox = await startTestSandbox();
    sandboxes.push(sandbox);
    const dir = tempFolder('listeners-');
    dirs.push(dir);
    const ports = { instore: await freePort(), orders: await freePort(), register: await freePort() };
    const first = await openCore(dir);
    await first.handlers['settings.save'](realEnvironment(sandbox, ports));
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    // While the till was off, other programs took all three ports.
    for (const port of Object.values(ports)) await otherProgramOn(port);
    const core = await openCore(dir);
    const expected: ListenerProblem[] = [
      { listener: 'payment-notifications', port: ports.instore, refusal: 'in-use' },
      { listener: 'order-webhooks', port: ports.orders, refusal: 'in-use' },
      { listener: 'register-connection', port: ports.register, refusal: 'in-use' },
    ];
    const status = await core.handlers['status.get']({});
    expect([...status.listenerProblems].sort((a, b) => a.listener.localeCompare(b.listener))).toEqual(
      [...expected].sort((a, b) => a.listener.localeCompare(b.listener)),
    );
    // The log keeps the system's reason.
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`payment-notifications: not listening on port ${ports.instore}`),
      ]),
    );

    const sale = await core.handlers['payments.chargeMerchantQr']({ amountMinor: 1200, currency: 'SGD' });
    const confirmed = await controlCall(sandbox, 'POST', '/consumer/confirm', { referenceId: sale.referenceId });
    expect(confirmed.status).toBe(200);
    const paid = await waitFor(async () => {
      const detail = await core.handlers['payments.get']({ referenceId: sale.referenceId });
      return detail.payment.displayStatus === 'paid' ? detail : undefined;
    }, 8_000);
    expect(paid.payment.amount).toEqual({ amountMinor: 1200, currency: 'SGD' });

    // The programs gone, a save that moves the in-store listener to a free port starts it, and the bar says so.
    const moved = await freePort();
    await core.handlers['settings.save']({ settings: { webhookListenPort: moved } });
    const after = await waitFor(async () => {
      const now = await core.handlers['status.get']({});
      return now.listenerProblems.some((p) => p.listener === 'payment-notifications') ? undefined : now;
    }, 8_000);
    expect(after.listenerProblems.map((p) => p.listener).sort()).toEqual(['order-webhooks', 'register-connection']);
  });

  it('a save that would move a webhook listener onto a port another program holds is refused next to its field', async () => {
    const sandbox = await startTestSandbox();
    sandboxes.push(sandbox);
    const dir = tempFolder('listeners-');
    dirs.push(dir);
    const core = await openCore(dir);
    const ports = { instore: await freePort(), orders: await freePort(), register: await freePort() };
    await otherProgramOn(ports.instore);
    await otherProgramOn(ports.orders);
    const before = await core.handlers['settings.get']({});
    const refused = await core.handlers['settings.save'](realEnvironment(sandbox, ports)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PosError);
    expect((refused as PosError).code).toBe('settings.invalid');
    expect((refused as PosError).toAppError().fieldNotices).toEqual({
      webhookListenPort: { key: 'settings.port-in-use', params: { port: ports.instore } },
      'tokenized.webhookListenPort': { key: 'settings.port-in-use', params: { port: ports.orders } },
    });
    expect(await core.handlers['settings.get']({})).toEqual(before);

    // The till's own ports: the register connection's, and one webhook's for the other.
    const free = await freePort();
    const own = await core.handlers['settings.save'](
      realEnvironment(sandbox, { instore: free, orders: free, register: free }),
    ).catch((error: unknown) => (error as PosError).toAppError().fieldNotices);
    expect(own).toMatchObject({
      webhookListenPort: { key: 'settings.port-of-till', params: { port: free } },
      'tokenized.webhookListenPort': { key: 'settings.port-of-till', params: { port: free } },
    });
  });
});
