// The crash test child's till side of the register connection (see crash-register.ts): the real register
// connection module on the child's payment module, on a fresh port each life, with the register's key kept
// across lives (the key store lives in the data folder, like the journal).

import type { EventSink } from '../../shared/contract.ts';
import type { CoreContext } from '../core/core-context.ts';
import { startRegisterModule } from '../core/ecr/register-module.ts';
import { freePort } from '../sandbox/sandbox.test-helper.ts';
import { createEventBus } from '../core/event-bus.ts';
import type { PaymentModule } from '../core/payments/payment-module.ts';
import { createAdminSession } from '../core/settings/admin-session.ts';
import { CRASH_REGISTER_KEY_NAME, CrashRegister, readRegisterMemory } from './crash-register.ts';
import type { TestContext } from '../core/payments/payment-test-context.test-helper.ts';

/** The context with an event bus the register connection can listen to (long polls and event streams). */
export function withEventBus(context: CoreContext): {
  context: CoreContext;
  subscribe: ReturnType<typeof createEventBus>['subscribe'];
} {
  const bus = createEventBus();
  const emit: EventSink = (event, payload) => {
    context.emit(event, payload);
    bus.emit(event, payload);
  };
  return { context: { ...context, emit }, subscribe: bus.subscribe };
}

export async function startCrashRegister(options: {
  readonly dataDir: string;
  readonly test: TestContext;
  readonly module: PaymentModule;
  readonly subscribe: ReturnType<typeof createEventBus>['subscribe'];
  readonly say: (line: string) => void;
}): Promise<{ register: CrashRegister; close(): Promise<void> }> {
  const { settings } = options.test.context;
  const port = await freePort();
  // Register refunds and keys need an admin PIN (settings/admin-pin-first.ts), and then the admin's window.
  await settings.save({
    settings: { ecr: { enabled: true, port, network: 'this-computer', refundsAllowed: true } },
    secrets: { adminPin: '8642' },
  });
  const admin = createAdminSession();
  admin.grant();
  const ecr = await startRegisterModule({
    dataDir: options.dataDir,
    settings,
    admin,
    payments: options.module.register,
    subscribe: options.subscribe,
    version: 'crash',
  });
  let key = readRegisterMemory(options.dataDir).key;
  if (key === null) {
    // Killed after the key was made but before the register kept it: that key is lost, make another.
    if ((await ecr.handlers['ecr.keys']({})).some((k) => k.name === CRASH_REGISTER_KEY_NAME))
      await ecr.handlers['ecr.revokeKey']({ name: CRASH_REGISTER_KEY_NAME });
    key = (await ecr.handlers['ecr.createKey']({ name: CRASH_REGISTER_KEY_NAME })).key;
  }
  const register = new CrashRegister({
    dataDir: options.dataDir,
    baseUrl: `http://127.0.0.1:${port}/ecr/v1`,
    key,
    say: options.say,
  });
  return { register, close: () => ecr.close() };
}
