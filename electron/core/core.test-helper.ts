import { join } from 'node:path';
import type { Caller } from '../../shared/caller.ts';
import type { Core, CoreEvent } from './core-api.ts';
import { createCore } from './core.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';
import { removeFolder, sleep, tempFolder } from '../testing/helpers.ts';

// TESTS ONLY: the composed core of core*.test.ts in demo mode on a fresh data folder. Each test file closes what
// it opened with afterEach(closeOpenedCores).

/** A call as a transport passes it on from the customer display's window or token, and from the cashier's. */
export const ON_DISPLAY: Caller = { role: 'customer-display' };
export const AT_TILL: Caller = { role: 'cashier' };

/** The cores open in this test, with their data folders; a test that makes one itself adds it here. */
export const opened: Array<{ core: Core; dir: string }> = [];

export async function openCore(dir = tempFolder('core-')): Promise<{ core: Core; events: CoreEvent[]; dir: string }> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
  });
  opened.push({ core, dir });
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return { core, events, dir };
}

/** Closes every core the test opened and removes its data folder. */
export async function closeOpenedCores(): Promise<void> {
  for (const { core, dir } of opened.splice(0)) {
    await core.close();
    removeFolder(dir);
  }
}

/** A real payment through the embedded sandbox: the customer shows an approving wallet code; its reference once paid. */
export async function paidPayment(core: Core, note?: string): Promise<string> {
  const { sandboxBaseUrl } = await core.handlers['app.info']({});
  const minted = await fetch(`${sandboxBaseUrl}/_sandbox/consumer-codes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ behaviour: 'approve' }),
  });
  const [code] = ((await minted.json()) as { codes: string[] }).codes;
  const charged = await core.handlers['payments.chargeCustomerQr']({
    amountMinor: 1234,
    currency: 'SGD',
    consumerCode: code!,
    ...(note === undefined ? {} : { note }),
  });
  const until = Date.now() + 5_000;
  while ((await core.handlers['payments.get']({ referenceId: charged.referenceId })).payment.displayStatus !== 'paid') {
    if (Date.now() > until) throw new Error('payment did not settle');
    await sleep(50);
  }
  return charged.referenceId;
}
