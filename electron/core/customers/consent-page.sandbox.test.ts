import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { startTestSandbox } from '../../sandbox/sandbox.test-helper.ts';
import { openTestContext, type TestContext } from '../payments/payment-test-context.test-helper.ts';
import { caught, removeFolder, tempFolder } from '../../testing/helpers.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { EVERY_REQUEST_APPROVED } from './customer-service.test-helper.ts';
import { createCustomerModule, type CustomerModule } from './customer-module.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';

// The attack: the link-session answer names a consent page somewhere else (here: the sandbox announces
// another loopback origin, where a recording server stands in for an attacker's page). The till must not
// hand out that page, so neither the consent window nor the broker ever sends it the customer's app token.

let dataDir: string;
let sandbox: RunningSandbox;
let elsewhere: Server;
const seenElsewhere: IncomingMessage[] = [];
let test: TestContext;
let module: CustomerModule;

beforeAll(async () => {
  dataDir = tempFolder('wallet-pos-consent-page-');
  elsewhere = createServer((request, response) => {
    seenElsewhere.push(request);
    response.end('<form>an attacker’s look-alike consent page</form>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const elsewherePort = (elsewhere.address() as AddressInfo).port;
  sandbox = await startTestSandbox({ publicOrigin: `http://127.0.0.1:${elsewherePort}` });
  test = await openTestContext({ dataDir, sandbox });
  module = await createCustomerModule({
    vault: new DevelopmentFileVault(join(dataDir, 'vault.development.json')),
  })(test.context, EVERY_REQUEST_APPROVED);
});

afterAll(async () => {
  await module?.close();
  await test?.close();
  await sandbox?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
  removeFolder(dataDir);
});

describe('a consent page the environment does not serve', () => {
  it('is refused at link start with the address named, the session closed, and nothing sent to it', async () => {
    const error = await caught(
      module.handlers['customers.startLink']({ merchantUserId: 'cust-lure', phoneHint: '+65 9123 4567' }),
    );
    expect(error.code).toBe('link.failed');
    expect(error.notice).toEqual({
      key: 'link.consent-untrusted',
      params: { address: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}` },
    });
    expect(error.details).toMatchObject({ reason: 'unexpected-host' });

    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir), now: () => Date.now() });
    const [session] = journal.unfinishedLinkSessions();
    journal.close();
    // Closed, not left open for a poll to complete.
    expect(session).toBeUndefined();
    expect(seenElsewhere).toHaveLength(0);
  });
});
