import { readdirSync, readFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from './core.ts';
import type { CreateCoreOptions } from './core-options.ts';
import { createPaymentModule } from './payments/payment-service.ts';
import { startSandbox } from './provider/demo.ts';
import type { SandboxStarter } from './provider/provider-access.ts';
import { isLogFileOf, logsFolderOf } from './logging/log-file.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';
import { removeFolder, tempFolder } from '../testing/helpers.ts';

// The core's one closer stack, in the real core: what started is closed in reverse order, once, whether the start
// failed half-way or the till is closing; a closer that fails does not keep the next one from running.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeFolder(dir);
});

/** A core in demo mode whose embedded sandbox and payment service say when they close. */
function recordedOptions(closed: string[], paymentsClose?: () => Promise<void>): CreateCoreOptions {
  const dir = tempFolder('core-closing-');
  dirs.push(dir);
  const recordedSandbox: SandboxStarter = async (options) => {
    const sandbox = await startSandbox(options);
    return {
      ...sandbox,
      close: async () => {
        closed.push('sandbox');
        await sandbox.close();
      },
    };
  };
  return {
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    startSandbox: recordedSandbox,
    payments: async (context) => {
      const payments = await createPaymentModule()(context);
      return {
        ...payments,
        close: async () => {
          closed.push('payments');
          await payments.close();
          await paymentsClose?.();
        },
      };
    },
  };
}

/** The core's own lines (a module's lines come between them). */
function coreLogCodes(dataDir: string): string[] {
  const folder = logsFolderOf(dataDir);
  return readdirSync(folder)
    .filter((file) => isLogFileOf('core', file))
    .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
    .filter((line) => line.length > 0)
    .map((line) => (JSON.parse(line) as { code: string }).code)
    .filter((code) => code.startsWith('core.'));
}

describe('the core closer stack', () => {
  it('a feature that fails to start closes the payments, then the sandbox, once each, and says so in the log', async () => {
    const closed: string[] = [];
    const options: CreateCoreOptions = {
      ...recordedOptions(closed),
      customers: async () => {
        throw new Error('the linked customers did not start');
      },
    };
    await expect(createCore(options)).rejects.toThrow('the linked customers did not start');
    expect(closed).toEqual(['payments', 'sandbox']);
    expect(coreLogCodes(options.dataDir)).toEqual(['core.starting', 'core.start-failed', 'core.closed']);
  });

  it('a closer that fails does not keep the provider from closing; close() then says the core did not close cleanly', async () => {
    const closed: string[] = [];
    const options = recordedOptions(closed, async () => {
      throw new Error('the payment journal would not close');
    });
    const core = await createCore(options);
    await expect(core.close()).rejects.toThrow('the payment journal would not close');
    expect(closed).toEqual(['payments', 'sandbox']);
    // Twice is once: the second call answers the first one's outcome.
    await expect(core.close()).rejects.toThrow('the payment journal would not close');
    expect(closed).toEqual(['payments', 'sandbox']);
    expect(coreLogCodes(options.dataDir)).toEqual([
      'core.starting',
      'core.started',
      'core.close-failed',
      'core.closed',
    ]);
  });
});
