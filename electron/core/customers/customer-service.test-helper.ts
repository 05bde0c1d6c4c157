import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { CustomerHandlers, LinkedCustomerDetail } from '../../../shared/customers.ts';
import { notice } from '../../../shared/notices.ts';
import type { CoreContext } from '../core-context.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { controlCall, startTestSandbox } from '../../sandbox/sandbox.test-helper.ts';
import { approveOnConsentPage } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { openTestContext } from '../payments/payment-test-context.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import type { StaffAccess } from '../staff/staff-access.ts';
import type { ApprovalGate } from './approvals.ts';
import { createCustomerModule, type CustomerModule, type CustomerModuleOptions } from './customer-module.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// What the linked-customer service's sandbox tests share: the embedded sandbox over real sockets, a real
// SQLite journal and a development vault in a temp folder (fresh for each test), the service started on them,
// a customer linked through the consent page, and the sandbox's own records (the provider's truth).

/**
 * The service's own tests charge and capture without asking the customer: the approval questions are the
 * core's (approvals.ts, tested through core.test.ts); approval-gate.sandbox.test.ts shows the service asks.
 */
export const EVERY_REQUEST_APPROVED: ApprovalGate = { consume: () => null };

export let sandbox: RunningSandbox;
export let dataDir: string;
let running: {
  module: CustomerModule;
  context: CoreContext;
  h: CustomerHandlers;
  updates: LinkedCustomerDetail[];
  close: () => Promise<void>;
} | null = null;

/** Call once at the top of a test file: a fresh sandbox and data folder for each test, closed after it. */
export function setUpCustomerServiceTests(): void {
  beforeEach(async () => {
    dataDir = tempFolder('wallet-pos-customers-');
    sandbox = await startTestSandbox({ webhookRetryBaseMs: 20 });
  });

  afterEach(async () => {
    await stopService();
    await sandbox.close();
    removeFolder(dataDir);
  });
}

/** Closes the running service (a till that stops), keeping the journal file for the next start. */
export async function stopService(): Promise<void> {
  await running?.close();
  running = null;
}

/**
 * Starts the service on this test's sandbox and folder (closing the one running, like a restart). `staff`: who is
 * at the till (default: as before staff, nobody signs in and every right is open).
 */
export async function start(
  overrides: Partial<CustomerModuleOptions> = {},
  approvals: ApprovalGate = EVERY_REQUEST_APPROVED,
  staff?: StaffAccess,
): Promise<NonNullable<typeof running>> {
  await running?.close();
  const updates: LinkedCustomerDetail[] = [];
  const test = await openTestContext({
    dataDir,
    sandbox,
    onEvent: (event, payload) => {
      if (event === 'customers.updated') updates.push(payload as LinkedCustomerDetail);
    },
  });
  const context: CoreContext = staff ? { ...test.context, staff } : test.context;
  const module = await createCustomerModule({
    vault: new DevelopmentFileVault(join(dataDir, 'vault.development.json')),
    resolveDelaysMs: [20, 40, 80],
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    ...overrides,
  })(context, approvals);
  running = {
    module,
    context,
    h: module.handlers,
    updates,
    close: async () => {
      await module.close();
      await test.close();
    },
  };
  return running;
}

export async function linked(
  h: CustomerHandlers,
  module: CustomerModule,
  merchantUserId = `cust-${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const started = await h['customers.startLink']({ merchantUserId, phoneHint: '+65 9123 4567' });
  const request = module.consentRequest(started.linkToken);
  const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
  const customer = await h['customers.completeLink']({
    linkToken: started.linkToken,
    redirectedTo: location.toString(),
  });
  expect(customer.status).toBe('linked');
  return merchantUserId;
}

/**
 * What a till that stopped mid-send leaves behind: a hold or charge recorded (its key journalled) and marked
 * checking, whose request never reached the provider. `ageMs`: how long before the real now it was sent.
 */
export function leaveUnansweredCreate(
  kind: 'hold' | 'charge',
  merchantUserId: string,
  merchantRef: string,
  ageMs = 0,
): string {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir), now: () => Date.now() - ageMs });
  const idempotencyKey = randomUUID();
  journal.recordAttempt({
    merchantRef,
    kind,
    merchantUserId,
    merchantId: 'MERCHANT_DEMO',
    amountMinor: 640,
    currency: 'SGD',
    useCashback: false,
    idempotencyKey,
    localDay: '2026-01-01',
  });
  journal.updateAttempt(merchantRef, {
    state: 'checking',
    unresolvedReason: notice('payments.error', { error: { code: 'network.timeout' } }),
  });
  journal.close();
  return idempotencyKey;
}

export const truth = async (what: 'pre-auths' | 'charges' | 'tokens') => {
  const body = (await controlCall(sandbox, 'GET', `/tokenized/${what}`)).body;
  return (body.preAuths ?? body.charges ?? body.tokens) as Record<string, unknown>[];
};
