import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { freePort, startTestSandbox, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { approveOnConsentPage } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { openTestContext, type TestContext } from '../payments/payment-test-context.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { createTokenizedAccess } from './client-access.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { EVERY_REQUEST_APPROVED } from './customer-service.test-helper.ts';
import { createCustomerModule, type CustomerModule } from './customer-module.ts';
import { ORDER_WEBHOOK_PATH } from './order-webhook-receiver.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The linked-customer settings for a real environment, over real sockets: the `custom` gateway address, and
// the order-outcome listener started on tokenized.webhookListenPort with tokenized.webhookUrl as the
// callbackUrl, restarted or stopped when the settings change.

let sandbox: RunningSandbox;
let dataDir: string;
let test: TestContext;
let module: CustomerModule | null = null;
const logs: string[] = [];

beforeEach(async () => {
  dataDir = tempFolder('wallet-pos-order-webhooks-');
  sandbox = await startTestSandbox({ webhookRetryBaseMs: 20 });
  test = await openTestContext({ dataDir, sandbox });
  logs.length = 0;
});

afterEach(async () => {
  await module?.close();
  module = null;
  await test.close();
  await sandbox.close();
  removeFolder(dataDir);
});

async function startModule(): Promise<CustomerModule> {
  module = await createCustomerModule({
    vault: new DevelopmentFileVault(join(dataDir, 'vault.development.json')),
    resolveDelaysMs: [20, 40, 80],
    log: (line) => logs.push(line),
  })(test.context, EVERY_REQUEST_APPROVED);
  return module;
}

async function post(port: number, body: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${ORDER_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

async function refused(port: number): Promise<boolean> {
  return post(port, '{}').then(
    () => false,
    () => true,
  );
}

const CUSTOM = { environment: 'custom', customBaseUrl: 'https://au.example.com/posi' } as const;

describe('custom environment', () => {
  it('sends linked-customer requests to tokenized.customBaseUrl, and says what is missing without it', async () => {
    await test.context.settings.save({
      settings: {
        ...CUSTOM,
        tokenized: { merchantId: 'MERCHANT_AU', callbackUrl: 'https://till.example.com/link/callback' },
      },
      secrets: { tokenizedMerchantSecret: 'TK_au_secret' },
    });
    const access = createTokenizedAccess(test.context, {});
    try {
      const missing = await access.connection().then(
        () => null,
        (error: unknown) => error,
      );
      expect(missing).toBeInstanceOf(PosError);
      expect(missing).toMatchObject({
        code: 'settings.invalid',
        message: expect.stringMatching(/merchant gateway address/),
      });

      await test.context.settings.save({
        settings: { tokenized: { customBaseUrl: 'https://gateway.example.com/merchant/' } },
      });
      const connection = await access.connection();
      expect(connection.client.profile).toMatchObject({
        environment: 'custom',
        baseUrl: 'https://gateway.example.com/merchant',
        idempotencyHeader: 'X-ShopBack-Idempotent-Id',
      });
      expect(connection).toMatchObject({ merchantId: 'MERCHANT_AU', demo: false });

      // A published environment ignores the custom address.
      await test.context.settings.save({ settings: { environment: 'sg-production' } });
      expect((await access.connection()).client.profile.baseUrl).toBe(
        'https://prod-merchant-service.hoolah.co/merchant',
      );
    } finally {
      access.close();
    }
  });
});

describe('order webhook listener from the settings', () => {
  it('port 0: no listener, and only the public URL (when set) goes out as callbackUrl', async () => {
    await test.context.settings.save({ settings: CUSTOM });
    const started = await startModule();
    expect(started.orderWebhookUrl()).toBeNull();
    await test.context.settings.save({
      settings: { tokenized: { webhookUrl: 'https://till.example.com/hooks/orders' } },
    });
    expect(started.orderWebhookUrl()).toBe('https://till.example.com/hooks/orders');
  });

  it('listens on tokenized.webhookListenPort: unknown orders answered 200 and ignored, malformed refused; stops when the port goes back to 0', async () => {
    const port = await freePort();
    await test.context.settings.save({
      settings: {
        ...CUSTOM,
        tokenized: { webhookUrl: 'https://till.example.com/hooks/orders', webhookListenPort: port },
      },
    });
    const started = await startModule();
    expect(started.orderWebhookUrl()).toBe('https://till.example.com/hooks/orders');

    const unknownOrder = randomUUID();
    expect(await post(port, JSON.stringify({ order_uuid: unknownOrder, order_status: 'SUCCESS' }))).toBe(200);
    await waitFor(() =>
      logs.some((line) => line === `order webhook for unknown order ${unknownOrder} ignored`) ? true : undefined,
    );
    expect(await post(port, '{nope')).toBe(400);
    expect(await post(port, JSON.stringify({ order_status: 'SUCCESS' }))).toBe(400);

    await test.context.settings.save({ settings: { tokenized: { webhookListenPort: 0 } } });
    await waitFor(async () => ((await refused(port)) ? true : undefined));
    expect(started.orderWebhookUrl()).toBe('https://till.example.com/hooks/orders');
  });

  it('a listener started by a settings change hands a known order on to the service (noted as a hint)', async () => {
    // A real charge in demo mode, confirmed by the sandbox's own webhook, so the journal knows its order_uuid.
    const started = await startModule();
    const h = started.handlers;
    const link = await h['customers.startLink']({ merchantUserId: 'cust-hook', phoneHint: '+65 9123 4567' });
    const request = started.consentRequest(link.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    await h['customers.completeLink']({ linkToken: link.linkToken, redirectedTo: location.toString() });
    const charge = await h['customers.charge']({
      merchantUserId: 'cust-hook',
      amountMinor: 1299,
      currency: 'SGD',
      useCashback: false,
    });
    const noted = (journal: ReturnType<typeof openCustomerJournal>) =>
      journal.eventsOf(charge.merchantRef).filter((e) => e.summary.startsWith('order webhook SUCCESS (a hint')).length;
    const before = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    await waitFor(() => (noted(before) === 1 ? true : undefined));
    before.close();
    const demoUrl = started.orderWebhookUrl()!;
    expect(new URL(demoUrl).hostname).toBe('127.0.0.1');

    const port = await freePort();
    await test.context.settings.save({
      settings: {
        ...CUSTOM,
        tokenized: { webhookUrl: 'https://till.example.com/hooks/orders', webhookListenPort: port },
      },
    });
    await waitFor(async () => ((await refused(Number(new URL(demoUrl).port))) ? true : undefined));
    expect(started.orderWebhookUrl()).toBe('https://till.example.com/hooks/orders');
    await waitFor(async () => ((await refused(port)) ? undefined : true));

    expect(
      await post(
        port,
        JSON.stringify({
          order_uuid: charge.orderUuid,
          order_status: 'SUCCESS',
          order_context_token: null,
          cart_id: null,
        }),
      ),
    ).toBe(200);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    try {
      await waitFor(() => (noted(journal) === 2 ? true : undefined));
    } finally {
      journal.close();
    }
  });
});
