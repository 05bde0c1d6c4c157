import { join } from 'node:path';
import type { EventName, Events } from '../../../shared/contract.ts';
import type { PaymentView, RefundView } from '../../../shared/payments.ts';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import type { CoreContext } from '../core-context.ts';
import { createInStoreClient, type InStoreClient } from '../instore/client.ts';
import { journalRecordsIn } from '../sqlite/journal-record.ts';
import { createProviderAccess, type EmbeddedSandbox } from '../provider/provider-access.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { openConfSettingsFile } from '../settings/settings-file.ts';
import { openSettingsService, PIN_LOCKOUT_FILE } from '../settings/settings-service.ts';
import { createStatusBudget } from '../status/status-budget.ts';
import { twoPinStaffAccess } from '../staff/staff-access.ts';

// TESTS ONLY (the payment service's tests and the crash test's child process): the CoreContext createCore
// would build, pointed at a sandbox that is already running (maybe in another process), with real settings
// and a development vault in a temp folder. No Electron, no vitest, so a plain Node child can use it.

export interface SandboxAddress {
  readonly origin: string;
  readonly instoreBaseUrl: string;
  readonly tokenizedBaseUrl: string;
}

export interface TestContext {
  readonly context: CoreContext;
  /** Every payment.updated and refund.updated emitted, in order. */
  readonly payments: PaymentView[];
  readonly refunds: RefundView[];
  /** When each payment.updated was emitted (Date.now), same order as `payments`. */
  readonly paymentTimes: number[];
  close(): Promise<void>;
}

export const TEST_SUPERVISOR_PIN = '2468';

export async function openTestContext(options: {
  readonly dataDir: string;
  readonly sandbox: SandboxAddress;
  /** Hears every event as it is emitted (the crash test's child reports where a refund is by them). */
  readonly onEvent?: <E extends EventName>(event: E, payload: Events[E]) => void;
}): Promise<TestContext> {
  const settings = await openSettingsService({
    file: openConfSettingsFile(options.dataDir),
    vault: new DevelopmentFileVault(join(options.dataDir, 'vault.development.json')),
    lockoutFile: join(options.dataDir, PIN_LOCKOUT_FILE),
  });
  if (!settings.view().secrets.supervisorPin) await settings.save({ secrets: { supervisorPin: TEST_SUPERVISOR_PIN } });
  const remote: EmbeddedSandbox = { ...options.sandbox, close: async () => {} };
  const provider = createProviderAccess({
    settings,
    fetch: globalThis.fetch,
    startSandbox: async () => remote,
    demoCredentials: DEMO_CREDENTIALS,
  });
  const payments: PaymentView[] = [];
  const paymentTimes: number[] = [];
  const refunds: RefundView[] = [];
  const statusBudget = createStatusBudget({ perSecond: () => settings.current().statusRequestsPerSecond });
  const context: CoreContext = {
    dataDir: options.dataDir,
    journalRecords: journalRecordsIn(options.dataDir),
    statusBudget,
    fetch: globalThis.fetch,
    settings,
    staff: twoPinStaffAccess(settings),
    provider,
    emit: <E extends EventName>(event: E, payload: Events[E]) => {
      if (event === 'payment.updated') {
        payments.push(payload as PaymentView);
        paymentTimes.push(Date.now());
      } else if (event === 'refund.updated') refunds.push(payload as RefundView);
      options.onEvent?.(event, payload);
    },
    countsChanged: () => {},
  };
  const close = async (): Promise<void> => {
    statusBudget.close();
    await provider.close();
  };
  return { context, payments, refunds, paymentTimes, close };
}

/**
 * Another terminal of the demo merchant (same credentials, its own posId) talking to the sandbox directly:
 * the shop's other till, whose own journal a test does not need.
 */
export function otherTerminalClient(sandbox: SandboxAddress, posId: string): InStoreClient {
  return createInStoreClient({
    settings: {
      environment: 'custom',
      customBaseUrl: sandbox.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId,
      country: DEMO_CREDENTIALS.country,
    },
    accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
  });
}
